// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <QHash>
#include <QStringList>

namespace tileport::triton {

// A host launch `kernel[grid](args...)`.
struct TritonLaunch {
    QString kernel;
    QString grid;
    QStringList args; // positional and keyword, as written
    QString function; // the enclosing host function
    // Kernel parameter -> the host tensor its TensorDescriptor wraps.
    QHash<QString, QString> descriptorTensors;
    int line = 0, col = 0;
};

} // namespace tileport::triton
