// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "IrDiffStage.h"

#include "KernelConfigPath.h"
#include "LauncherFindings.h"
#include "tileport/TileIR/Diff/IrDiff.h"
#include "tileport/TileIR/Diff/ModuleLoader.h"
#include "tileport/TileIR/Diff/ReportWriter.h"
#include "Verdict.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>

#include <mlir/IR/MLIRContext.h>

#include <llvm/Support/raw_ostream.h>

namespace tileport {

namespace {

namespace td = tileir::diff;

} // namespace

StageReport IrDiffStage::run(StageContext &ctx)
{
    StageReport report;
    const QDir runDir(ctx.session().runDirectory(ctx.run()));
    QFile aReport(runDir.filePath(QStringLiteral("reports/stage_A.json")));
    if (!aReport.open(QIODevice::ReadOnly)) {
        report.verdict = verdictName(Verdict::Blocked);
        report.owner = ownerName(Owner::Kernel);
        report.reason = QStringLiteral("no stage A report in this run: run stage A first");
        return report;
    }
    const QJsonArray configs =
        QJsonDocument::fromJson(aReport.readAll()).object().value(QStringLiteral("evidence")).toObject().value(QStringLiteral("configs")).toArray();

    // The configs themselves, for the launchers' facts of each.
    const frontend::KernelConfigFile &sidecar = ctx.configs();
    const auto configNamed = [&](const QString &kernel, const QString &name) -> const frontend::KernelConfig * {
        for (const frontend::KernelConfig &k : sidecar.configs)
            if (k.kernel == kernel && k.name == name)
                return &k;
        return nullptr;
    };

    QString worst = verdictName(Verdict::Pass), owner;
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
            report.verdict = verdictName(Verdict::Blocked);
            report.owner = ownerName(Owner::Kernel);
            report.reason = QStringLiteral("config %1: %2 is missing: run stage %3 first")
                                .arg(name, QFile::exists(gen) ? QStringLiteral("the reference IR") : runDir.relativeFilePath(gen),
                                     QFile::exists(gen) ? QStringLiteral("A") : QStringLiteral("B"));
            return report;
        }
        std::string diag;
        llvm::raw_string_ostream ds(diag);
        std::optional<td::DiffReport> diff = td::diffFiles(ref.toStdString(), gen.toStdString(), {}, ds,
                                                           runDir.relativeFilePath(ref).toStdString(),
                                                           runDir.relativeFilePath(gen).toStdString());
        if (!diff) {
            report.validators << ValidatorResult{QStringLiteral("ir diff %1").arg(name), 3, QString::fromStdString(diag).trimmed()};
            report.verdict = verdictName(Verdict::FailFixable);
            report.owner = ownerName(Owner::Kernel);
            report.reason = QStringLiteral("config %1: %2").arg(name, QString::fromStdString(diag).trimmed());
            return report;
        }
        if (const frontend::KernelConfig *config = configNamed(kernel, name))
            LauncherFindings::addTo(*diff, *config);
        std::string json, md;
        llvm::raw_string_ostream js(json), ms(md);
        td::writeJsonReport(*diff, js);
        td::writeMarkdownReport(*diff, ms);
        const QDir reports(ctx.area(Session::Area::Reports));
        QFile jf(reports.filePath(QStringLiteral("diff_%1.json").arg(name))), mf(reports.filePath(QStringLiteral("diff_%1.md").arg(name)));
        if (jf.open(QIODevice::WriteOnly))
            jf.write(QByteArray::fromStdString(json));
        if (mf.open(QIODevice::WriteOnly))
            mf.write(QByteArray::fromStdString(md));

        const QString v = QString::fromLatin1(td::toString(diff->verdict));
        const QString o = diff->owner ? ownerName(*diff->owner == td::Owner::Host ? Owner::Host : Owner::Kernel) : QString();
        report.validators << ValidatorResult{QStringLiteral("ir diff %1").arg(name), td::exitCode(diff->verdict), v};
        results << QJsonObject{{QStringLiteral("config"), name},
                               {QStringLiteral("verdict"), v},
                               {QStringLiteral("owner"), o},
                               {QStringLiteral("critical"), int(diff->count(td::Severity::Critical))},
                               {QStringLiteral("notes"), int(diff->count(td::Severity::Note))},
                               {QStringLiteral("report"), QStringLiteral("reports/diff_%1.md").arg(name)}};
        if (verdictRank(v) > verdictRank(worst) || (verdictRank(v) == 2 && owner != ownerName(Owner::Kernel))) {
            worst = v;
            if (verdictRank(v) == 2)
                owner = o.isEmpty() ? ownerName(Owner::Kernel) : o; // a missing owner defaults to kernel
        }
        ++compared;
    }
    report.evidence = QJsonObject{{QStringLiteral("configs"), results}};
    if (compared == 0) {
        report.verdict = verdictName(Verdict::Blocked);
        report.owner = ownerName(Owner::Kernel);
        report.reason = QStringLiteral("stage A exported no reference configs");
        return report;
    }
    report.verdict = worst;
    report.owner = owner;
    report.reason = QStringLiteral("%1 config(s) compared; worst verdict %2").arg(compared).arg(worst);
    for (const QJsonValue &r : results)
        report.markdown += QStringLiteral("- %1: %2 (%3 critical, %4 notes), see %5\n")
                               .arg(r[QStringLiteral("config")].toString(), r[QStringLiteral("verdict")].toString())
                               .arg(r[QStringLiteral("critical")].toInt())
                               .arg(r[QStringLiteral("notes")].toInt())
                               .arg(r[QStringLiteral("report")].toString());
    return report;
}

} // namespace tileport
