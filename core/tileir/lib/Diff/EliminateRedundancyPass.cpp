// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "tileport/TileIR/Diff/CanonicalPasses.h"
#include "tileport/TileIR/Diff/OpEffects.h"

#include <mlir/IR/OperationSupport.h>

#include <llvm/ADT/DenseSet.h>
#include <llvm/ADT/ScopedHashTable.h>
#include <llvm/ADT/SetVector.h>
#include <llvm/Support/RecyclingAllocator.h>

namespace tileport::tileir::diff {

namespace {

// Structural equality of side-effect-free ops: name, operands (by identity),
// result types, attributes and properties; locations ignored. The hash is
// computed once per op and compared first, so probing rarely needs the full
// comparison.
struct OpKey {
    mlir::Operation *op = nullptr;
    unsigned hash = 0;
};

struct OpKeyInfo {
    static OpKey getEmptyKey() { return {llvm::DenseMapInfo<mlir::Operation *>::getEmptyKey(), 0}; }
    static OpKey getTombstoneKey() { return {llvm::DenseMapInfo<mlir::Operation *>::getTombstoneKey(), 0}; }
    static unsigned getHashValue(const OpKey &k) { return k.hash; }
    static bool isEqual(const OpKey &a, const OpKey &b)
    {
        if (a.op == b.op)
            return true;
        if (a.hash != b.hash || a.op == getEmptyKey().op || a.op == getTombstoneKey().op || b.op == getEmptyKey().op ||
            b.op == getTombstoneKey().op)
            return false;
        return mlir::OperationEquivalence::isEquivalentTo(a.op, b.op, mlir::OperationEquivalence::IgnoreLocations);
    }
};

OpKey keyOf(mlir::Operation *op)
{
    return {op, unsigned(mlir::OperationEquivalence::computeHash(op, mlir::OperationEquivalence::directHashValue,
                                                                 mlir::OperationEquivalence::ignoreHashValue,
                                                                 mlir::OperationEquivalence::IgnoreLocations))};
}

using ScopedOps = llvm::ScopedHashTable<OpKey, mlir::Operation *, OpKeyInfo,
                                        llvm::RecyclingAllocator<llvm::BumpPtrAllocator,
                                                                 llvm::ScopedHashTableVal<OpKey, mlir::Operation *>>>;

class EliminateRedundancyPass : public mlir::PassWrapper<EliminateRedundancyPass, mlir::OperationPass<>>
{
public:
    MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(EliminateRedundancyPass)

    llvm::StringRef getArgument() const override { return "tileport-eliminate-redundancy"; }
    llvm::StringRef getDescription() const override
    {
        return "CSE and dead-code removal of side-effect-free ops";
    }

    void runOnOperation() override
    {
        ScopedOps known;
        for (mlir::Region &region : getOperation()->getRegions())
            cse(region, known);
        for (mlir::Region &region : getOperation()->getRegions())
            eliminateDeadOps(region);
    }

private:
    // Values of an enclosing block dominate the ops of nested regions, so an
    // inner duplicate of an outer op is replaced by it; sibling blocks and
    // regions get their own scope.
    static void cse(mlir::Region &region, ScopedOps &known)
    {
        for (mlir::Block &block : region) {
            ScopedOps::ScopeTy scope(known);
            for (mlir::Operation &op : llvm::make_early_inc_range(block)) {
                if (isCseCandidate(&op)) {
                    const OpKey key = keyOf(&op);
                    if (mlir::Operation *existing = known.lookup(key)) {
                        op.replaceAllUsesWith(existing);
                        op.erase();
                        continue;
                    }
                    known.insert(key, &op);
                }
                for (mlir::Region &nested : op.getRegions())
                    cse(nested, known);
            }
        }
    }

    // Erases unused removable ops; erasing one may free the ops that fed it.
    static void eliminateDeadOps(mlir::Region &region)
    {
        llvm::SetVector<mlir::Operation *> worklist;
        region.walk([&](mlir::Operation *op) {
            if (op->use_empty() && op->getNumResults() > 0)
                worklist.insert(op);
        });
        // Nothing is allocated while this runs, so the address of an erased
        // op cannot come back as another op.
        llvm::DenseSet<mlir::Operation *> erased;
        while (!worklist.empty()) {
            mlir::Operation *op = worklist.pop_back_val();
            if (erased.contains(op) || !op->use_empty() || op->getNumResults() == 0 || !isRemovableWhenUnused(op))
                continue;
            llvm::SmallVector<mlir::Operation *> feeders;
            op->walk([&](mlir::Operation *nested) {
                for (mlir::Value v : nested->getOperands())
                    if (mlir::Operation *def = v.getDefiningOp(); def && !op->isAncestor(def))
                        feeders.push_back(def);
            });
            op->walk([&](mlir::Operation *nested) { erased.insert(nested); });
            op->erase();
            for (mlir::Operation *def : feeders)
                if (def->use_empty() && !erased.contains(def))
                    worklist.insert(def);
        }
    }
};

} // namespace

std::unique_ptr<mlir::Pass> createEliminateRedundancyPass()
{
    return std::make_unique<EliminateRedundancyPass>();
}

} // namespace tileport::tileir::diff
