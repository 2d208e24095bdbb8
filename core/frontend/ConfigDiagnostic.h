// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <QString>

namespace tileport::frontend {

// A problem found in a NAME.tileport.json sidecar.
struct ConfigDiagnostic {
    enum class Severity { Error, Warning };
    Severity severity = Severity::Error;
    int line = 1;
    int col = 1;
    QString message;
};

} // namespace tileport::frontend
