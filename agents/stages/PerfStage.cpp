// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "PerfStage.h"

#include "HintDiff.h"
#include "SassCompiler.h"
#include "Verdict.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QMap>

namespace tileport {

namespace {

QJsonObject readJson(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QJsonDocument::fromJson(f.readAll()).object() : QJsonObject();
}

} // namespace

StageReport PerfStage::run(StageContext &ctx)
{
    StageReport report;
    const QDir runDir(ctx.session().runDirectory(ctx.run()));
    const std::optional<StageReport> c = StageReport::read(runDir.path(), QLatin1Char('C'));
    const QJsonArray configs = c ? c->evidence.value(QStringLiteral("configs")).toArray() : QJsonArray();
    if (configs.isEmpty()) {
        report.verdict = Verdict::Blocked;
        report.owner = Owner::Kernel;
        report.reason = QStringLiteral("no stage C diff in this run: run stage C first");
        return report;
    }
    const sass::SassCompiler disassembler(ctx.tools());
    const QDir reports(ctx.area(Session::Area::Reports));
    QJsonArray perConfig;
    int differences = 0, sassCompared = 0;
    QStringList sassSkipped;
    for (const QJsonValue &cv : configs) {
        if (ctx.isCancelled())
            return report;
        const QString name = cv.toObject().value(QStringLiteral("config")).toString();
        ctx.progress(QStringLiteral("hints %1").arg(name));
        const QJsonObject diff = readJson(reports.filePath(QStringLiteral("diff_%1.json").arg(name)));
        if (diff.isEmpty()) {
            report.verdict = Verdict::Blocked;
            report.owner = Owner::Kernel;
            report.reason = QStringLiteral("config %1: reports/diff_%1.json is missing or unreadable: re-run stage C").arg(name);
            return report;
        }
        const HintDiff hints = HintDiff::fromReport(diff);
        differences += int(hints.items.size());
        QJsonObject out = hints.toJson();
        out.insert(QStringLiteral("config"), name);

        // SASS: only when the run holds both cubins and cuobjdump exists.
        QStringList cubins;
        for (const QString &area : {QStringLiteral("reference"), QStringLiteral("generated")}) {
            const QStringList found = QDir(runDir.filePath(area)).entryList({QStringLiteral("*.%1.cubin").arg(name)}, QDir::Files);
            if (!found.isEmpty())
                cubins << runDir.filePath(area + QLatin1Char('/') + found.first());
        }
        if (cubins.size() < 2 || ctx.tools().cuobjdump.isEmpty()) {
            sassSkipped << QStringLiteral("%1: %2").arg(name, cubins.size() < 2 ? QStringLiteral("no cubins in the run")
                                                                                : QStringLiteral("cuobjdump not found"));
        } else {
            QJsonObject mixes;
            for (int side = 0; side < 2; ++side) {
                const sass::SideResult r = disassembler.disassemble(cubins[side], ctx.toolTimeoutMs(), ctx.cancelFlag());
                report.validators << ValidatorResult{QStringLiteral("cuobjdump -sass %1").arg(QFileInfo(cubins[side]).fileName()),
                                                     r.ok() ? 0 : 1, r.error};
                QMap<QString, int> counts; // instructions by mnemonic, over the cubin's functions
                for (const sass::Function &fn : r.module.functions)
                    for (const sass::Instruction &i : fn.instructions)
                        ++counts[i.base()];
                QJsonObject mix;
                for (auto it = counts.cbegin(); it != counts.cend(); ++it)
                    mix.insert(it.key(), it.value());
                mixes.insert(side == 0 ? QStringLiteral("ref") : QStringLiteral("gen"), mix);
            }
            out.insert(QStringLiteral("sass_mix"), mixes);
            ++sassCompared;
        }
        QFile f(reports.filePath(QStringLiteral("perf_%1.json").arg(name)));
        if (f.open(QIODevice::WriteOnly))
            f.write(QJsonDocument(out).toJson());
        perConfig << out;
        for (const HintDiff::Item &i : hints.items)
            report.markdown += QStringLiteral("- %1: %2 `%3`%4: reference `%5`, generated `%6`%7\n")
                                   .arg(name, i.kind, i.op, i.name.isEmpty() ? QString() : QStringLiteral(" ") + i.name,
                                        i.ref.isEmpty() ? QStringLiteral("(none)") : i.ref,
                                        i.gen.isEmpty() ? QStringLiteral("(none)") : i.gen,
                                        i.where.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(i.where));
    }
    report.evidence = QJsonObject{{QStringLiteral("configs"), perConfig},
                                  {QStringLiteral("sass_compared"), sassCompared},
                                  {QStringLiteral("sass_skipped"), QJsonArray::fromStringList(sassSkipped)}};
    report.verdict = differences > 0 ? Verdict::Fixable : Verdict::Aligned;
    report.owner = differences > 0 ? std::optional<Owner>(Owner::Kernel) : std::nullopt;
    report.reason = differences > 0 ? QStringLiteral("%1 hint or op-form difference(s) across %2 config(s)").arg(differences).arg(configs.size())
                                    : QStringLiteral("hints and op forms agree in %1 config(s)").arg(configs.size());
    if (!sassSkipped.isEmpty())
        report.reason += QStringLiteral("; SASS mix skipped (%1)").arg(sassSkipped.join(QStringLiteral("; ")));
    return report;
}

} // namespace tileport
