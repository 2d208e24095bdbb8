// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <mlir/IR/Operation.h>
#include <mlir/IR/Value.h>

#include <llvm/ADT/DenseMap.h>

#include <string>

namespace tileport::tileir::diff {

// Canonical SSA names: per function, in definition order (pre-order over
// nested regions), op results are %v0, %v1, ... and block arguments %arg0,
// %arg1, ... (the function's own arguments first). Printer-invented names
// in the input (%cst_0_i32, %tview, ...) play no part.
class ValueNumbering
{
public:
    // Numbers every value defined in the function's regions; the results of
    // `function` itself are not numbered.
    void numberFunction(mlir::Operation *function);

    // "%v3" / "%arg1", or "%?" for a value outside the numbered functions.
    std::string name(mlir::Value v) const;
    // The bare prefix without '%' ("v3"), as used for NameLoc renaming.
    std::string prefix(mlir::Value v) const;

private:
    llvm::DenseMap<mlir::Value, uint32_t> ids_; // top bit set for block arguments
};

} // namespace tileport::tileir::diff
