// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// The resolve-dtypes pass (KirPasses.h).

#include "tileport/Kir/DtypeSolver.h"
#include "tileport/Kir/KirOps.h"
#include "tileport/Kir/KirPasses.h"

#include <llvm/ADT/TypeSwitch.h>
#include <mlir/Pass/PassManager.h>
#include <mlir/IR/Verifier.h>
#include <mlir/Pass/PassRegistry.h>

using namespace mlir;

namespace tileport::kir {

namespace {

// The element types an op requires to be one.
SmallVector<Type> tiedElements(Operation *op)
{
    SmallVector<Type> out;
    llvm::TypeSwitch<Operation *>(op)
        .Case<AddOp, SubOp, MulOp, DivOp, CeilDivOp, NegOp, FmaOp, MathOp, MaximumOp, MinimumOp, FloorDivOp, AndOp, OrOp, XorOp,
              ShlOp, ShrOp, RemOp>([&](Operation *o) {
            for (Value v : o->getOperands())
                out.push_back(elementTypeOf(v.getType()));
            out.push_back(elementTypeOf(o->getResult(0).getType()));
        })
        .Case<LoadOp>([&](LoadOp o) {
            out = {elementTypeOf(o.getArray().getType()), elementTypeOf(o.getResult().getType())};
        })
        .Case<StoreOp>([&](StoreOp o) {
            out = {elementTypeOf(o.getArray().getType()), elementTypeOf(o.getTile().getType())};
        })
        .Case<MmaOp>([&](MmaOp o) {
            // The operands share one type; the accumulator and result another.
            out = {elementTypeOf(o.getA().getType()), elementTypeOf(o.getB().getType()),
                   elementTypeOf(o.getAcc().getType()), elementTypeOf(o.getResult().getType())};
        })
        .Case<ReduceOp, ReshapeOp, TransposeOp, ScalarToTileOp, TileToScalarOp>([&](Operation *o) {
            out = {elementTypeOf(o->getOperand(0).getType()), elementTypeOf(o->getResult(0).getType())};
        })
        .Case<CmpOp>([&](CmpOp o) {
            out = {elementTypeOf(o.getLhs().getType()), elementTypeOf(o.getRhs().getType())};
        })
        .Case<SelectOp>([&](SelectOp o) {
            out = {elementTypeOf(o.getLhs().getType()), elementTypeOf(o.getRhs().getType()), elementTypeOf(o.getResult().getType())};
        })
        .Case<RebindOp>([&](RebindOp o) {
            out = {elementTypeOf(o.getInput().getType()), elementTypeOf(o.getResult().getType())};
        })
        .Case<ForOp>([&](ForOp o) {
            // Each carried value is one type across init, body argument,
            // yield and result; tied pairwise through the init.
            auto yield = cast<YieldOp>(o.getBodyBlock()->getTerminator());
            for (unsigned i = 0; i < o.getInits().size(); ++i)
                for (Type t : {o.getCarriedArg(i).getType(), yield.getValues()[i].getType(), o.getResult(i).getType()}) {
                    out.push_back(elementTypeOf(o.getInits()[i].getType()));
                    out.push_back(elementTypeOf(t));
                }
        })
        .Case<BroadcastOp>([&](BroadcastOp o) {
            out = {elementTypeOf(o.getInput().getType()), elementTypeOf(o.getResult().getType())};
        });
    return out;
}

struct ResolveDtypes : PassWrapper<ResolveDtypes, OperationPass<EntryOp>> {
    MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(ResolveDtypes)
    StringRef getArgument() const override { return "kir-resolve-dtypes"; }
    StringRef getDescription() const override { return "unify element-type variables and rewrite types"; }

    void runOnOperation() override
    {
        EntryOp entry = getOperation();
        DtypeSolver solver;
        WalkResult r = entry.walk([&](Operation *op) {
            SmallVector<Type> tied = tiedElements(op);
            const bool pairs = isa<ForOp, MmaOp>(op); // tied pairs; every other op: all one type
            for (size_t i = 1; i < tied.size(); i += pairs ? 2 : 1) {
                std::string why;
                if (!solver.unify(tied[pairs ? i - 1 : 0], tied[i], &why)) {
                    op->emitOpError() << why;
                    return WalkResult::interrupt();
                }
            }
            return WalkResult::advance();
        });
        if (r.wasInterrupted())
            return signalPassFailure();
        solver.apply(entry);
    }
};

} // namespace

std::unique_ptr<Pass> createResolveDtypesPass() { return std::make_unique<ResolveDtypes>(); }

void registerContractFmaPass();

void registerKirPasses()
{
    PassRegistration<ResolveDtypes>();
    registerContractFmaPass();
}

LogicalResult runPipeline(ModuleOp module)
{
    if (failed(mlir::verify(module)))
        return failure(); // what the lowering built
    PassManager pm(module.getContext());
    pm.enableVerifier(true);
    pm.addNestedPass<EntryOp>(createResolveDtypesPass());
    pm.addNestedPass<EntryOp>(createContractFmaPass());
    return pm.run(module);
}

} // namespace tileport::kir
