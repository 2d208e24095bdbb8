// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "SassComparison.h"

#include "SassNormalizer.h"

#include <QJsonArray>
#include <QSet>

#include <algorithm>

namespace tileport::sass {

namespace {

// Warpgroup MMAs and how many of them wait for completion (the gsb0 scoreboard
// operand): ptxas pipelines HGMMA unless something forces it to wait.
struct WgmmaIssue {
    int total = 0;
    int waited = 0;
    int calls = 0;
};

WgmmaIssue wgmmaIssue(const Function &f)
{
    WgmmaIssue w;
    for (const Instruction &i : f.instructions) {
        if (i.base() == QLatin1String("HGMMA")) {
            ++w.total;
            if (i.operands.contains(QLatin1String("gsb0")))
                ++w.waited;
        } else if (i.base() == QLatin1String("CALL")) {
            ++w.calls;
        }
    }
    return w;
}

QMap<QString, int> opcodeCounts(const Function &f)
{
    QMap<QString, int> m;
    for (const Instruction &x : f.instructions)
        ++m[x.base()];
    return m;
}

QMap<QString, int> opcodeCounts(const Function &f, const QList<int> &indexes)
{
    QMap<QString, int> m;
    for (const int i : indexes)
        ++m[f.instructions[i].base()];
    return m;
}

QList<const Loop *> workingLoops(const Function &f)
{
    QList<const Loop *> out;
    for (const Loop &l : f.loops)
        if (!l.wait)
            out << &l;
    return out;
}

QList<CountDelta> classDeltas(const ClassCounts &ref, const ClassCounts &gen)
{
    QList<CountDelta> out;
    for (int c = 0; c < kInstructionClassCount; ++c)
        if (ref[c] != gen[c])
            out << CountDelta{className(InstructionClass(c)), ref[c], gen[c]};
    return out;
}

QList<CountDelta> opcodeDeltas(const QMap<QString, int> &ref, const QMap<QString, int> &gen)
{
    QSet<QString> names;
    for (auto it = ref.cbegin(); it != ref.cend(); ++it)
        names.insert(it.key());
    for (auto it = gen.cbegin(); it != gen.cend(); ++it)
        names.insert(it.key());
    QList<CountDelta> out;
    for (const QString &n : names) {
        const int r = ref.value(n), g = gen.value(n);
        if (r != g)
            out << CountDelta{n, r, g};
    }
    std::sort(out.begin(), out.end(), [](const CountDelta &a, const CountDelta &b) {
        const int da = std::abs(a.delta()), db = std::abs(b.delta());
        return da != db ? da > db : a.name < b.name;
    });
    return out;
}

// The resources the verdict looks at, and the kernel-parameter bank, which
// is reported but may differ in equivalent code (the front-ends lay out
// parameters differently).
QList<CountDelta> resourceDeltas(const Resources &r, const Resources &g, bool *verdictRelevant)
{
    QList<CountDelta> out;
    *verdictRelevant = false;
    const auto add = [&](const char *name, int a, int b, bool relevant) {
        if (a == b)
            return;
        out << CountDelta{QString::fromLatin1(name), a, b};
        *verdictRelevant |= relevant;
    };
    add("registers", r.registers, g.registers, true);
    add("shared_bytes", r.shared, g.shared, true);
    add("local_bytes", r.local, g.local, true);
    add("stack_bytes", r.stack, g.stack, true);
    add("param_constant_bytes", r.constant0, g.constant0, false);
    if (r.known != g.known) {
        out << CountDelta{QStringLiteral("resources_known"), int(r.known), int(g.known)};
        *verdictRelevant = true;
    }
    return out;
}

LoopComparison compareLoop(int index, const Function *rf, const Loop *rl, const Function *gf, const Loop *gl)
{
    LoopComparison lc;
    lc.index = index;
    lc.refSize = rl ? rl->size() : -1;
    lc.genSize = gl ? gl->size() : -1;
    lc.refDepth = rl ? rl->depth : 0;
    lc.genDepth = gl ? gl->depth : 0;
    const ClassCounts rc = rl ? classCounts(*rf, rl->body) : ClassCounts{};
    const ClassCounts gc = gl ? classCounts(*gf, gl->body) : ClassCounts{};
    lc.classDeltas = classDeltas(rc, gc);
    lc.opcodeDeltas = opcodeDeltas(rl ? opcodeCounts(*rf, rl->body) : QMap<QString, int>{},
                                   gl ? opcodeCounts(*gf, gl->body) : QMap<QString, int>{});
    if (!rl || !gl)
        return lc;
    const SassNormalizer rn(*rf), gn(*gf);
    if (rn.exactLines(rl->body) == gn.exactLines(gl->body))
        lc.verdict = Verdict::Identical;
    else if (SassNormalizer::multiset(rn.canonicalLines(rl->body)) == SassNormalizer::multiset(gn.canonicalLines(gl->body)))
        lc.verdict = Verdict::Equivalent;
    return lc;
}

FunctionComparison compareFunctions(const Function *rf, const Function *gf)
{
    FunctionComparison fc;
    if (rf) {
        fc.refName = rf->name;
        fc.refInstructions = int(rf->instructions.size());
        fc.refClasses = classCounts(*rf);
        fc.refResources = rf->resources;
    }
    if (gf) {
        fc.genName = gf->name;
        fc.genInstructions = int(gf->instructions.size());
        fc.genClasses = classCounts(*gf);
        fc.genResources = gf->resources;
    }
    fc.classDeltas = classDeltas(fc.refClasses, fc.genClasses);
    fc.opcodeDeltas = opcodeDeltas(rf ? opcodeCounts(*rf) : QMap<QString, int>{},
                                   gf ? opcodeCounts(*gf) : QMap<QString, int>{});
    if (!rf || !gf) {
        fc.notes << (rf ? QStringLiteral("no generated function pairs with %1").arg(rf->name)
                        : QStringLiteral("no reference function pairs with %1").arg(gf->name));
        return fc;
    }
    bool resourcesMatter = false;
    fc.resourceDeltas = resourceDeltas(rf->resources, gf->resources, &resourcesMatter);

    const QList<const Loop *> rls = workingLoops(*rf), gls = workingLoops(*gf);
    fc.refWaitLoops = int(rf->loops.size() - rls.size());
    fc.genWaitLoops = int(gf->loops.size() - gls.size());
    const int loopCount = int(std::max(rls.size(), gls.size()));
    bool loopsEquivalent = rls.size() == gls.size() && fc.refWaitLoops == fc.genWaitLoops;
    for (int i = 0; i < loopCount; ++i) {
        fc.loops << compareLoop(i, rf, i < rls.size() ? rls[i] : nullptr, gf, i < gls.size() ? gls[i] : nullptr);
        loopsEquivalent &= fc.loops.last().verdict != Verdict::Differs;
    }

    // The parameter bank's size is no code: the two front-ends pass other
    // parameters (cutile adds shapes and strides the kernel may not read).
    if (rf->resources.constant0 != gf->resources.constant0)
        fc.notes << QStringLiteral("parameter bank %1 vs %2 bytes").arg(rf->resources.constant0).arg(gf->resources.constant0);
    const SassNormalizer rn(*rf), gn(*gf);
    if (rn.exactLines() == gn.exactLines() && !resourcesMatter) {
        fc.verdict = Verdict::Identical;
        return fc;
    }
    const bool sameMultiset = SassNormalizer::multiset(rn.canonicalLines()) == SassNormalizer::multiset(gn.canonicalLines());
    if (sameMultiset && !resourcesMatter && loopsEquivalent) {
        fc.verdict = Verdict::Equivalent;
        fc.notes.prepend(QStringLiteral("same instructions up to register allocation, parameter layout and order"));
        return fc;
    }
    fc.verdict = Verdict::Differs;
    if (!sameMultiset)
        fc.notes << QStringLiteral("instruction mix differs: %1 vs %2 instructions").arg(fc.refInstructions).arg(fc.genInstructions);
    if (resourcesMatter)
        fc.notes << QStringLiteral("resource usage differs");
    if (rls.size() != gls.size())
        fc.notes << QStringLiteral("%1 loop(s) vs %2").arg(rls.size()).arg(gls.size());
    else if (fc.refWaitLoops != fc.genWaitLoops)
        fc.notes << QStringLiteral("%1 wait loop(s) vs %2").arg(fc.refWaitLoops).arg(fc.genWaitLoops);
    else if (!loopsEquivalent)
        fc.notes << QStringLiteral("a loop body differs");
    const WgmmaIssue rw = wgmmaIssue(*rf), gw = wgmmaIssue(*gf);
    if (gw.total > 1 && gw.waited == gw.total && rw.waited < rw.total)
        fc.notes << QStringLiteral("wgmma serialized in gen: each of its %1 HGMMA waits for the last (gsb0), ref keeps %2 of %3 in flight%4")
                        .arg(gw.total)
                        .arg(rw.total - rw.waited)
                        .arg(rw.total)
                        .arg(gw.calls > rw.calls
                                 ? QStringLiteral("; gen makes %1 call(s) (an in-kernel check's trap path), and ptxas serializes wgmma in a kernel that calls out").arg(gw.calls)
                                 : QString());
    return fc;
}

QJsonArray deltasJson(const QList<CountDelta> &deltas)
{
    QJsonArray a;
    for (const CountDelta &d : deltas)
        a.append(QJsonObject{{QStringLiteral("name"), d.name},
                             {QStringLiteral("ref"), d.ref},
                             {QStringLiteral("gen"), d.gen},
                             {QStringLiteral("delta"), d.delta()}});
    return a;
}

QJsonObject classesJson(const ClassCounts &c)
{
    QJsonObject o;
    for (int i = 0; i < kInstructionClassCount; ++i)
        o.insert(className(InstructionClass(i)), c[i]);
    return o;
}

QJsonObject resourcesJson(const Resources &r)
{
    if (!r.known)
        return QJsonObject{{QStringLiteral("known"), false}};
    return QJsonObject{{QStringLiteral("known"), true},
                       {QStringLiteral("registers"), r.registers},
                       {QStringLiteral("shared_bytes"), r.shared},
                       {QStringLiteral("local_bytes"), r.local},
                       {QStringLiteral("stack_bytes"), r.stack},
                       {QStringLiteral("param_constant_bytes"), r.constant0}};
}

} // namespace

QString verdictName(Verdict v)
{
    switch (v) {
    case Verdict::Identical:
        return QStringLiteral("SASS_IDENTICAL");
    case Verdict::Equivalent:
        return QStringLiteral("SASS_EQUIVALENT");
    case Verdict::Differs:
        break;
    }
    return QStringLiteral("SASS_DIFFERS");
}

ClassCounts classCounts(const Function &f)
{
    ClassCounts c{};
    for (const Instruction &x : f.instructions)
        ++c[int(x.instructionClass())];
    return c;
}

ClassCounts classCounts(const Function &f, const QList<int> &indexes)
{
    ClassCounts c{};
    for (const int i : indexes)
        ++c[int(f.instructions[i].instructionClass())];
    return c;
}

Comparison compare(const Module &ref, const Module &gen)
{
    Comparison c;
    QList<int> refLeft, genLeft;
    QHash<QString, int> genByName;
    for (int i = 0; i < gen.functions.size(); ++i)
        genByName.insert(gen.functions[i].name, i);
    QSet<int> genTaken;
    QList<std::pair<int, int>> pairs;
    for (int i = 0; i < ref.functions.size(); ++i) {
        const auto it = genByName.constFind(ref.functions[i].name);
        if (it != genByName.cend() && !genTaken.contains(*it)) {
            pairs << std::pair{i, *it};
            genTaken.insert(*it);
        } else {
            refLeft << i;
        }
    }
    for (int i = 0; i < gen.functions.size(); ++i)
        if (!genTaken.contains(i))
            genLeft << i;
    const int inOrder = int(std::min(refLeft.size(), genLeft.size()));
    for (int k = 0; k < inOrder; ++k)
        pairs << std::pair{refLeft[k], genLeft[k]};
    std::sort(pairs.begin(), pairs.end());
    for (const auto &[r, g] : pairs)
        c.functions << compareFunctions(&ref.functions[r], &gen.functions[g]);
    for (int k = inOrder; k < refLeft.size(); ++k)
        c.functions << compareFunctions(&ref.functions[refLeft[k]], nullptr);
    for (int k = inOrder; k < genLeft.size(); ++k)
        c.functions << compareFunctions(nullptr, &gen.functions[genLeft[k]]);

    c.verdict = Verdict::Identical;
    for (const FunctionComparison &f : std::as_const(c.functions))
        c.verdict = std::max(c.verdict, f.verdict);
    if (c.functions.isEmpty()) {
        c.verdict = Verdict::Differs;
        c.notes << QStringLiteral("no functions to compare");
    }
    if (ref.functions.size() != gen.functions.size())
        c.notes << QStringLiteral("%1 function(s) vs %2").arg(ref.functions.size()).arg(gen.functions.size());
    if (ref.target != gen.target)
        c.notes << QStringLiteral("targets differ: %1 vs %2").arg(ref.target, gen.target);
    return c;
}

QJsonObject toJson(const FunctionComparison &f)
{
    QJsonArray loops;
    for (const LoopComparison &l : f.loops)
        loops.append(QJsonObject{{QStringLiteral("index"), l.index},
                                 {QStringLiteral("ref_instructions"), l.refSize},
                                 {QStringLiteral("gen_instructions"), l.genSize},
                                 {QStringLiteral("ref_depth"), l.refDepth},
                                 {QStringLiteral("gen_depth"), l.genDepth},
                                 {QStringLiteral("verdict"), verdictName(l.verdict)},
                                 {QStringLiteral("class_deltas"), deltasJson(l.classDeltas)},
                                 {QStringLiteral("opcode_deltas"), deltasJson(l.opcodeDeltas)}});
    return QJsonObject{{QStringLiteral("ref_name"), f.refName},
                       {QStringLiteral("gen_name"), f.genName},
                       {QStringLiteral("verdict"), verdictName(f.verdict)},
                       {QStringLiteral("ref_instructions"), f.refInstructions},
                       {QStringLiteral("gen_instructions"), f.genInstructions},
                       {QStringLiteral("ref_classes"), classesJson(f.refClasses)},
                       {QStringLiteral("gen_classes"), classesJson(f.genClasses)},
                       {QStringLiteral("ref_resources"), resourcesJson(f.refResources)},
                       {QStringLiteral("gen_resources"), resourcesJson(f.genResources)},
                       {QStringLiteral("class_deltas"), deltasJson(f.classDeltas)},
                       {QStringLiteral("opcode_deltas"), deltasJson(f.opcodeDeltas)},
                       {QStringLiteral("resource_deltas"), deltasJson(f.resourceDeltas)},
                       {QStringLiteral("loops"), loops},
                       {QStringLiteral("ref_wait_loops"), f.refWaitLoops},
                       {QStringLiteral("gen_wait_loops"), f.genWaitLoops},
                       {QStringLiteral("notes"), QJsonArray::fromStringList(f.notes)}};
}

QJsonObject toJson(const Comparison &c)
{
    QJsonArray fns;
    for (const FunctionComparison &f : c.functions)
        fns.append(toJson(f));
    return QJsonObject{{QStringLiteral("verdict"), verdictName(c.verdict)},
                       {QStringLiteral("functions"), fns},
                       {QStringLiteral("notes"), QJsonArray::fromStringList(c.notes)}};
}

} // namespace tileport::sass
