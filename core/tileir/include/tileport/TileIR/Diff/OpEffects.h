// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <mlir/IR/Operation.h>

namespace tileport::tileir::diff {

// Side-effect queries that answer for registered ops from MLIR's traits and
// interfaces, and for unregistered cuda_tile ops from OpTable.

// No memory effects and no regions: a candidate for CSE.
bool isCseCandidate(mlir::Operation *op);

// Could be erased if its results were unused (pure, or a region op whose
// nested ops are all removable, like MLIR's RecursiveMemoryEffects).
bool isRemovableWhenUnused(mlir::Operation *op);

// A literal: cuda_tile.constant or an op with MLIR's ConstantLike trait.
bool isConstantOp(mlir::Operation *op);

} // namespace tileport::tileir::diff
