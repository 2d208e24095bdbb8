// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "SassReport.h"

#include "SassNormalizer.h"
#include "Verdict.h"

#include <QJsonArray>

#include <algorithm>

namespace tileport::sass {

namespace {

QString signedDelta(int d)
{
    return d == 0 ? QString() : (d > 0 ? QStringLiteral("+%1").arg(d) : QString::number(d));
}

QString row(const QString &name, const QString &ref, const QString &gen, const QString &delta = {})
{
    return QStringLiteral("  %1 %2 %3 %4\n").arg(name, -22).arg(ref, 8).arg(gen, 8).arg(delta, 8);
}

QString row(const QString &name, int ref, int gen)
{
    return row(name, QString::number(ref), QString::number(gen), signedDelta(gen - ref));
}

// Both sides should be assembled from one bytecode version (the config's);
// said out loud when they are not, since the code then differs for that too.
QString bytecodeMismatch(const SideResult &ref, const SideResult &gen)
{
    if (ref.bytecodeVersion == gen.bytecodeVersion)
        return {};
    return QStringLiteral("the sides are Tile IR bytecode %1 (ref) and %2 (gen): export both at one version to compare like for like")
        .arg(ref.bytecodeVersion, gen.bytecodeVersion);
}

QString sideHeader(const QString &label, const SideResult &s)
{
    return QStringLiteral("  %1: %2 (bytecode %3, %4)\n").arg(label, s.bytecodeFile, s.bytecodeVersion,
                                                               s.cacheHit ? QStringLiteral("cached")
                                                                          : QStringLiteral("compiled in %1 ms").arg(s.compileMs));
}

QString deltaList(const QList<CountDelta> &deltas, int limit)
{
    QStringList parts;
    for (const CountDelta &d : deltas.mid(0, limit))
        parts << QStringLiteral("%1 %2").arg(d.name, signedDelta(d.delta()));
    if (deltas.size() > limit)
        parts << QStringLiteral("... %1 more").arg(deltas.size() - limit);
    return parts.join(QStringLiteral(", "));
}

QJsonObject functionJson(const Function &f, bool listing)
{
    const ClassCounts counts = classCounts(f);
    QJsonObject mix;
    for (int i = 0; i < kInstructionClassCount; ++i)
        mix.insert(className(InstructionClass(i)), counts[i]);
    QJsonArray loops;
    for (const Loop &l : f.loops)
        loops.append(QJsonObject{{QStringLiteral("header"), l.header},
                                 {QStringLiteral("instructions"), l.size()},
                                 {QStringLiteral("depth"), l.depth},
                                 {QStringLiteral("wait"), l.wait}});
    QJsonObject o{{QStringLiteral("name"), f.name},
                  {QStringLiteral("instructions"), int(f.instructions.size())},
                  {QStringLiteral("classes"), mix},
                  {QStringLiteral("local_memory_instructions"), f.localMemoryInstructions()},
                  {QStringLiteral("loops"), loops}};
    QJsonObject res{{QStringLiteral("known"), f.resources.known}};
    if (f.resources.known) {
        res.insert(QStringLiteral("registers"), f.resources.registers);
        res.insert(QStringLiteral("shared_bytes"), f.resources.shared);
        res.insert(QStringLiteral("local_bytes"), f.resources.local);
        res.insert(QStringLiteral("stack_bytes"), f.resources.stack);
        res.insert(QStringLiteral("param_constant_bytes"), f.resources.constant0);
    }
    o.insert(QStringLiteral("resources"), res);
    if (listing)
        o.insert(QStringLiteral("sass"), QJsonArray::fromStringList(SassNormalizer(f).exactLines()));
    return o;
}

} // namespace

QJsonObject sideJson(const SideResult &side, bool listing)
{
    QJsonObject o{{QStringLiteral("bytecode"), side.bytecodeFile},
                  {QStringLiteral("bytecode_version"), side.bytecodeVersion},
                  {QStringLiteral("status"), side.ok() ? QStringLiteral("OK") : tileport::verdictName(tileport::Verdict::Blocked)}};
    if (!side.ok()) {
        o.insert(QStringLiteral("error"), side.error);
        return o;
    }
    QJsonArray fns;
    for (const Function &f : side.module.functions)
        fns.append(functionJson(f, listing));
    o.insert(QStringLiteral("key"), side.key);
    o.insert(QStringLiteral("cache_hit"), side.cacheHit);
    o.insert(QStringLiteral("cubin"), side.cubinPath);
    o.insert(QStringLiteral("compile_ms"), side.compileMs);
    o.insert(QStringLiteral("disassemble_ms"), side.disassembleMs);
    o.insert(QStringLiteral("sass_target"), side.module.target);
    o.insert(QStringLiteral("functions"), fns);
    return o;
}

QString sideText(const SideResult &side, const CompileOptions &options, bool listing)
{
    QString out;
    if (!side.ok())
        return QStringLiteral("BLOCKED: %1\n").arg(side.error);
    out += QStringLiteral("SASS of %1 (bytecode %2; tileiras %3 --gpu-name=%4 %5; %6)\n")
               .arg(side.bytecodeFile, side.bytecodeVersion, side.tileirasVersion, options.target, options.flags.join(QLatin1Char(' ')),
                    side.cacheHit ? QStringLiteral("cached") : QStringLiteral("compiled in %1 ms").arg(side.compileMs));
    for (const Function &f : side.module.functions) {
        const Resources &r = f.resources;
        out += QStringLiteral("\nfunction %1 (%2)\n").arg(f.name, side.module.target);
        out += r.known ? QStringLiteral("  registers %1, shared %2 B, local %3 B, stack %4 B, parameter bank %5 B\n")
                             .arg(r.registers).arg(r.shared).arg(r.local).arg(r.stack).arg(r.constant0)
                       : QStringLiteral("  resources unknown (no -res-usage entry)\n");
        const ClassCounts c = classCounts(f);
        QStringList mix;
        for (int i = 0; i < kInstructionClassCount; ++i)
            if (c[i])
                mix << QStringLiteral("%1 %2").arg(className(InstructionClass(i))).arg(c[i]);
        out += QStringLiteral("  %1 instructions: %2\n").arg(f.instructions.size()).arg(mix.join(QStringLiteral(", ")));
        out += QStringLiteral("  %1 loop(s)").arg(f.loops.size());
        QStringList loops;
        for (int k = 0; k < f.loops.size(); ++k) {
            const Loop &l = f.loops[k];
            loops << QStringLiteral("L%1 at %2 (%3 instructions, depth %4%5)")
                         .arg(k).arg(l.header).arg(l.size()).arg(l.depth)
                         .arg(l.wait ? QStringLiteral(", wait") : QString());
        }
        out += loops.isEmpty() ? QStringLiteral("\n") : QStringLiteral(": %1\n").arg(loops.join(QStringLiteral(", ")));
        if (!listing)
            continue;
        const QStringList lines = SassNormalizer(f).exactLines();
        for (int i = 0; i < lines.size(); ++i) {
            // The innermost loop an instruction belongs to.
            QString mark = QStringLiteral("    ");
            int depth = 0;
            for (int k = 0; k < f.loops.size(); ++k)
                if (f.loops[k].depth > depth && std::binary_search(f.loops[k].body.cbegin(), f.loops[k].body.cend(), i)) {
                    mark = QStringLiteral("L%1").arg(k, -4);
                    depth = f.loops[k].depth;
                }
            out += QStringLiteral("  %1%2 %3\n").arg(mark).arg(i, 5).arg(lines[i]);
        }
    }
    return out;
}

QString comparisonText(const SideResult &ref, const SideResult &gen, const Comparison &c, const CompileOptions &options)
{
    QString out = QStringLiteral("SASS comparison (tileiras %1 --gpu-name=%2 %3)\n")
                      .arg(ref.tileirasVersion, options.target, options.flags.join(QLatin1Char(' ')));
    if (const QString m = bytecodeMismatch(ref, gen); !m.isEmpty())
        out += QStringLiteral("  note: %1\n").arg(m);
    out += sideHeader(QStringLiteral("ref"), ref);
    out += sideHeader(QStringLiteral("gen"), gen);
    for (const FunctionComparison &f : c.functions) {
        out += QStringLiteral("\nfunction %1\n      vs %2\n")
                   .arg(f.refName.isEmpty() ? QStringLiteral("(none)") : f.refName,
                        f.genName.isEmpty() ? QStringLiteral("(none)") : f.genName);
        out += row(QString(), QStringLiteral("ref"), QStringLiteral("gen"), QStringLiteral("delta"));
        out += row(QStringLiteral("instructions"), f.refInstructions, f.genInstructions);
        const Resources &a = f.refResources, &b = f.genResources;
        if (a.known || b.known) {
            out += row(QStringLiteral("registers"), a.registers, b.registers);
            out += row(QStringLiteral("shared bytes"), a.shared, b.shared);
            out += row(QStringLiteral("local bytes (spills)"), a.local, b.local);
            out += row(QStringLiteral("stack bytes"), a.stack, b.stack);
            out += row(QStringLiteral("parameter bank bytes"), a.constant0, b.constant0);
        }
        int refLoops = 0, genLoops = 0;
        for (const LoopComparison &l : f.loops) {
            refLoops += l.refSize >= 0;
            genLoops += l.genSize >= 0;
        }
        out += row(QStringLiteral("loops"), refLoops, genLoops);
        if (f.refWaitLoops || f.genWaitLoops)
            out += row(QStringLiteral("wait loops"), f.refWaitLoops, f.genWaitLoops);
        out += QStringLiteral("  instruction mix\n");
        for (int i = 0; i < kInstructionClassCount; ++i)
            if (f.refClasses[i] || f.genClasses[i])
                out += row(QStringLiteral("  ") + className(InstructionClass(i)), f.refClasses[i], f.genClasses[i]);
        if (!f.opcodeDeltas.isEmpty())
            out += QStringLiteral("  opcode deltas: %1\n").arg(deltaList(f.opcodeDeltas, 12));
        for (const LoopComparison &l : f.loops) {
            out += QStringLiteral("  loop %1 (depth %2): ref %3, gen %4 instructions: %5")
                       .arg(l.index)
                       .arg(std::max(l.refDepth, l.genDepth))
                       .arg(l.refSize < 0 ? QStringLiteral("-") : QString::number(l.refSize))
                       .arg(l.genSize < 0 ? QStringLiteral("-") : QString::number(l.genSize))
                       .arg(verdictName(l.verdict));
            if (!l.classDeltas.isEmpty())
                out += QStringLiteral(" (%1)").arg(deltaList(l.classDeltas, 10));
            out += QLatin1Char('\n');
        }
        out += QStringLiteral("  %1%2\n").arg(verdictName(f.verdict),
                                              f.notes.isEmpty() ? QString() : QStringLiteral(": ") + f.notes.join(QStringLiteral("; ")));
    }
    out += QStringLiteral("\nverdict: %1").arg(verdictName(c.verdict));
    if (!c.notes.isEmpty())
        out += QStringLiteral(" (%1)").arg(c.notes.join(QStringLiteral("; ")));
    out += QLatin1Char('\n');
    return out;
}

QJsonObject comparisonJson(const SideResult &ref, const SideResult &gen, const Comparison &c, const CompileOptions &options)
{
    return QJsonObject{{QStringLiteral("schema"), QStringLiteral("tileport-sass/1")},
                       {QStringLiteral("target"), options.target},
                       {QStringLiteral("flags"), QJsonArray::fromStringList(options.flags)},
                       {QStringLiteral("tileiras_version"), ref.tileirasVersion},
                       {QStringLiteral("bytecode_version"), ref.bytecodeVersion == gen.bytecodeVersion ? ref.bytecodeVersion : QString()},
                       {QStringLiteral("bytecode_mismatch"), bytecodeMismatch(ref, gen)},
                       {QStringLiteral("ref"), sideJson(ref)},
                       {QStringLiteral("gen"), sideJson(gen)},
                       {QStringLiteral("verdict"), verdictName(c.verdict)},
                       {QStringLiteral("comparison"), toJson(c)}};
}

} // namespace tileport::sass
