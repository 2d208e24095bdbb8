// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "tileport/TileIR/Diff/OpEffects.h"

#include "tileport/TileIR/Diff/OpTable.h"

#include <mlir/IR/OpDefinition.h>
#include <mlir/Interfaces/SideEffectInterfaces.h>

namespace tileport::tileir::diff {

namespace {

bool tablePure(mlir::Operation *op)
{
    const OpInfo *info = lookupOp(op);
    return info && info->has(Pure);
}

} // namespace

bool isCseCandidate(mlir::Operation *op)
{
    if (op->getNumRegions() != 0 || op->getNumResults() == 0)
        return false;
    if (op->isRegistered())
        return mlir::isMemoryEffectFree(op) && !op->hasTrait<mlir::OpTrait::IsTerminator>();
    return tablePure(op) && !lookupOp(op)->has(Terminator);
}

bool isRemovableWhenUnused(mlir::Operation *op)
{
    if (op->isRegistered())
        return mlir::wouldOpBeTriviallyDead(op);
    const OpInfo *info = lookupOp(op);
    if (!info)
        return false;
    if (info->has(Pure))
        return true;
    if (!info->has(Recursive))
        return false;
    const mlir::WalkResult r = op->walk([&](mlir::Operation *nested) {
        if (nested == op)
            return mlir::WalkResult::advance();
        if (nested->isRegistered() ? mlir::isMemoryEffectFree(nested) || nested->hasTrait<mlir::OpTrait::HasRecursiveMemoryEffects>()
                                   : (lookupOp(nested) && lookupOp(nested)->has(Pure)) ||
                                         (lookupOp(nested) && lookupOp(nested)->has(Recursive)))
            return mlir::WalkResult::advance();
        return mlir::WalkResult::interrupt();
    });
    return !r.wasInterrupted();
}

bool isConstantOp(mlir::Operation *op)
{
    if (op->isRegistered())
        return op->hasTrait<mlir::OpTrait::ConstantLike>();
    const OpInfo *info = lookupOp(op);
    return info && info->has(Constant);
}

} // namespace tileport::tileir::diff
