// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "IrDiffStage.h"

#include "IrDiffStep.h"
#include "KernelConfigPath.h"
#include "Verdict.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>

namespace tileport {

StageReport IrDiffStage::run(StageContext &ctx)
{
    StageReport report;
    const QDir runDir(ctx.session().runDirectory(ctx.run()));
    const std::optional<StageReport> aReport = StageReport::read(runDir.path(), QLatin1Char('A'));
    if (!aReport) {
        report.verdict = Verdict::Blocked;
        report.owner = Owner::Kernel;
        report.reason = QStringLiteral("no stage A report in this run: run stage A first");
        return report;
    }
    const QJsonArray configs = aReport->evidence.value(QStringLiteral("configs")).toArray();

    // The configs themselves, for the launchers' facts of each.
    const frontend::KernelConfigFile &sidecar = ctx.configs();
    const auto configNamed = [&](const QString &kernel, const QString &name) -> const frontend::KernelConfig * {
        for (const frontend::KernelConfig &k : sidecar.configs)
            if (k.kernel == kernel && k.name == name)
                return &k;
        return nullptr;
    };

    Verdict worst = Verdict::Pass;
    std::optional<Owner> owner;
    QJsonArray results;
    int compared = 0;
    for (const QJsonValue &cv : configs) {
        if (ctx.isCancelled())
            return report;
        const QJsonObject c = cv.toObject();
        const QString name = c.value(QStringLiteral("config")).toString();
        const QString kernel = c.value(QStringLiteral("kernel")).toString();
        const QString ref = runDir.filePath(c.value(QStringLiteral("bytecode")).toString());
        const QString gen = runDir.filePath(QStringLiteral("generated/%1.%2.tileirbc").arg(kernel, name));
        ctx.progress(QStringLiteral("diff %1").arg(name), configs.isEmpty() ? -1 : double(compared) / configs.size());
        if (c.value(QStringLiteral("bytecode")).toString().isEmpty() || !QFile::exists(gen)) {
            report.verdict = Verdict::Blocked;
            report.owner = Owner::Kernel;
            report.reason = QStringLiteral("config %1: %2 is missing: run stage %3 first")
                                .arg(name, QFile::exists(gen) ? QStringLiteral("the reference IR") : runDir.relativeFilePath(gen),
                                     QFile::exists(gen) ? QStringLiteral("A") : QStringLiteral("B"));
            return report;
        }
        const QDir reports(ctx.area(Session::Area::Reports));
        steps::IrDiffInput in;
        in.reference = ref;
        in.generated = gen;
        in.referenceLabel = runDir.relativeFilePath(ref);
        in.generatedLabel = runDir.relativeFilePath(gen);
        in.config = configNamed(kernel, name);
        in.jsonReport = reports.filePath(QStringLiteral("diff_%1.json").arg(name));
        in.markdownReport = reports.filePath(QStringLiteral("diff_%1.md").arg(name));
        const steps::IrDiffEvidence diff = steps::diffIr(in);
        if (!diff.diffed()) {
            report.validators << ValidatorResult{QStringLiteral("ir diff %1").arg(name), diff.exitCode, diff.error};
            report.verdict = diff.verdict;
            report.owner = diff.owner.value_or(Owner::Kernel);
            report.reason = QStringLiteral("config %1: %2").arg(name, diff.error);
            return report;
        }
        const QString v = verdictName(diff.verdict);
        const QString o = diff.owner ? ownerName(*diff.owner) : QString();
        report.validators << ValidatorResult{QStringLiteral("ir diff %1").arg(name), diff.exitCode, v};
        results << QJsonObject{{QStringLiteral("config"), name},
                               {QStringLiteral("verdict"), v},
                               {QStringLiteral("owner"), o},
                               {QStringLiteral("critical"), diff.critical},
                               {QStringLiteral("notes"), diff.notes},
                               {QStringLiteral("report"), QStringLiteral("reports/diff_%1.md").arg(name)}};
        if (verdictRank(diff.verdict) > verdictRank(worst) || (verdictRank(diff.verdict) == 2 && owner != Owner::Kernel)) {
            worst = diff.verdict;
            if (verdictRank(diff.verdict) == 2)
                owner = diff.owner.value_or(Owner::Kernel); // a missing owner defaults to kernel
        }
        ++compared;
    }
    report.evidence = QJsonObject{{QStringLiteral("configs"), results}};
    if (compared == 0) {
        report.verdict = Verdict::Blocked;
        report.owner = Owner::Kernel;
        report.reason = QStringLiteral("stage A exported no reference configs");
        return report;
    }
    report.verdict = worst;
    report.owner = owner;
    report.reason = QStringLiteral("%1 config(s) compared; worst verdict %2").arg(compared).arg(verdictName(worst));
    for (const QJsonValue &r : results)
        report.markdown += QStringLiteral("- %1: %2 (%3 critical, %4 notes), see %5\n")
                               .arg(r[QStringLiteral("config")].toString(), r[QStringLiteral("verdict")].toString())
                               .arg(r[QStringLiteral("critical")].toInt())
                               .arg(r[QStringLiteral("notes")].toInt())
                               .arg(r[QStringLiteral("report")].toString());
    return report;
}

} // namespace tileport
