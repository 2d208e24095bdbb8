// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "tileport/TileIR/Diff/ValueNumbering.h"

namespace tileport::tileir::diff {

namespace {

constexpr uint32_t kArgBit = 1u << 31;

} // namespace

void ValueNumbering::numberFunction(mlir::Operation *function)
{
    uint32_t nextResult = 0;
    uint32_t nextArg = 0;
    auto numberBlockArgs = [&](mlir::Block &block) {
        for (mlir::BlockArgument arg : block.getArguments())
            ids_[arg] = kArgBit | nextArg++;
    };
    for (mlir::Region &region : function->getRegions())
        for (mlir::Block &block : region)
            numberBlockArgs(block);
    // Pre-order: an op's results are named before the values of its regions,
    // which is the order the printer shows them in.
    function->walk<mlir::WalkOrder::PreOrder>([&](mlir::Operation *op) {
        if (op == function)
            return;
        if (op->getNumResults() > 0) {
            const uint32_t id = nextResult++;
            for (mlir::Value r : op->getResults())
                ids_[r] = id; // results of one op share a name: %v3#1
        }
        for (mlir::Region &region : op->getRegions())
            for (mlir::Block &block : region)
                numberBlockArgs(block);
    });
}

std::string ValueNumbering::prefix(mlir::Value v) const
{
    auto it = ids_.find(v);
    if (it == ids_.end())
        return "?";
    if (it->second & kArgBit)
        return "arg" + std::to_string(it->second & ~kArgBit);
    return "v" + std::to_string(it->second);
}

std::string ValueNumbering::name(mlir::Value v) const
{
    std::string n = "%" + prefix(v);
    if (auto r = llvm::dyn_cast<mlir::OpResult>(v); r && r.getOwner()->getNumResults() > 1 && ids_.count(v))
        n += "#" + std::to_string(r.getResultNumber());
    return n;
}

} // namespace tileport::tileir::diff
