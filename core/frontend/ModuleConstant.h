// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "ConstantValue.h"
#include "SourceRange.h"

namespace tileport::frontend {

// A module-level name bound to a compile-time int/float/bool value (a literal
// or a simple constant expression over literals and earlier constants).
struct ModuleConstant {
    QString name;
    ConstantValue value;
    QString expression; // the right-hand side as written
    bool reassigned = false; // bound more than once at module level; value is the last binding
    SourceRange range;
};

} // namespace tileport::frontend
