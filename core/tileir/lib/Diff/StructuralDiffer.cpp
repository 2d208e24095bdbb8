// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "tileport/TileIR/Diff/StructuralDiffer.h"

#include "tileport/TileIR/Diff/Functions.h"
#include "tileport/TileIR/Diff/OpAttributes.h"
#include "tileport/TileIR/Diff/OpTable.h"

#include <mlir/IR/BuiltinOps.h>

namespace tileport::tileir::diff {

namespace {

// Ops outside functions (globals), gathered from the builtin module and any
// cuda_tile.module inside it.
void collectModuleLevel(mlir::Operation *container, std::vector<mlir::Operation *> &out)
{
    for (mlir::Region &region : container->getRegions())
        for (mlir::Block &block : region)
            for (mlir::Operation &op : block) {
                const OpInfo *info = lookupOp(&op);
                if (llvm::isa<mlir::ModuleOp>(op) || (info && info->has(ModuleOp)))
                    collectModuleLevel(&op, out);
                else if (!isFunction(&op))
                    out.push_back(&op);
            }
}

std::string regionStep(unsigned region, unsigned block)
{
    std::string s = "/r" + std::to_string(region);
    if (block)
        s += "b" + std::to_string(block);
    return s;
}

std::vector<mlir::Operation *> opsOf(mlir::Block &block)
{
    std::vector<mlir::Operation *> ops;
    for (mlir::Operation &op : block)
        ops.push_back(&op);
    return ops;
}

// Both sorted by name; emits one Change per attribute that differs.
void diffAttributes(llvm::ArrayRef<mlir::NamedAttribute> ref, llvm::ArrayRef<mlir::NamedAttribute> gen, TextCache &texts,
                    std::vector<Change> &changes)
{
    size_t i = 0, j = 0;
    while (i < ref.size() || j < gen.size()) {
        const int order = i == ref.size()   ? 1
                          : j == gen.size() ? -1
                                            : ref[i].getName().strref().compare(gen[j].getName().strref());
        Change c;
        c.kind = Change::Kind::Attribute;
        if (order < 0) {
            c.name = ref[i].getName().str();
            c.ref = texts.attr(ref[i].getValue());
            ++i;
        } else if (order > 0) {
            c.name = gen[j].getName().str();
            c.gen = texts.attr(gen[j].getValue());
            ++j;
        } else {
            if (ref[i].getValue() == gen[j].getValue() ||
                texts.attr(ref[i].getValue()) == texts.attr(gen[j].getValue())) {
                ++i, ++j;
                continue;
            }
            c.name = ref[i].getName().str();
            c.ref = texts.attr(ref[i].getValue());
            c.gen = texts.attr(gen[j].getValue());
            ++i, ++j;
        }
        changes.push_back(std::move(c));
    }
}

template <typename Range>
void diffTypes(Range ref, Range gen, Change::Kind kind, TextCache &texts, std::vector<Change> &changes)
{
    const size_t nr = std::distance(ref.begin(), ref.end());
    const size_t ng = std::distance(gen.begin(), gen.end());
    if (nr != ng) {
        changes.push_back({kind, "count", std::to_string(nr), std::to_string(ng)});
        return;
    }
    auto g = gen.begin();
    size_t i = 0;
    for (auto r = ref.begin(); r != ref.end(); ++r, ++g, ++i) {
        mlir::Type rt = (*r).getType(), gt = (*g).getType();
        if (rt != gt && texts.type(rt) != texts.type(gt))
            changes.push_back({kind, "#" + std::to_string(i), texts.type(rt), texts.type(gt)});
    }
}

} // namespace

StructuralDiffer::StructuralDiffer(mlir::Operation *refRoot, mlir::Operation *genRoot, DiffOptions options)
    : refRoot_(refRoot), genRoot_(genRoot), options_(options), refLoc_(refRoot), genLoc_(genRoot)
{
}

uint32_t StructuralDiffer::textId(const void *key, const std::string &text)
{
    if (auto it = objectIds_.find(key); it != objectIds_.end())
        return it->second;
    const uint32_t id = textIds_.try_emplace(text, uint32_t(textIds_.size())).first->second;
    objectIds_[key] = id;
    return id;
}

uint32_t StructuralDiffer::signatureId(mlir::Operation *op)
{
    llvm::SmallVector<uint32_t, 24> sig;
    const mlir::OperationName name = op->getName();
    sig.push_back(textId(name.getAsOpaquePointer(), name.getStringRef().str()));
    for (mlir::Type t : op->getOperandTypes())
        sig.push_back(textId(t.getAsOpaquePointer(), texts_.type(t)));
    sig.push_back(~0u);
    for (mlir::Type t : op->getResultTypes())
        sig.push_back(textId(t.getAsOpaquePointer(), texts_.type(t)));
    sig.push_back(~0u);
    if (const OpInfo *info = lookupOp(op)) {
        for (llvm::StringRef attrName : info->keyAttrs) {
            mlir::Attribute a = findAttribute(op, attrName);
            sig.push_back(a ? textId(a.getAsOpaquePointer(), texts_.attr(a)) : ~1u);
        }
    }
    sig.push_back(op->getNumRegions());
    const llvm::StringRef bytes(reinterpret_cast<const char *>(sig.data()), sig.size() * sizeof(uint32_t));
    return signatureIds_.try_emplace(bytes, uint32_t(signatureIds_.size())).first->second;
}

uint32_t StructuralDiffer::kindId(mlir::Operation *op)
{
    const mlir::OperationName name = op->getName();
    return textId(name.getAsOpaquePointer(), name.getStringRef().str());
}

std::vector<FunctionDiff> StructuralDiffer::run()
{
    std::vector<FunctionDiff> out;
    const std::vector<FunctionUnit> refFns = collectFunctions(refRoot_);
    const std::vector<FunctionUnit> genFns = collectFunctions(genRoot_);

    std::vector<bool> genUsed(genFns.size(), false);
    std::vector<std::pair<size_t, size_t>> pairs; // (ref index, gen index)
    std::vector<size_t> refLeft;
    for (size_t i = 0; i < refFns.size(); ++i) {
        size_t found = genFns.size();
        for (size_t j = 0; j < genFns.size() && found == genFns.size(); ++j)
            if (!genUsed[j] && genFns[j].name == refFns[i].name)
                found = j;
        if (found == genFns.size()) {
            refLeft.push_back(i);
            continue;
        }
        genUsed[found] = true;
        pairs.emplace_back(i, found);
    }
    std::vector<size_t> genLeft;
    for (size_t j = 0; j < genFns.size(); ++j)
        if (!genUsed[j])
            genLeft.push_back(j);
    const bool pairLeftovers = refLeft.size() == 1 && genLeft.size() == 1;

    for (const auto &[i, j] : pairs) {
        FunctionDiff fd;
        fd.refName = refFns[i].name;
        fd.genName = genFns[j].name;
        fd.pairing = "name";
        diffPair(refFns[i].op, genFns[j].op, fd);
        out.push_back(std::move(fd));
    }
    if (pairLeftovers) {
        FunctionDiff fd;
        fd.refName = refFns[refLeft[0]].name;
        fd.genName = genFns[genLeft[0]].name;
        fd.pairing = "position";
        diffPair(refFns[refLeft[0]].op, genFns[genLeft[0]].op, fd);
        out.push_back(std::move(fd));
    } else {
        for (size_t i : refLeft) {
            FunctionDiff fd;
            fd.refName = refFns[i].name;
            fd.pairing = "ref-only";
            addSubtree(refFns[i].op, /*inserted=*/false, "@" + fd.refName, fd);
            out.push_back(std::move(fd));
        }
        for (size_t j : genLeft) {
            FunctionDiff fd;
            fd.genName = genFns[j].name;
            fd.pairing = "gen-only";
            addSubtree(genFns[j].op, /*inserted=*/true, "@" + fd.genName, fd);
            out.push_back(std::move(fd));
        }
    }

    std::vector<mlir::Operation *> refGlobals, genGlobals;
    collectModuleLevel(refRoot_, refGlobals);
    collectModuleLevel(genRoot_, genGlobals);
    if (!refGlobals.empty() || !genGlobals.empty()) {
        FunctionDiff fd;
        fd.pairing = "module";
        alignOps(refGlobals, genGlobals, "", "", fd);
        out.push_back(std::move(fd));
    }
    return out;
}

void StructuralDiffer::diffPair(mlir::Operation *ref, mlir::Operation *gen, FunctionDiff &out)
{
    refToGen_[ref] = gen;
    genToRef_[gen] = ref;
    const std::string refPath = "@" + out.refName;
    const std::string genPath = "@" + out.genName;
    OpEdit edit;
    compare(ref, gen, edit.changes);
    if (edit.changes.empty()) {
        ++out.matched;
    } else {
        edit.kind = EditKind::Changed;
        edit.ref = refLoc_.describe(ref, refPath);
        edit.gen = genLoc_.describe(gen, genPath);
        out.edits.push_back(std::move(edit));
        ++out.changed;
    }
    alignRegions(ref, gen, refPath, genPath, out);
}

void StructuralDiffer::alignRegions(mlir::Operation *ref, mlir::Operation *gen, const std::string &refPath,
                                    const std::string &genPath, FunctionDiff &out)
{
    const unsigned regions = std::max(ref->getNumRegions(), gen->getNumRegions());
    for (unsigned r = 0; r < regions; ++r) {
        mlir::Region *rr = r < ref->getNumRegions() ? &ref->getRegion(r) : nullptr;
        mlir::Region *gr = r < gen->getNumRegions() ? &gen->getRegion(r) : nullptr;
        const unsigned blocks = std::max(rr ? unsigned(rr->getBlocks().size()) : 0u,
                                         gr ? unsigned(gr->getBlocks().size()) : 0u);
        auto rb = rr ? rr->begin() : mlir::Region::iterator();
        auto gb = gr ? gr->begin() : mlir::Region::iterator();
        for (unsigned b = 0; b < blocks; ++b) {
            std::vector<mlir::Operation *> refOps, genOps;
            if (rr && rb != rr->end())
                refOps = opsOf(*rb++);
            if (gr && gb != gr->end())
                genOps = opsOf(*gb++);
            // A function's body is its path root: "@k/3", not "@k/r0/3".
            const bool body = r == 0 && b == 0 && isFunction(ref);
            alignOps(refOps, genOps, body ? refPath : refPath + regionStep(r, b), body ? genPath : genPath + regionStep(r, b),
                     out);
        }
    }
}

void StructuralDiffer::alignOps(llvm::ArrayRef<mlir::Operation *> ref, llvm::ArrayRef<mlir::Operation *> gen,
                                const std::string &refPrefix, const std::string &genPrefix, FunctionDiff &out)
{
    // Module-level lists are not one block; their ops are located directly.
    const bool located = refPrefix.empty() && genPrefix.empty();
    auto refPath = [&](size_t i) { return located ? refLoc_.path(ref[i]) : refPrefix + "/" + std::to_string(i); };
    auto genPath = [&](size_t j) { return located ? genLoc_.path(gen[j]) : genPrefix + "/" + std::to_string(j); };

    std::vector<uint32_t> a(ref.size()), b(gen.size());
    for (size_t i = 0; i < ref.size(); ++i)
        a[i] = signatureId(ref[i]);
    for (size_t j = 0; j < gen.size(); ++j)
        b[j] = signatureId(gen[j]);
    const auto matched = alignSequences(a, b, options_.alignment);

    // Pair ops of the same kind inside each gap between aligned ops.
    std::vector<std::pair<uint32_t, uint32_t>> pairs;
    pairs.reserve(matched.size());
    uint32_t i0 = 0, j0 = 0;
    auto pairGap = [&](uint32_t i1, uint32_t j1) {
        if (i1 > i0 && j1 > j0) {
            std::vector<uint32_t> ga, gb;
            for (uint32_t i = i0; i < i1; ++i)
                ga.push_back(kindId(ref[i]));
            for (uint32_t j = j0; j < j1; ++j)
                gb.push_back(kindId(gen[j]));
            for (const auto &[gi, gj] : alignSequences(ga, gb, options_.gapAlignment))
                pairs.emplace_back(i0 + gi, j0 + gj);
        }
    };
    for (const auto &[i, j] : matched) {
        pairGap(i, j);
        pairs.emplace_back(i, j);
        i0 = i + 1;
        j0 = j + 1;
    }
    pairGap(uint32_t(ref.size()), uint32_t(gen.size()));

    for (const auto &[i, j] : pairs) {
        refToGen_[ref[i]] = gen[j];
        genToRef_[gen[j]] = ref[i];
    }

    // Edits in order: unpaired ref ops before unpaired gen ops of a gap.
    i0 = 0;
    j0 = 0;
    auto flushGap = [&](uint32_t i1, uint32_t j1) {
        for (; i0 < i1; ++i0)
            addSubtree(ref[i0], /*inserted=*/false, refPath(i0), out);
        for (; j0 < j1; ++j0)
            addSubtree(gen[j0], /*inserted=*/true, genPath(j0), out);
    };
    for (const auto &[i, j] : pairs) {
        flushGap(i, j);
        OpEdit edit;
        compare(ref[i], gen[j], edit.changes, a[i] == b[j]);
        const std::string rp = refPath(i), gp = genPath(j);
        if (edit.changes.empty()) {
            ++out.matched;
        } else {
            edit.kind = EditKind::Changed;
            edit.ref = refLoc_.describe(ref[i], rp);
            edit.gen = genLoc_.describe(gen[j], gp);
            out.edits.push_back(std::move(edit));
            ++out.changed;
        }
        alignRegions(ref[i], gen[j], rp, gp, out);
        i0 = i + 1;
        j0 = j + 1;
    }
    flushGap(uint32_t(ref.size()), uint32_t(gen.size()));
}

void StructuralDiffer::compare(mlir::Operation *ref, mlir::Operation *gen, std::vector<Change> &changes, bool sameSignature)
{
    if (ref->getName() != gen->getName())
        changes.push_back({Change::Kind::Attribute, "op", mnemonicOf(ref).str(), mnemonicOf(gen).str()});
    // Both modules normally live in one context, where equal attribute sets
    // are the same uniqued object and equal properties compare equal.
    const bool sameAttrs = ref->getName() == gen->getName() &&
                           ref->getRawDictionaryAttrs() == gen->getRawDictionaryAttrs() &&
                           ref->getName().compareOpProperties(ref->getPropertiesStorage(), gen->getPropertiesStorage());
    if (!sameAttrs)
        diffAttributes(comparableAttributes(ref, texts_), comparableAttributes(gen, texts_), texts_, changes);
    if (!sameSignature) {
        diffTypes(ref->getOperands(), gen->getOperands(), Change::Kind::OperandType, texts_, changes);
        diffTypes(ref->getResults(), gen->getResults(), Change::Kind::ResultType, texts_, changes);
    }

    if (ref->getNumOperands() == gen->getNumOperands()) {
        const unsigned n = ref->getNumOperands();
        std::vector<unsigned> wrong;
        for (unsigned i = 0; i < n; ++i)
            if (!correspond(ref->getOperand(i), gen->getOperand(i)))
                wrong.push_back(i);
        const OpInfo *info = lookupOp(ref);
        const bool swapped = n == 2 && wrong.size() == 2 && info && info->has(Commutative) &&
                             correspond(ref->getOperand(0), gen->getOperand(1)) &&
                             correspond(ref->getOperand(1), gen->getOperand(0));
        if (!swapped)
            for (unsigned i : wrong)
                changes.push_back({Change::Kind::Operand, "#" + std::to_string(i),
                                   refLoc_.numbering().name(ref->getOperand(i)),
                                   genLoc_.numbering().name(gen->getOperand(i))});
    }

    if (ref->getNumRegions() != gen->getNumRegions()) {
        changes.push_back({Change::Kind::Regions, "count", std::to_string(ref->getNumRegions()),
                           std::to_string(gen->getNumRegions())});
        return;
    }
    for (unsigned r = 0; r < ref->getNumRegions(); ++r) {
        mlir::Region &rr = ref->getRegion(r), &gr = gen->getRegion(r);
        if (rr.getBlocks().size() != gr.getBlocks().size()) {
            changes.push_back({Change::Kind::Regions, "r" + std::to_string(r) + " blocks",
                               std::to_string(rr.getBlocks().size()), std::to_string(gr.getBlocks().size())});
            continue;
        }
        unsigned b = 0;
        for (auto rb = rr.begin(), gb = gr.begin(); rb != rr.end(); ++rb, ++gb, ++b) {
            std::vector<Change> argChanges;
            diffTypes(rb->getArguments(), gb->getArguments(), Change::Kind::BlockArgument, texts_, argChanges);
            for (Change &c : argChanges) {
                c.name = regionStep(r, b).substr(1) + (c.name == "count" ? " count" : c.name);
                changes.push_back(std::move(c));
            }
        }
    }
}

bool StructuralDiffer::correspond(mlir::Value ref, mlir::Value gen) const
{
    // A value defined by an op without a counterpart is already reported as
    // a deleted or inserted op; its uses are not reported again.
    auto refDef = ref.getDefiningOp();
    auto genDef = gen.getDefiningOp();
    if (refDef && !refToGen_.count(refDef))
        return true;
    if (genDef && !genToRef_.count(genDef))
        return true;
    if (refDef && genDef)
        return refToGen_.lookup(refDef) == genDef &&
               llvm::cast<mlir::OpResult>(ref).getResultNumber() == llvm::cast<mlir::OpResult>(gen).getResultNumber();
    if (refDef || genDef)
        return false;
    auto ra = llvm::cast<mlir::BlockArgument>(ref);
    auto ga = llvm::cast<mlir::BlockArgument>(gen);
    mlir::Operation *refOwner = ra.getOwner()->getParentOp();
    mlir::Operation *genOwner = ga.getOwner()->getParentOp();
    if (!refToGen_.count(refOwner) || !genToRef_.count(genOwner))
        return true;
    return refToGen_.lookup(refOwner) == genOwner && ra.getArgNumber() == ga.getArgNumber() &&
           ra.getOwner()->getParent()->getRegionNumber() == ga.getOwner()->getParent()->getRegionNumber();
}

void StructuralDiffer::addSubtree(mlir::Operation *op, bool inserted, const std::string &path, FunctionDiff &out)
{
    OpEdit edit;
    edit.kind = inserted ? EditKind::Inserted : EditKind::Deleted;
    if (inserted)
        edit.gen = genLoc_.describe(op, path);
    else
        edit.ref = refLoc_.describe(op, path);
    out.edits.push_back(std::move(edit));
    ++(inserted ? out.inserted : out.deleted);
    for (unsigned r = 0; r < op->getNumRegions(); ++r) {
        unsigned b = 0;
        for (mlir::Block &block : op->getRegion(r)) {
            const std::string prefix = r == 0 && b == 0 && isFunction(op) ? path : path + regionStep(r, b);
            unsigned k = 0;
            for (mlir::Operation &nested : block)
                addSubtree(&nested, inserted, prefix + "/" + std::to_string(k++), out);
            ++b;
        }
    }
}

} // namespace tileport::tileir::diff
