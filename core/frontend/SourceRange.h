// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <QString>

namespace tileport::frontend {

// A span of source text: 1-based lines, 1-based columns counted in
// characters (code points), end exclusive.
struct SourceRange {
    int line = 0;
    int col = 0;
    int endLine = 0;
    int endCol = 0;

    bool valid() const { return line > 0; }
    QString start() const { return QStringLiteral("%1:%2").arg(line).arg(col); }
    bool contains(const SourceRange &o) const
    {
        const auto before = [](int l1, int c1, int l2, int c2) { return l1 < l2 || (l1 == l2 && c1 <= c2); };
        return before(line, col, o.line, o.col) && before(o.endLine, o.endCol, endLine, endCol);
    }
};

} // namespace tileport::frontend
