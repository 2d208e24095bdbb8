// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// The split-loops pass (KirPasses.h): cuTile Python's loop splitting, so
// that the port's Tile IR has the body twice where the reference does.

#include "tileport/Kir/KirOps.h"
#include "tileport/Kir/KirPasses.h"

#include <mlir/IR/Builders.h>
#include <mlir/IR/IRMapping.h>
#include <mlir/Interfaces/SideEffectInterfaces.h>
#include <mlir/Pass/PassRegistry.h>

using namespace mlir;

namespace tileport::kir {

namespace {

bool inside(Value v, Operation *op) { return op->isProperAncestor(v.getParentBlock()->getParentOp()) || v.getParentBlock()->getParentOp() == op; }

// A value the loop does not change: defined outside it, or by ops without
// regions or effects whose operands are such values.
bool invariant(Value v, ForOp loop)
{
    if (!inside(v, loop))
        return true;
    Operation *def = v.getDefiningOp();
    if (!def || def->getNumRegions() != 0 || !isPure(def))
        return false;
    return llvm::all_of(def->getOperands(), [&](Value o) { return invariant(o, loop); });
}

// A value a config decides: built from const generics and literals only.
bool constantsOnly(Value v)
{
    Operation *def = v.getDefiningOp();
    if (!def)
        return false;
    if (isa<ConstParamOp, ConstantOp>(def))
        return true;
    if (def->getNumRegions() != 0 || !isPure(def) || def->getNumOperands() == 0)
        return false;
    return llvm::all_of(def->getOperands(), constantsOnly);
}

// `v` as a value before `loop`: itself, or its defining ops cloned there.
Value hoist(Value v, ForOp loop, OpBuilder &b, IRMapping &map)
{
    if (!inside(v, loop))
        return v;
    if (Value done = map.lookupOrNull(v))
        return done;
    Operation *def = v.getDefiningOp();
    for (Value o : def->getOperands())
        hoist(o, loop, b, map);
    Operation *copy = b.clone(*def, map);
    copy->removeAttr("kir.name");
    return copy->getResult(cast<OpResult>(v).getResultNumber());
}

struct Split {
    IfOp branch;
    StringRef pred; // the loop variable OP bound
    Value bound;
    Value constant; // the `C` of `C and v OP b`, or null
};

// `v OP b` or `b OP v` with OP one of < <= > >=, normalised to `v OP b`.
bool comparison(Value c, ForOp loop, Split &out)
{
    auto cmp = c.getDefiningOp<CmpOp>();
    if (!cmp || isa<TileType>(cmp.getType()))
        return false;
    static const llvm::StringMap<StringRef> flipped{{"lt", "gt"}, {"le", "ge"}, {"gt", "lt"}, {"ge", "le"}};
    auto it = flipped.find(cmp.getPredicate());
    if (it == flipped.end())
        return false;
    const Value var = loop.getInductionVar();
    if (cmp.getLhs() == var && invariant(cmp.getRhs(), loop)) {
        out.pred = cmp.getPredicate();
        out.bound = cmp.getRhs();
    } else if (cmp.getRhs() == var && invariant(cmp.getLhs(), loop)) {
        out.pred = it->second;
        out.bound = cmp.getLhs();
    } else {
        return false;
    }
    return true;
}

// The one top-level `if` of a step-1 loop's body that Python splits on:
// `v OP b`, or that `and` a condition of constants. None when there is no
// such `if` or more than one, as Python then splits nothing.
std::optional<Split> splitOf(ForOp loop)
{
    if (Value step = loop.getStep()) {
        auto c = step.getDefiningOp<ConstantOp>();
        if (!c || cast<IntegerAttr>(c.getValue()).getInt() != 1)
            return std::nullopt;
    }
    std::optional<Split> found;
    int candidates = 0;
    for (Operation &op : *loop.getBodyBlock()) {
        auto branch = dyn_cast<IfOp>(op);
        if (!branch)
            continue;
        Split s;
        s.branch = branch;
        bool ok = comparison(branch.getCond(), loop, s);
        if (auto both = branch.getCond().getDefiningOp<LogicalAndOp>(); !ok && both) {
            if (comparison(both.getRhs(), loop, s) && constantsOnly(both.getLhs())) {
                s.constant = both.getLhs();
                ok = true;
            } else if (comparison(both.getLhs(), loop, s) && constantsOnly(both.getRhs())) {
                s.constant = both.getRhs();
                ok = true;
            }
        }
        if (ok) {
            ++candidates;
            found = s;
        }
    }
    if (candidates != 1)
        return std::nullopt;
    return found;
}

// The decided condition's ops, now unused.
void eraseDead(Value v)
{
    Operation *def = v.getDefiningOp();
    if (!def || !def->use_empty() || def->getNumRegions() != 0 || !isPure(def))
        return;
    SmallVector<Value> operands(def->getOperands());
    def->erase();
    for (Value o : operands)
        eraseDead(o);
}

// The copy of `branch` in a cloned loop replaced by one of its arms.
void decide(IfOp branch, bool thenArm)
{
    Block *arm = thenArm ? branch.thenBlock() : branch.elseBlock();
    auto yield = cast<YieldOp>(arm->getTerminator());
    for (auto [result, value] : llvm::zip(branch.getResults(), yield.getValues()))
        result.replaceAllUsesWith(value);
    branch->getBlock()->getOperations().splice(Block::iterator(branch), arm->getOperations(), arm->begin(), Block::iterator(yield));
    const Value cond = branch.getCond();
    branch.erase();
    eraseDead(cond);
}

// A copy of `loop` at `b` from `lower` to `upper` carrying `inits`, with the
// split `if` decided (or kept, where `thenArm` is empty).
ForOp cloneLoop(ForOp loop, OpBuilder &b, Value lower, Value upper, ValueRange inits, IfOp branch, std::optional<bool> thenArm)
{
    IRMapping map;
    map.map(loop.getLower(), lower);
    map.map(loop.getUpper(), upper);
    for (auto [from, to] : llvm::zip(loop.getInits(), inits))
        map.map(from, to);
    auto copy = cast<ForOp>(b.clone(*loop, map));
    if (thenArm)
        decide(cast<IfOp>(map.lookup(branch.getOperation())), *thenArm);
    return copy;
}

void split(ForOp loop, const Split &s)
{
    OpBuilder b(loop);
    const Location loc = loop.getLoc();
    IfOp outer;
    if (s.constant) {
        // `if C { both loops } else { the plain loop }`: C is decided by a
        // config, the comparison by the iteration.
        IRMapping hoisted;
        const Value c = hoist(s.constant, loop, b, hoisted);
        SmallVector<StringRef> names;
        for (Attribute a : loop.getCarried())
            names.push_back(cast<StringAttr>(a).getValue());
        outer = IfOp::create(b, loc, loop.getResultTypes(), c, loop.getInits(), b.getStrArrayAttr(names), b.getStrArrayAttr({}));
        outer.getThenRegion().push_back(new Block());
        outer.getElseRegion().push_back(new Block());
        b.setInsertionPointToEnd(outer.elseBlock());
        ForOp plain = cloneLoop(loop, b, loop.getLower(), loop.getUpper(), loop.getInits(), s.branch, std::nullopt);
        YieldOp::create(b, loc, plain.getResults());
        b.setInsertionPointToEnd(outer.thenBlock());
    }
    IRMapping hoisted;
    Value at = hoist(s.bound, loop, b, hoisted);
    if (s.pred == "gt" || s.pred == "le") {
        const Value one = ConstantOp::create(b, loc, b.getI32Type(), b.getI64IntegerAttr(1));
        at = AddOp::create(b, loc, b.getI32Type(), at, one);
        at.getDefiningOp()->setAttr("kir.bind", b.getUnitAttr());
    }
    const Value firstStop = MinimumOp::create(b, loc, b.getI32Type(), loop.getUpper(), at);
    const Value secondStart = MaximumOp::create(b, loc, b.getI32Type(), loop.getLower(), at);
    const bool thenFirst = s.pred == "lt" || s.pred == "le";
    ForOp first = cloneLoop(loop, b, loop.getLower(), firstStop, loop.getInits(), s.branch, thenFirst);
    ForOp second = cloneLoop(loop, b, secondStart, loop.getUpper(), first.getResults(), s.branch, !thenFirst);
    if (outer) {
        YieldOp::create(b, loc, second.getResults());
        loop.replaceAllUsesWith(outer.getResults());
    } else {
        loop.replaceAllUsesWith(second.getResults());
    }
    loop.erase();
}

struct SplitLoops : PassWrapper<SplitLoops, OperationPass<EntryOp>> {
    MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(SplitLoops)
    StringRef getArgument() const override { return "kir-split-loops"; }
    StringRef getDescription() const override { return "split a loop on its one `if` comparing the loop variable with an invariant"; }

    void runOnOperation() override
    {
        SmallVector<ForOp> loops;
        getOperation().walk([&](ForOp loop) { loops.push_back(loop); }); // inner loops first
        for (ForOp loop : loops)
            if (std::optional<Split> s = splitOf(loop))
                split(loop, *s);
    }
};

} // namespace

std::unique_ptr<Pass> createSplitLoopsPass() { return std::make_unique<SplitLoops>(); }

void registerSplitLoopsPass() { PassRegistration<SplitLoops>(); }

} // namespace tileport::kir
