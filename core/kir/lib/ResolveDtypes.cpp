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

// The pairs of element types an op requires to be one.
SmallVector<std::pair<Type, Type>> tiedElements(Operation *op)
{
    SmallVector<std::pair<Type, Type>> out;
    const auto tie = [&](Value a, Value b) { out.emplace_back(elementTypeOf(a.getType()), elementTypeOf(b.getType())); };
    llvm::TypeSwitch<Operation *>(op)
        // Element-wise: every operand has the result's element type.
        .Case<AddOp, SubOp, MulOp, DivOp, DivfOp, AddfOp, SubfOp, MulfOp, PowOp, Atan2Op, CeilDivOp, NegOp, FmaOp, MathOp, MaximumOp, MinimumOp, FloorDivOp, AndOp, OrOp, XorOp,
              ShlOp, ShrOp, RemOp, ReduceOp, ReshapeOp, CatOp, TransposeOp, PermuteOp, ScanSumOp, AssumeDivByOp, ScalarToTileOp, TileToScalarOp, BroadcastOp, RebindOp>(
            [&](Operation *o) {
                for (Value v : o->getOperands())
                    tie(v, o->getResult(0));
            })
        .Case<LoadOp>([&](LoadOp o) { tie(o.getArray(), o.getResult()); })
        .Case<ExtractOp>([&](ExtractOp o) { tie(o.getInput(), o.getResult()); })
        .Case<ListItemOp>([&](ListItemOp o) { tie(o.getList(), o.getResult()); })
        .Case<LoadPtrOp>([&](LoadPtrOp o) { tie(o.getArray(), o.getResult()); })
        .Case<StorePtrOp>([&](StorePtrOp o) { tie(o.getArray(), o.getValue()); })
        .Case<AtomicCasOp>([&](AtomicCasOp o) {
            tie(o.getArray(), o.getValue());
            tie(o.getValue(), o.getExpected());
            tie(o.getValue(), o.getResult());
        })
        .Case<AtomicRmwOp>([&](AtomicRmwOp o) {
            tie(o.getArray(), o.getValue());
            tie(o.getValue(), o.getResult());
        })
        .Case<StoreOp>([&](StoreOp o) { tie(o.getArray(), o.getTile()); })
        .Case<CmpOp>([&](CmpOp o) { tie(o.getLhs(), o.getRhs()); })
        .Case<ChooseOp>([&](ChooseOp o) {
            tie(o.getLhs(), o.getResult());
            tie(o.getRhs(), o.getResult());
        })
        .Case<SelectOp>([&](SelectOp o) {
            tie(o.getLhs(), o.getResult());
            tie(o.getRhs(), o.getResult());
        })
        // The operands share one type; the accumulator and result another.
        .Case<MmaOp>([&](MmaOp o) {
            tie(o.getA(), o.getB());
            tie(o.getAcc(), o.getResult());
        })
        .Case<MmaScaledOp>([&](MmaScaledOp o) {
            tie(o.getA(), o.getB());
            tie(o.getAScale(), o.getBScale());
            tie(o.getAcc(), o.getResult());
        })
        // A carried value is one type across init, body argument, yield and result.
        .Case<IfOp>([&](IfOp o) {
            for (unsigned i = 0; i < o.getInits().size(); ++i)
                tie(o.getInits()[i], o.getResult(i));
            for (Block *arm : {o.thenBlock(), o.elseBlock()}) {
                auto yield = cast<YieldOp>(arm->getTerminator());
                for (unsigned i = 0; i < o.getNumResults(); ++i)
                    tie(yield.getValues()[i], o.getResult(i));
            }
        })
        .Case<WhileOp>([&](WhileOp o) {
            auto yield = cast<YieldOp>(o.bodyBlock()->getTerminator());
            for (unsigned i = 0; i < o.getInits().size(); ++i) {
                tie(o.getInits()[i], o.condBlock()->getArgument(i));
                tie(o.getInits()[i], o.bodyBlock()->getArgument(i));
                tie(o.getInits()[i], yield.getValues()[i]);
                tie(o.getInits()[i], o.getResult(i));
            }
        })
        .Case<ForOp>([&](ForOp o) {
            auto yield = cast<YieldOp>(o.getBodyBlock()->getTerminator());
            for (unsigned i = 0; i < o.getInits().size(); ++i) {
                tie(o.getInits()[i], o.getCarriedArg(i));
                tie(o.getInits()[i], yield.getValues()[i]);
                tie(o.getInits()[i], o.getResult(i));
            }
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
            for (const auto &[a, b] : tiedElements(op)) {
                std::string why;
                if (!solver.unify(a, b, &why)) {
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
void registerSplitLoopsPass();

void registerKirPasses()
{
    PassRegistration<ResolveDtypes>();
    registerSplitLoopsPass();
    registerContractFmaPass();
}

LogicalResult runPipeline(ModuleOp module)
{
    if (failed(mlir::verify(module)))
        return failure(); // what the lowering built
    PassManager pm(module.getContext());
    pm.enableVerifier(true);
    pm.addNestedPass<EntryOp>(createResolveDtypesPass());
    pm.addNestedPass<EntryOp>(createSplitLoopsPass());
    pm.addNestedPass<EntryOp>(createContractFmaPass());
    return pm.run(module);
}

} // namespace tileport::kir
