// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "tileport/TileIR/Diff/CanonicalPasses.h"
#include "tileport/TileIR/Diff/Functions.h"
#include "tileport/TileIR/Diff/IrText.h"
#include "tileport/TileIR/Diff/OpAttributes.h"
#include "tileport/TileIR/Diff/OpEffects.h"

#include <llvm/ADT/StringMap.h>

#include <algorithm>

namespace tileport::tileir::diff {

namespace {

struct ConstantEntry {
    std::string type;
    std::string value;
    mlir::Operation *op;
};

class HoistConstantsPass : public mlir::PassWrapper<HoistConstantsPass, mlir::OperationPass<>>
{
public:
    MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(HoistConstantsPass)

    llvm::StringRef getArgument() const override { return "tileport-hoist-constants"; }
    llvm::StringRef getDescription() const override
    {
        return "Hoist, merge and sort the constants of each function";
    }

    void runOnOperation() override
    {
        TextCache texts;
        for (const FunctionUnit &fn : collectFunctions(getOperation()))
            hoist(fn.op, texts);
    }

private:
    static void hoist(mlir::Operation *fn, TextCache &texts)
    {
        if (fn->getNumRegions() == 0 || fn->getRegion(0).empty())
            return;
        mlir::Block &entry = fn->getRegion(0).front();
        // Pre-order is textual order: when equal constants are merged the
        // first written copy (and its location) is kept.
        llvm::SmallVector<mlir::Operation *> found;
        fn->walk<mlir::WalkOrder::PreOrder>([&](mlir::Operation *op) {
            if (op != fn && op->getNumResults() == 1 && op->getNumOperands() == 0 && isConstantOp(op))
                found.push_back(op);
        });

        llvm::StringMap<mlir::Operation *> byKey;
        std::vector<ConstantEntry> kept;
        for (mlir::Operation *op : found) {
            std::string value;
            for (const mlir::NamedAttribute &a : allAttributes(op))
                value += a.getName().str() + "=" + texts.attr(a.getValue()) + ";";
            const std::string &type = texts.type(op->getResult(0).getType());
            const std::string key = op->getName().getStringRef().str() + '\0' + type + '\0' + value;
            auto [it, inserted] = byKey.try_emplace(key, op);
            if (!inserted) {
                op->getResult(0).replaceAllUsesWith(it->second->getResult(0));
                op->erase();
                continue;
            }
            kept.push_back({type, std::move(value), op});
        }
        std::stable_sort(kept.begin(), kept.end(), [](const ConstantEntry &a, const ConstantEntry &b) {
            return std::tie(a.type, a.value) < std::tie(b.type, b.value);
        });
        mlir::Block::iterator pos = entry.begin();
        for (const ConstantEntry &c : kept) {
            if (pos != entry.end() && &*pos == c.op)
                ++pos;
            else
                c.op->moveBefore(&entry, pos);
        }
    }
};

} // namespace

std::unique_ptr<mlir::Pass> createHoistConstantsPass()
{
    return std::make_unique<HoistConstantsPass>();
}

} // namespace tileport::tileir::diff
