// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <QString>

namespace tileport::rust {

// A construct the generator refuses to lower (it never emits Rust it cannot
// vouch for). Printed as `file:line:col: error: <construct>: <reason>`.
struct TranslationDiagnostic {
    QString file;
    int line = 0;
    int col = 0;
    QString kernel;
    QString construct;
    QString reason;

    QString toString() const
    {
        return QStringLiteral("%1:%2:%3: error: %4: %5").arg(file).arg(line).arg(col).arg(construct, reason);
    }
};

} // namespace tileport::rust
