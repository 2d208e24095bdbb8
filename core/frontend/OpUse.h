// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "SourceRange.h"

#include <QList>

namespace tileport::frontend {

// One use of a cuTile operation: a call `ct.xxx(...)` (resolved through the
// module's imports) or a method of a cuTile value (`tile.astype(...)`).
struct OpUse {
    struct Argument {
        QString keyword; // empty for a positional argument
        QString text;
        SourceRange range;
    };

    QString name;      // "load", "mma", "astype", ...
    QString qualified; // "cuda.tile.load"; for a method ".astype"
    QString callee;    // the callee as written: "ct.load", "tile.astype"
    QString category;  // see CuTileApi: memory, math, reduce, mma, shape, ...
    bool method = false;
    QString receiver;  // for a method: the object it is called on
    QString function;  // the kernel or helper the call is in
    QList<Argument> arguments;
    SourceRange range;
};

} // namespace tileport::frontend
