// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "SourceRange.h"

#include <QStringList>

namespace tileport::frontend {

// A for/while/if (elif arms are their own items) inside a kernel or helper.
struct ControlFlowItem {
    QString kind;      // "for", "while", "if", "elif"
    QString header;    // for: "k in range(k_tiles)"; while/if: the condition
    bool constantOnly = false; // the condition/range reads only constants and dtypes
    QStringList dependsOn;     // the names it reads (constants, params, dtype-of params)
    bool staticIter = false;   // for ... in ct.static_iter(...)
    int depth = 0;             // nesting level inside the function
    QString function;
    SourceRange range;
};

} // namespace tileport::frontend
