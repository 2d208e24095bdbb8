// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "SourceRange.h"

namespace tileport::frontend {

// A name the module binds to something imported, e.g. `ct` -> "cuda.tile"
// (import cuda.tile as ct) or `ConstInt` -> "cuda.tile.Constant[int]"
// (a module-level alias of a cuTile name).
struct ImportBinding {
    QString name;
    QString target;
    bool alias = false; // bound by an assignment, not an import statement
    SourceRange range;
};

} // namespace tileport::frontend
