// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "tileport/TileIR/Diff/SourceLoc.h"

#include <mlir/IR/BuiltinAttributes.h>

namespace tileport::tileir::diff {

std::string SourceLoc::str() const
{
    if (!known())
        return {};
    return file + ":" + std::to_string(line) + ":" + std::to_string(col);
}

SourceLoc SourceLoc::of(mlir::Location loc)
{
    SourceLoc out;
    // Location::walk visits nested locations in pre-order, which reaches a
    // CallSiteLoc's callee before its caller and a FusedLoc's parts in order.
    loc->walk([&](mlir::Location l) {
        if (auto flc = llvm::dyn_cast<mlir::FileLineColLoc>(l)) {
            out.file = flc.getFilename().str();
            out.line = flc.getLine();
            out.col = flc.getColumn();
            return mlir::WalkResult::interrupt();
        }
        return mlir::WalkResult::advance();
    });
    return out;
}

} // namespace tileport::tileir::diff
