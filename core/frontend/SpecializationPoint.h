// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "SourceRange.h"

#include <QStringList>

namespace tileport::frontend {

// Something the compiled kernel is specialized on: a dtype variable, a
// constant's value, a stride/shape/alignment assumption on an array, a
// divisibility hint on an integer scalar, a dtype-dependent branch, or a
// per-target option.
struct SpecializationPoint {
    QString kind;   // "dtype", "constant", "stride", "shape", "alignment", "scalar_divisibility", "dtype_branch", "target"
    QString name;
    QString detail;
    QStringList params; // the parameters involved
    SourceRange range;
};

} // namespace tileport::frontend
