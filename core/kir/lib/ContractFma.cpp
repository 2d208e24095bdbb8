// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// The contract-fma pass (KirPasses.h).

#include "tileport/Kir/KirOps.h"
#include "tileport/Kir/KirPasses.h"

#include <mlir/IR/Builders.h>
#include <mlir/Pass/PassRegistry.h>

using namespace mlir;

namespace tileport::kir {

namespace {

bool contractsOn(Type t)
{
    auto tile = dyn_cast<TileType>(t);
    if (!tile)
        return false;
    const Type e = tile.getElementType();
    if (auto v = dyn_cast<VarType>(e))
        return !v.getScalar();
    return isa<FloatType>(e) && !e.isTF32();
}

// The mul that `v` holds. A Python name does not stop contraction: Python
// contracts its SSA IR, where names do not exist.
MulOp product(Value v) { return v.getDefiningOp<MulOp>(); }

void contract(Operation *sum)
{
    if (!contractsOn(sum->getResult(0).getType()))
        return;
    const bool subtract = isa<SubOp>(sum);
    Value lhs = sum->getOperand(0), rhs = sum->getOperand(1);
    MulOp mul;
    bool productOnLeft = false;
    if (auto left = lhs.getDefiningOp<MulOp>()) {
        if (!left->hasOneUse())
            return; // Python tries the left product first and stops there
        mul = left;
        productOnLeft = true;
    } else if (auto right = product(rhs); right && right->hasOneUse()) {
        mul = right;
    } else {
        return;
    }
    OpBuilder b(sum);
    Value a = mul.getLhs(), x = mul.getRhs(), c = productOnLeft ? rhs : lhs;
    if (subtract && productOnLeft)
        c = NegOp::create(b, sum->getLoc(), c.getType(), c);
    else if (subtract)
        a = NegOp::create(b, sum->getLoc(), a.getType(), a);
    auto fma = FmaOp::create(b, sum->getLoc(), sum->getResult(0).getType(), a, x, c);
    if (auto name = sum->getAttr("kir.name"))
        fma->setAttr("kir.name", name);
    sum->getResult(0).replaceAllUsesWith(fma.getResult());
    sum->erase();
    mul->erase();
}

struct ContractFma : PassWrapper<ContractFma, OperationPass<EntryOp>> {
    MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(ContractFma)
    StringRef getArgument() const override { return "kir-contract-fma"; }
    StringRef getDescription() const override { return "contract a * b + c on float tiles into one fma"; }

    void runOnOperation() override
    {
        SmallVector<Operation *> sums;
        getOperation().walk([&](Operation *op) {
            if (isa<AddOp, SubOp>(op))
                sums.push_back(op);
        });
        for (Operation *sum : sums)
            contract(sum);
    }
};

} // namespace

std::unique_ptr<Pass> createContractFmaPass() { return std::make_unique<ContractFma>(); }

void registerContractFmaPass() { PassRegistration<ContractFma>(); }

} // namespace tileport::kir
