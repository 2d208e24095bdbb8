// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "tileport/TileIR/Diff/DiffModel.h"
#include "tileport/TileIR/Diff/ValueNumbering.h"

#include <mlir/IR/Operation.h>

#include <llvm/ADT/DenseMap.h>

#include <memory>

namespace tileport::tileir::diff {

// Builds OpRefs (index path, canonical value name, source position) for ops
// of one module. Index paths read "@fn/4/r0/2": op 4 of the function body,
// its region 0, op 2 there ("b1" follows the region for a block other than
// the first). Ops outside functions are numbered from the module body: "/3".
class OpLocator
{
public:
    explicit OpLocator(mlir::Operation *moduleRoot);

    OpRef describe(mlir::Operation *op);
    // The same with a path the caller already knows.
    OpRef describe(mlir::Operation *op, std::string path);
    std::string path(mlir::Operation *op);
    std::string functionName(mlir::Operation *op);
    const ValueNumbering &numbering() const { return numbering_; }

private:
    uint32_t indexInBlock(mlir::Operation *op);

    ValueNumbering numbering_;
    // Positions are computed once per block on first use.
    llvm::DenseMap<mlir::Block *, std::unique_ptr<llvm::DenseMap<mlir::Operation *, uint32_t>>> positions_;
};

} // namespace tileport::tileir::diff
