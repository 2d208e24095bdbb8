// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "SourceRange.h"

namespace tileport::frontend {

// A place where the file is not valid Python (a tree-sitter ERROR or MISSING
// node, or a Python 2 statement the grammar still accepts).
struct SyntaxError {
    SourceRange range;
    QString message;
};

} // namespace tileport::frontend
