// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <mlir/IR/Operation.h>

#include <string>
#include <vector>

namespace tileport::tileir::diff {

// A kernel entry (cuda_tile.entry, or any op implementing
// FunctionOpInterface) and its symbol name.
struct FunctionUnit {
    std::string name;
    mlir::Operation *op = nullptr;
};

bool isFunction(mlir::Operation *op);

// The symbol name of a function-like or symbol op ("" when it has none).
std::string symbolName(mlir::Operation *op);

// Every function under `root`, in textual order (functions are not searched
// for nested functions).
std::vector<FunctionUnit> collectFunctions(mlir::Operation *root);

} // namespace tileport::tileir::diff
