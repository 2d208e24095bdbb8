// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "tileport/TileIR/Diff/Classifier.h"

#include "tileport/TileIR/Diff/OpTable.h"

#include "ClassifierUtil.h"

#include <algorithm>
#include <cstdlib>

namespace tileport::tileir::diff {

using namespace detail;

Classifier::Classifier(const OpCensus &ref, const OpCensus &gen, OpLocator &refLocator, OpLocator &genLocator)
    : ref_(ref), gen_(gen), refLoc_(refLocator), genLoc_(genLocator)
{
}

Finding &Classifier::add(Severity severity, Owner owner, std::string rule, std::string op, std::string message)
{
    Finding f;
    f.severity = severity;
    f.owner = owner;
    f.rule = std::move(rule);
    f.op = std::move(op);
    f.message = std::move(message);
    findings_.push_back(std::move(f));
    return findings_.back();
}

void Classifier::listRef(Finding &f, const std::vector<mlir::Operation *> &ops)
{
    for (mlir::Operation *op : ops) {
        if (f.refOps.size() >= Finding::kMaxListedOps) {
            f.refOpsOmitted += ops.size() - Finding::kMaxListedOps;
            break;
        }
        f.refOps.push_back(refLoc_.describe(op));
    }
}

void Classifier::listGen(Finding &f, const std::vector<mlir::Operation *> &ops)
{
    for (mlir::Operation *op : ops) {
        if (f.genOps.size() >= Finding::kMaxListedOps) {
            f.genOpsOmitted += ops.size() - Finding::kMaxListedOps;
            break;
        }
        f.genOps.push_back(genLoc_.describe(op));
    }
}

std::vector<Finding> Classifier::classify(const std::vector<FunctionDiff> &functions)
{
    findings_.clear();
    functionPairing(functions);
    opCounts(functions);
    tileShapes();
    reductionsAndMma();
    precisionFlags();
    memoryHints();
    entryHints();
    assumptions();
    layoutsAndTypes();
    editNotes(functions);
    std::stable_sort(findings_.begin(), findings_.end(),
                     [](const Finding &a, const Finding &b) { return int(a.severity) < int(b.severity); });
    return std::move(findings_);
}

void Classifier::functionPairing(const std::vector<FunctionDiff> &functions)
{
    for (const FunctionDiff &fd : functions) {
        if (fd.pairing == "ref-only") {
            Finding &f = add(Severity::Critical, Owner::Kernel, "function-missing", "entry",
                             "function @" + fd.refName + " of the reference has no counterpart in the generated module");
            f.ref = fd.refName;
            if (!fd.edits.empty() && fd.edits.front().ref)
                f.refOps.push_back(*fd.edits.front().ref);
        } else if (fd.pairing == "gen-only") {
            Finding &f = add(Severity::Note, Owner::Kernel, "function-extra", "entry",
                             "function @" + fd.genName + " exists only in the generated module");
            f.gen = fd.genName;
            if (!fd.edits.empty() && fd.edits.front().gen)
                f.genOps.push_back(*fd.edits.front().gen);
        } else if (fd.pairing == "position") {
            Finding &f = add(Severity::Note, Owner::Kernel, "function-renamed", "entry",
                             "functions paired by position: @" + fd.refName + " (ref) and @" + fd.genName + " (gen)");
            f.ref = fd.refName;
            f.gen = fd.genName;
        }
    }
}

void Classifier::opCounts(const std::vector<FunctionDiff> &functions)
{
    // Where each kind was deleted or inserted, for locating count deltas.
    std::map<std::string, std::pair<std::vector<OpRef>, std::vector<OpRef>>> edited;
    for (const FunctionDiff &fd : functions)
        for (const OpEdit &e : fd.edits) {
            if (e.kind == EditKind::Deleted && e.ref)
                edited[e.ref->op].first.push_back(*e.ref);
            else if (e.kind == EditKind::Inserted && e.gen)
                edited[e.gen->op].second.push_back(*e.gen);
        }

    std::set<std::string> kinds;
    for (const auto &[k, n] : ref_.counts)
        kinds.insert(k);
    for (const auto &[k, n] : gen_.counts)
        kinds.insert(k);
    for (const std::string &kind : kinds) {
        const size_t r = ref_.counts.count(kind) ? ref_.counts.at(kind) : 0;
        const size_t g = gen_.counts.count(kind) ? gen_.counts.at(kind) : 0;
        // Deleted in one place and inserted in another: same count, other order.
        if (auto it = edited.find(kind); it != edited.end() && kind != "entry") {
            const size_t moved = std::min(it->second.first.size(), it->second.second.size());
            if (moved > 0) {
                Finding &f = add(Severity::Note, Owner::Kernel, "ops-moved", kind,
                                 std::to_string(moved) + " " + kind + " op(s) sit at other positions or in other regions");
                for (const OpRef &o : it->second.first)
                    appendRef(f.refOps, f.refOpsOmitted, o);
                for (const OpRef &o : it->second.second)
                    appendRef(f.genOps, f.genOpsOmitted, o);
            }
        }
        if (r == g || kind == "entry")
            continue;
        const size_t delta = size_t(std::labs(long(g) - long(r)));
        const OpInfo *info = lookupOp("cuda_tile." + kind);
        const CountClass cls = info ? info->countClass : CountClass::Other;
        Severity sev = Severity::Note;
        std::string why;
        switch (cls) {
        case CountClass::Critical:
            sev = Severity::Critical;
            why = "memory, reduction, transcendental, MMA and loop op counts must match";
            break;
        case CountClass::FloatArith:
            sev = delta <= kFloatArithSlack ? Severity::Workaround : Severity::Critical;
            why = delta <= kFloatArithSlack ? "small float-arithmetic delta" : "float-arithmetic delta above 2";
            break;
        case CountClass::SmallArith:
            sev = delta <= kSmallArithSlack ? Severity::Workaround : Severity::Note;
            why = delta <= kSmallArithSlack ? "small index/compare/conversion delta" : "index/compare/conversion delta";
            break;
        case CountClass::Other:
            why = "op count differs";
            break;
        }
        Finding &f = add(sev, Owner::Kernel, "op-count", kind,
                         kind + ": " + std::to_string(r) + " in ref, " + std::to_string(g) + " in gen (" +
                             signedDelta(r, g) + "); " + why);
        f.ref = std::to_string(r);
        f.gen = std::to_string(g);
        auto it = edited.find(kind);
        if (it != edited.end()) {
            for (const OpRef &o : it->second.first)
                appendRef(f.refOps, f.refOpsOmitted, o);
            for (const OpRef &o : it->second.second)
                appendRef(f.genOps, f.genOpsOmitted, o);
        }
    }
}

void Classifier::editNotes(const std::vector<FunctionDiff> &functions)
{
    // One note per (rule, op kind, name), with the first values as examples.
    std::map<std::tuple<std::string, std::string, std::string>, size_t> index;
    size_t edits = 0;
    for (const FunctionDiff &fd : functions) {
        edits += fd.changed + fd.inserted + fd.deleted;
        for (const OpEdit &e : fd.edits) {
            if (e.kind != EditKind::Changed)
                continue;
            const std::string kind = e.ref->op;
            const bool isFunction = e.ref->path.find('/') == std::string::npos && !e.ref->path.empty();
            for (const Change &c : e.changes) {
                std::string rule;
                Owner owner = Owner::Kernel;
                std::string name = c.name;
                switch (c.kind) {
                case Change::Kind::Attribute:
                    rule = "attribute-changed";
                    // Assumed facts and entry (launch) hints come from the
                    // host's specialisation.
                    if (kind == "assume" || isFunction)
                        owner = Owner::Host;
                    break;
                case Change::Kind::Operand:
                    rule = "operand-changed";
                    name = "";
                    break;
                case Change::Kind::BlockArgument:
                    rule = isFunction ? "signature-changed" : "type-changed";
                    owner = isFunction ? Owner::Host : Owner::Kernel;
                    name = isFunction ? "" : name;
                    break;
                default:
                    rule = "type-changed";
                    name = std::string(toString(c.kind));
                    break;
                }
                const auto key = std::make_tuple(rule, kind, name);
                auto it = index.find(key);
                if (it == index.end()) {
                    std::string message;
                    if (rule == "attribute-changed")
                        message = kind + ": attribute " + c.name + " changed";
                    else if (rule == "operand-changed")
                        message = kind + ": operands come from different values";
                    else if (rule == "signature-changed")
                        message = "entry argument types changed";
                    else
                        message = kind + ": " + name + " changed";
                    Finding &f = add(Severity::Note, owner, rule, kind, message);
                    f.ref = c.ref;
                    f.gen = c.gen;
                    it = index.emplace(key, findings_.size() - 1).first;
                }
                Finding &f = findings_[it->second];
                if (f.refOps.empty() || f.refOps.back().path != e.ref->path) {
                    appendRef(f.refOps, f.refOpsOmitted, *e.ref);
                    appendRef(f.genOps, f.genOpsOmitted, *e.gen);
                }
            }
        }
    }
    if (edits > 0 && findings_.empty())
        add(Severity::Note, Owner::Kernel, "structure", "",
            std::to_string(edits) + " ops differ in order or wiring although every count matches");
}

Verdict Classifier::verdictOf(const std::vector<Finding> &findings)
{
    bool any = false;
    for (const Finding &f : findings) {
        if (f.severity == Severity::Critical)
            return Verdict::FailFixable;
        any = true;
    }
    return any ? Verdict::PassWithNotes : Verdict::Pass;
}

std::optional<Owner> Classifier::ownerOf(const std::vector<Finding> &findings)
{
    std::optional<Owner> owner;
    for (const Finding &f : findings) {
        if (f.severity != Severity::Critical)
            continue;
        if (f.owner == Owner::Kernel)
            return Owner::Kernel;
        owner = Owner::Host;
    }
    return owner;
}

} // namespace tileport::tileir::diff
