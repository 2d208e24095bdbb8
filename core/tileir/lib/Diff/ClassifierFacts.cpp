// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// The classifier's rules on whole-module facts: tile shapes, reductions and
// MMA accumulators, fast-math flags, hints, assumptions, layouts.
#include "tileport/TileIR/Diff/Classifier.h"

#include "ClassifierUtil.h"

#include <llvm/ADT/StringRef.h>

namespace tileport::tileir::diff {

using namespace detail;

void Classifier::tileShapes()
{
    const auto onlyRef = minus(ref_.tileShapes, gen_.tileShapes);
    const auto onlyGen = minus(gen_.tileShapes, ref_.tileShapes);
    if (onlyRef.empty() && onlyGen.empty())
        return;
    // A one-element shape (`scalar`, `1`, `1x1`, ...) is a step of bringing
    // one value to a tile: a folded constant has none, a runtime scalar (a
    // ct.Constant[float] passed as f32) keeps them. Only the others are
    // tiles the kernel computes on.
    const auto oneElement = [](const std::string &s) {
        if (s == "scalar")
            return true;
        llvm::SmallVector<llvm::StringRef> dims;
        llvm::StringRef(s).split(dims, 'x');
        return llvm::all_of(dims, [](llvm::StringRef d) { return d == "1"; });
    };
    const bool onlyScalars = llvm::all_of(onlyRef, oneElement) && llvm::all_of(onlyGen, oneElement);
    Finding &f = add(onlyScalars ? Severity::Note : Severity::Critical, Owner::Kernel, onlyScalars ? "tile-shapes-scalar" : "tile-shapes", "",
                     std::string(onlyScalars ? "one-element tile shapes differ (a value brought to a tile in other steps)"
                                             : "the set of tile shapes differs") +
                         " (only in ref: " + (onlyRef.empty() ? "-" : join(onlyRef)) +
                         "; only in gen: " + (onlyGen.empty() ? "-" : join(onlyGen)) + ")");
    f.ref = join(onlyRef);
    f.gen = join(onlyGen);
}

void Classifier::reductionsAndMma()
{
    if (ref_.reduceIdentities != gen_.reduceIdentities) {
        const auto onlyRef = minus(ref_.reduceIdentities, gen_.reduceIdentities);
        const auto onlyGen = minus(gen_.reduceIdentities, ref_.reduceIdentities);
        Finding &f = add(Severity::Critical, Owner::Kernel, "reduce-identities", "reduce",
                         "reductions differ in dimension or identities (ref: " + (onlyRef.empty() ? "-" : join(onlyRef, "; ")) +
                             " / gen: " + (onlyGen.empty() ? "-" : join(onlyGen, "; ")) + ")");
        f.ref = join(onlyRef, "; ");
        f.gen = join(onlyGen, "; ");
        for (const char *k : {"reduce", "scan"}) {
            listRef(f, opsOr(ref_.opsByKind, k));
            listGen(f, opsOr(gen_.opsByKind, k));
        }
    }
    if (ref_.mmaAccumulators != gen_.mmaAccumulators) {
        const auto onlyRef = minus(ref_.mmaAccumulators, gen_.mmaAccumulators);
        const auto onlyGen = minus(gen_.mmaAccumulators, ref_.mmaAccumulators);
        Finding &f = add(Severity::Critical, Owner::Kernel, "mma-accumulator", "mmaf",
                         "MMA accumulator types differ (ref: " + (onlyRef.empty() ? "-" : join(onlyRef)) +
                             " / gen: " + (onlyGen.empty() ? "-" : join(onlyGen)) + ")");
        f.ref = join(onlyRef);
        f.gen = join(onlyGen);
        for (const char *k : {"mmaf", "mmai", "mmaf_scaled"}) {
            listRef(f, opsOr(ref_.opsByKind, k));
            listGen(f, opsOr(gen_.opsByKind, k));
        }
    }
}

void Classifier::precisionFlags()
{
    struct Flag {
        const char *rule;
        const char *what;
        const std::map<std::string, std::vector<mlir::Operation *>> OpCensus::*member;
        bool fewerIsCritical;
    };
    const Flag flags[] = {
        {"flush-to-zero", "flush_to_zero", &OpCensus::flushToZero, true},
        {"rounding-approx", "rounding<approx>", &OpCensus::approx, true},
        {"rounding-explicit", "explicit rounding", &OpCensus::explicitRounding, false},
    };
    for (const Flag &flag : flags) {
        const auto &refMap = ref_.*(flag.member);
        const auto &genMap = gen_.*(flag.member);
        std::set<std::string> kinds;
        for (const auto &[k, v] : refMap)
            kinds.insert(k);
        for (const auto &[k, v] : genMap)
            kinds.insert(k);
        for (const std::string &kind : kinds) {
            const auto &r = opsOr(refMap, kind);
            const auto &g = opsOr(genMap, kind);
            if (r.size() == g.size())
                continue;
            const bool fewer = g.size() < r.size();
            // A missing fast-math flag changes the kernel's numerics and speed;
            // extra explicit rounding is what diff_ir.sh warns about.
            const Severity sev = fewer && flag.fewerIsCritical ? Severity::Critical : Severity::Note;
            Finding &f = add(sev, Owner::Kernel, flag.rule, kind,
                             std::string(fewer ? "fewer " : "more ") + flag.what + " on " + kind + ": ref " +
                                 std::to_string(r.size()) + ", gen " + std::to_string(g.size()));
            f.ref = std::to_string(r.size());
            f.gen = std::to_string(g.size());
            listRef(f, r);
            listGen(f, g);
        }
    }
}

void Classifier::memoryHints()
{
    if (gen_.allowTmaTrue.size() != ref_.allowTmaTrue.size()) {
        const bool fewer = gen_.allowTmaTrue.size() < ref_.allowTmaTrue.size();
        Finding &f = add(fewer ? Severity::Critical : Severity::Note, Owner::Kernel, "allow-tma", "",
                         std::string(fewer ? "fewer" : "more") + " memory ops with allow_tma = true: ref " +
                             std::to_string(ref_.allowTmaTrue.size()) + ", gen " + std::to_string(gen_.allowTmaTrue.size()));
        f.ref = std::to_string(ref_.allowTmaTrue.size());
        f.gen = std::to_string(gen_.allowTmaTrue.size());
        listRef(f, ref_.allowTmaTrue);
        listGen(f, gen_.allowTmaTrue);
    }
    if (gen_.allowTmaFalse.size() != ref_.allowTmaFalse.size()) {
        Finding &f = add(Severity::Note, Owner::Kernel, "allow-tma-false", "",
                         "memory ops with allow_tma = false: ref " + std::to_string(ref_.allowTmaFalse.size()) + ", gen " +
                             std::to_string(gen_.allowTmaFalse.size()));
        f.ref = std::to_string(ref_.allowTmaFalse.size());
        f.gen = std::to_string(gen_.allowTmaFalse.size());
        listRef(f, ref_.allowTmaFalse);
        listGen(f, gen_.allowTmaFalse);
    }
    if (gen_.latencies != ref_.latencies) {
        const auto onlyRef = minus(ref_.latencies, gen_.latencies);
        const auto onlyGen = minus(gen_.latencies, ref_.latencies);
        Finding &f = add(Severity::Note, Owner::Kernel, "latency", "",
                         "latency hints differ (ref: " + (onlyRef.empty() ? "-" : join(onlyRef)) +
                             " / gen: " + (onlyGen.empty() ? "-" : join(onlyGen)) + ")");
        f.ref = join(onlyRef);
        f.gen = join(onlyGen);
    }
}

void Classifier::entryHints()
{
    // cuTile Python writes an unqualified option under `default`; cutile
    // writes every hint under its target (`sm_90`). A target's hint equal to
    // the other side's `default` one, where that side has none for the
    // target, is the same hint.
    auto sameAsDefault = [](const std::map<std::string, std::set<std::string>> &targeted,
                            const std::map<std::string, std::set<std::string>> &defaulted, const std::string &key) {
        const std::string arch = key.substr(0, key.find('|'));
        const std::string name = key.substr(key.find('|') + 1);
        if (arch == "default" || defaulted.count(key))
            return false;
        auto d = defaulted.find("default|" + name);
        auto t = targeted.find(key);
        return d != defaulted.end() && t != targeted.end() && d->second == t->second;
    };
    std::set<std::string> matchedDefaults; // "side|default|name" consumed by a targeted hint
    std::set<std::string> keys;
    for (const auto &[k, v] : ref_.entryHints)
        keys.insert(k);
    for (const auto &[k, v] : gen_.entryHints)
        keys.insert(k);
    for (const std::string &key : std::set<std::string>(keys)) {
        const std::string name = key.substr(key.find('|') + 1);
        if (sameAsDefault(gen_.entryHints, ref_.entryHints, key)) {
            keys.erase(key);
            matchedDefaults.insert("ref|default|" + name);
        } else if (sameAsDefault(ref_.entryHints, gen_.entryHints, key)) {
            keys.erase(key);
            matchedDefaults.insert("gen|default|" + name);
        }
    }
    for (const std::string &m : matchedDefaults) {
        const std::string key = m.substr(4);
        const bool refSide = m.compare(0, 4, "ref|") == 0;
        // the default is covered when the other side has nothing for it
        if ((refSide ? gen_.entryHints : ref_.entryHints).count(key) == 0)
            keys.erase(key);
    }
    auto joined = [](const std::set<std::string> &s) { return join(std::vector<std::string>(s.begin(), s.end())); };
    for (const std::string &key : keys) {
        auto r = ref_.entryHints.find(key);
        auto g = gen_.entryHints.find(key);
        const bool inRef = r != ref_.entryHints.end();
        const bool inGen = g != gen_.entryHints.end();
        if (inRef && inGen && r->second == g->second)
            continue;
        std::string arch = key.substr(0, key.find('|'));
        std::string name = key.substr(key.find('|') + 1);
        Severity sev = Severity::Note;
        std::string message;
        if (inRef && inGen) {
            // Launch-shape hints are set where the kernel is specialised and
            // launched, hence the host owns them.
            sev = Severity::Critical;
            message = "entry hint " + name + " on " + arch + " differs: ref " + joined(r->second) + ", gen " +
                      joined(g->second);
        } else if (inRef) {
            message = "entry hint " + name + " on " + arch + " = " + joined(r->second) + " is missing in gen";
        } else {
            message = "entry hint " + name + " on " + arch + " = " + joined(g->second) + " only in gen";
        }
        Finding &f = add(sev, Owner::Host, "entry-hints", "entry", message);
        if (inRef)
            f.ref = joined(r->second);
        if (inGen)
            f.gen = joined(g->second);
        if (auto it = ref_.entryHintOps.find(key); it != ref_.entryHintOps.end())
            listRef(f, it->second);
        if (auto it = gen_.entryHintOps.find(key); it != gen_.entryHintOps.end())
            listGen(f, it->second);
    }
}

void Classifier::assumptions()
{
    if (!gen_.scalarDivBy.empty() && gen_.scalarDivBy.size() != ref_.scalarDivBy.size()) {
        // Divisibility of scalar arguments is a specialisation fact the host
        // side supplies; asserting it in the kernel is wrong for other inputs.
        // Where the reference was specialised too (captured shapes and
        // strides), both sides assume it and only the launchers' rules differ.
        // A reference exported with captured alignment (pointer div_by)
        // whose 16-divisibility facts gen matches differs only by cutile's
        // rule: the largest power-of-two divisor up to 16, where cuTile
        // Python gives a dimension 16 or nothing (72 is div_by<8> in gen).
        const bool sub16Rule = !ref_.pointerDivBy.empty() && gen_.scalarDivBy16 == ref_.scalarDivBy16
                               && gen_.scalarDivBy.size() > ref_.scalarDivBy.size();
        const bool bothSpecialised = !ref_.scalarDivBy.empty() || sub16Rule;
        Finding &f = add(bothSpecialised ? Severity::Note : Severity::Critical, Owner::Host, "scalar-assume-div-by",
                         "assume",
                         std::to_string(gen_.scalarDivBy.size()) +
                             " assume div_by on scalar (rank-0, non-pointer) values in gen, " +
                             std::to_string(ref_.scalarDivBy.size()) + " in ref" +
                             (sub16Rule ? " (both launchers specialise shapes and strides; their rules differ, a launcher rule: "
                                          "cutile assumes a dimension's largest power-of-two divisor up to 16, cuTile "
                                          "Python only 16 or nothing; the div_by<16> facts agree)"
                              : bothSpecialised ? " (both launchers specialise shapes and strides; their rules differ)"
                                                : ""));
        f.ref = std::to_string(ref_.scalarDivBy.size());
        f.gen = std::to_string(gen_.scalarDivBy.size());
        listRef(f, ref_.scalarDivBy);
        listGen(f, gen_.scalarDivBy);
    }
    const size_t r = ref_.pointerDivBy.size(), g = gen_.pointerDivBy.size();
    if (r != g) {
        const bool fewer = g < r;
        const bool critical = fewer && !gen_.pointerMemoryOps.empty();
        Finding &f = add(critical ? Severity::Critical : Severity::Note, Owner::Host, "pointer-assume-div-by", "assume",
                         std::string(fewer ? "fewer" : "more") + " pointer assume div_by in gen: ref " + std::to_string(r) +
                             ", gen " + std::to_string(g) +
                             (fewer ? (critical ? " (gen loads/stores through raw pointers)" : " (gen has no pointer loads/stores)")
                                    : ""));
        f.ref = std::to_string(r);
        f.gen = std::to_string(g);
        listRef(f, ref_.pointerDivBy);
        listGen(f, gen_.pointerDivBy);
    }
    if (ref_.laneDivBy.size() != gen_.laneDivBy.size()) {
        // cuTile Python proves an offset a multiple of 16 bytes (a constant
        // index) and assumes the lane's alignment; cutile does not. A
        // one-element access gains no vector width from it.
        Finding &f = add(Severity::Note, Owner::Kernel, "pointer-lane-div-by", "assume",
                         "assume div_by on single-element pointer lanes: ref " + std::to_string(ref_.laneDivBy.size()) + ", gen " +
                             std::to_string(gen_.laneDivBy.size()) + " (a one-element access gains no vector width from alignment)");
        f.ref = std::to_string(ref_.laneDivBy.size());
        f.gen = std::to_string(gen_.laneDivBy.size());
        listRef(f, ref_.laneDivBy);
        listGen(f, gen_.laneDivBy);
    }
    if (!ref_.blockSwizzle.empty() && gen_.blockSwizzle.empty()) {
        Finding &f = add(Severity::Note, Owner::Kernel, "block-swizzle", "divi",
                         "the reference swizzles the tile block id (divi/remi on get_tile_block_id), gen does not");
        listRef(f, ref_.blockSwizzle);
    }
}

void Classifier::layoutsAndTypes()
{
    if (ref_.elementTypes.count("bf16") && !gen_.elementTypes.count("bf16"))
        add(Severity::Note, Owner::Kernel, "bf16", "", "bf16 is used in the reference but not in gen");
    const auto refOnlyTypes = minus(ref_.elementTypes, gen_.elementTypes);
    const auto genOnlyTypes = minus(gen_.elementTypes, ref_.elementTypes);
    if (!refOnlyTypes.empty() || !genOnlyTypes.empty()) {
        Finding &f = add(Severity::Note, Owner::Kernel, "element-types", "",
                         "element types differ (only in ref: " + (refOnlyTypes.empty() ? "-" : join(refOnlyTypes)) +
                             "; only in gen: " + (genOnlyTypes.empty() ? "-" : join(genOnlyTypes)) + ")");
        f.ref = join(refOnlyTypes);
        f.gen = join(genOnlyTypes);
    }
    // Tensor strides come from the host's specialisation of the arguments;
    // tile shapes, dim maps and traversal strides from the kernel.
    auto isHostPart = [](const std::string &p) { return llvm::StringRef(p).starts_with("strides="); };
    for (const bool host : {true, false}) {
        std::multiset<std::string> r, g;
        for (const std::string &p : ref_.layouts)
            if (isHostPart(p) == host)
                r.insert(p);
        for (const std::string &p : gen_.layouts)
            if (isHostPart(p) == host)
                g.insert(p);
        if (r == g)
            continue;
        const auto onlyRef = minus(r, g);
        const auto onlyGen = minus(g, r);
        Finding &f = add(Severity::Note, host ? Owner::Host : Owner::Kernel, host ? "layout-strides" : "layout-tiles", "",
                         std::string(host ? "tensor view strides" : "view tiles / dim maps") + " differ (only in ref: " +
                             (onlyRef.empty() ? "-" : join(onlyRef)) + "; only in gen: " +
                             (onlyGen.empty() ? "-" : join(onlyGen)) + ")");
        f.ref = join(onlyRef);
        f.gen = join(onlyGen);
    }
}

} // namespace tileport::tileir::diff
