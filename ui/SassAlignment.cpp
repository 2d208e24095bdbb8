// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "SassAlignment.h"

#include "LineDiff.h"
#include "SassCompiler.h"
#include "SassNormalizer.h"

#include <algorithm>

namespace tileport::ui {

namespace {

// Aligns two instruction streams: equal canonical lines are matched (their
// exact lines may still differ in register numbers), each hunk's removed and
// added lines are paired in order as changed, the rest deleted or inserted.
void alignFunction(const sass::Function &ref, const sass::Function &gen, QList<SassRow> &rows)
{
    const sass::SassNormalizer rn(ref), gn(gen);
    const QStringList refExact = rn.exactLines(), genExact = gn.exactLines();
    const QStringList refCanon = rn.canonicalLines(), genCanon = gn.canonicalLines();
    const QList<patch::Hunk> hunks = patch::LineDiff::hunks(refCanon.join(QLatin1Char('\n')) + QLatin1Char('\n'),
                                                            genCanon.join(QLatin1Char('\n')) + QLatin1Char('\n'), 0);
    int i = 0, j = 0; // next unaligned line of each side (0-based)
    // Exact lines are one per instruction, in order: index k is instruction k.
    auto locate = [&](SassRow &row, int refIndex, int genIndex) {
        if (refIndex >= 0 && refIndex < ref.instructions.size()) {
            row.refFile = ref.instructions[refIndex].sourceFile;
            row.refLine = ref.instructions[refIndex].sourceLine;
        }
        if (genIndex >= 0 && genIndex < gen.instructions.size()) {
            row.genFile = gen.instructions[genIndex].sourceFile;
            row.genLine = gen.instructions[genIndex].sourceLine;
        }
    };
    auto matchedUpTo = [&](int refEnd) {
        for (; i < refEnd && i < refExact.size() && j < genExact.size(); ++i, ++j) {
            SassRow row;
            row.ref = refExact[i];
            row.gen = genExact[j];
            row.registersOnly = refExact[i] != genExact[j];
            locate(row, i, j);
            rows << row;
        }
    };
    for (const patch::Hunk &h : hunks) {
        // With no context, a hunk's old lines start at oldStart (1-based; the line before when it removes none).
        const int refStart = h.oldCount == 0 ? h.oldStart : h.oldStart - 1;
        matchedUpTo(refStart);
        const int removed = h.removed(), added = h.added();
        for (int k = 0; k < std::max(removed, added); ++k) {
            SassRow row;
            if (k < removed && k < added) {
                row.kind = SassRow::Kind::Changed;
                locate(row, i, j);
                row.ref = refExact.value(i++);
                row.gen = genExact.value(j++);
            } else if (k < removed) {
                row.kind = SassRow::Kind::Deleted;
                locate(row, i, -1);
                row.ref = refExact.value(i++);
            } else {
                row.kind = SassRow::Kind::Inserted;
                locate(row, -1, j);
                row.gen = genExact.value(j++);
            }
            rows << row;
        }
    }
    matchedUpTo(int(refExact.size()));
}

} // namespace

SassSideBySide SassSideBySide::align(const sass::Module &ref, const sass::Module &gen)
{
    SassSideBySide out;
    const sass::Comparison c = sass::compare(ref, gen);
    out.verdict = sass::verdictName(c.verdict);
    out.notes = c.notes;
    for (const sass::FunctionComparison &f : c.functions) {
        out.notes << f.notes;
        out.refInstructions += f.refInstructions;
        out.genInstructions += f.genInstructions;
        if (out.resources.isEmpty())
            out.resources = {{QStringLiteral("registers"), f.refResources.registers, f.genResources.registers},
                             {QStringLiteral("shared"), f.refResources.shared, f.genResources.shared},
                             {QStringLiteral("local"), f.refResources.local, f.genResources.local},
                             {QStringLiteral("stack"), f.refResources.stack, f.genResources.stack},
                             {QStringLiteral("param bank"), f.refResources.constant0, f.genResources.constant0}};
        out.classDeltas << f.classDeltas;
        out.rows << SassRow{SassRow::Kind::Function, f.refName, f.genName, false, {}, {}, 0, 0};
        const auto byName = [](const sass::Module &m, const QString &name) -> const sass::Function * {
            for (const sass::Function &fn : m.functions)
                if (fn.name == name)
                    return &fn;
            return nullptr;
        };
        const sass::Function *r = byName(ref, f.refName), *g = byName(gen, f.genName);
        static const sass::Function none;
        alignFunction(r ? *r : none, g ? *g : none, out.rows);
    }
    out.notes.removeDuplicates();
    return out;
}

SassSideBySide SassSideBySide::compute(const Toolchains &tools, const QString &refBytecode, const QString &genBytecode,
                                       const std::atomic_bool *cancel)
{
    const sass::SassCompiler compiler(tools);
    const auto [ref, gen] = compiler.buildPair(refBytecode, genBytecode, {}, cancel);
    if (!ref.ok() || !gen.ok()) {
        SassSideBySide out;
        out.error = QStringLiteral("BLOCKED: %1").arg(!ref.ok() ? ref.error : gen.error);
        return out;
    }
    return align(ref.module, gen.module);
}

} // namespace tileport::ui
