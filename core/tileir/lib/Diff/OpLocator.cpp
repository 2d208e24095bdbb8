// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "tileport/TileIR/Diff/OpLocator.h"

#include "tileport/TileIR/Diff/Functions.h"
#include "tileport/TileIR/Diff/OpTable.h"

#include <mlir/IR/BuiltinOps.h>

namespace tileport::tileir::diff {

namespace {

mlir::Operation *enclosingFunction(mlir::Operation *op)
{
    for (mlir::Operation *p = op->getParentOp(); p; p = p->getParentOp())
        if (isFunction(p))
            return p;
    return nullptr;
}

bool isModuleLike(mlir::Operation *op)
{
    return llvm::isa<mlir::ModuleOp>(op) || (lookupOp(op) && lookupOp(op)->has(ModuleOp));
}

} // namespace

OpLocator::OpLocator(mlir::Operation *moduleRoot)
{
    for (const FunctionUnit &fn : collectFunctions(moduleRoot))
        numbering_.numberFunction(fn.op);
}

uint32_t OpLocator::indexInBlock(mlir::Operation *op)
{
    mlir::Block *block = op->getBlock();
    auto &slot = positions_[block];
    if (!slot) {
        slot = std::make_unique<llvm::DenseMap<mlir::Operation *, uint32_t>>();
        uint32_t i = 0;
        for (mlir::Operation &o : *block)
            (*slot)[&o] = i++;
    }
    return slot->lookup(op);
}

std::string OpLocator::functionName(mlir::Operation *op)
{
    if (isFunction(op))
        return symbolName(op);
    mlir::Operation *fn = enclosingFunction(op);
    return fn ? symbolName(fn) : std::string();
}

std::string OpLocator::path(mlir::Operation *op)
{
    if (isFunction(op))
        return "@" + symbolName(op);
    std::vector<std::string> steps;
    mlir::Operation *cur = op;
    while (cur && cur->getBlock()) {
        std::string step = std::to_string(indexInBlock(cur));
        mlir::Operation *parent = cur->getParentOp();
        if (!parent || isFunction(parent) || isModuleLike(parent)) {
            steps.push_back(step);
            cur = parent;
            break;
        }
        mlir::Region *region = cur->getParentRegion();
        std::string regionStep = "r" + std::to_string(region->getRegionNumber());
        unsigned blockIndex = 0;
        for (mlir::Block &b : *region) {
            if (&b == cur->getBlock())
                break;
            ++blockIndex;
        }
        if (blockIndex)
            regionStep += "b" + std::to_string(blockIndex);
        steps.push_back(step);
        steps.push_back(regionStep);
        cur = parent;
    }
    std::string out = cur && isFunction(cur) ? "@" + symbolName(cur) : std::string();
    for (auto it = steps.rbegin(); it != steps.rend(); ++it)
        out += "/" + *it;
    return out;
}

OpRef OpLocator::describe(mlir::Operation *op)
{
    return describe(op, path(op));
}

OpRef OpLocator::describe(mlir::Operation *op, std::string path)
{
    OpRef ref;
    ref.op = mnemonicOf(op).str();
    ref.function = functionName(op);
    ref.path = std::move(path);
    if (op->getNumResults() > 0)
        ref.value = numbering_.name(op->getResult(0));
    ref.loc = SourceLoc::of(op->getLoc());
    return ref;
}

} // namespace tileport::tileir::diff
