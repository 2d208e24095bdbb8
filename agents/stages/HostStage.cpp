// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "HostStage.h"

#include "BundleOutcome.h"
#include "GpuJob.h"
#include "HostBundle.h"
#include "Verdict.h"

#include <QJsonArray>

namespace tileport {

namespace {

// The worst array of a config, for the table.
QString worstError(const QJsonObject &row)
{
    double worst = 0;
    qint64 bad = 0;
    for (const QJsonValue &a : row.value(QStringLiteral("arrays")).toArray()) {
        worst = qMax(worst, a.toObject().value(QStringLiteral("max_abs_err")).toDouble());
        bad += a.toObject().value(QStringLiteral("mismatched")).toInteger();
    }
    return QStringLiteral("%1 | %2").arg(worst, 0, 'g', 3).arg(bad);
}

} // namespace

StageReport HostStage::run(StageContext &ctx)
{
    StageReport report;
    HostBundle bundle;
    ctx.progress(QStringLiteral("host code and bundle"), 0.0);
    if (!HostBundle::prepare(ctx, report, &bundle))
        return report;
    report.evidence = QJsonObject{{"bundle", QStringLiteral("generated/host/bundle")},
                                  {"ffi", QStringLiteral("generated/crate/src/ffi.rs")},
                                  {"library", QStringLiteral("generated/host/bundle/") + bundle.library},
                                  {"configs", QJsonArray::fromStringList(bundle.configs)},
                                  {"runner", m_runner}};
    const QJsonObject results = runBundle(ctx, m_runner, bundle, QStringLiteral("check"), report);
    if (results.isEmpty())
        return report;

    const QJsonArray rows = results.value(QStringLiteral("configs")).toArray();
    int passed = 0;
    QString envWhy, hostWhy, kernelWhy;
    QString md = QStringLiteral("| config | kernel | status | max abs err | mismatched | note |\n|---|---|---|---|---|---|\n");
    for (const QJsonValue &v : rows) {
        const QJsonObject r = v.toObject();
        const QString status = r.value(QStringLiteral("status")).toString();
        const std::optional<Owner> owner = ownerFromName(r.value(QStringLiteral("owner")).toString());
        const QString name = r.value(QStringLiteral("config")).toString();
        const QString failure = BundleOutcome::checkFailure(r);
        const QString why = status == QLatin1String("pass") ? r.value(QStringLiteral("reason")).toString() : failure;
        if (status == QLatin1String("pass"))
            ++passed;
        const QString line = QStringLiteral("%1: %2").arg(name, why);
        if (status != QLatin1String("pass")) {
            QString &slot = owner == Owner::Env ? envWhy : owner == Owner::Host ? hostWhy : kernelWhy;
            if (slot.isEmpty())
                slot = line;
        }
        md += QStringLiteral("| %1 | %2 | %3 | %4 | %5 |\n")
                  .arg(name, r.value(QStringLiteral("kernel")).toString(), status, worstError(r), QString(why).replace(QLatin1Char('|'), QLatin1Char('/')));
    }
    QJsonObject evidence = report.evidence;
    evidence.insert(QStringLiteral("results"), rows);
    evidence.insert(QStringLiteral("environment"), results.value(QStringLiteral("environment")));
    report.evidence = evidence;
    report.markdown = md;
    if (rows.isEmpty()) {
        report.verdict = Verdict::Blocked;
        report.owner = Owner::Kernel;
        report.reason = QStringLiteral("the harness checked no config");
    } else if (!envWhy.isEmpty()) {
        report.verdict = Verdict::Blocked;
        report.owner = Owner::Env;
        report.reason = envWhy;
    } else if (!hostWhy.isEmpty()) {
        report.verdict = Verdict::Fail;
        report.owner = Owner::Host;
        report.reason = hostWhy;
    } else if (!kernelWhy.isEmpty()) {
        report.verdict = Verdict::Fail;
        report.owner = Owner::Kernel;
        report.reason = kernelWhy;
    } else {
        report.verdict = Verdict::AllPass;
        report.reason = QStringLiteral("%1 of %1 config(s) match the reference within tolerance").arg(passed);
    }
    ctx.progress(QStringLiteral("done"), 1.0);
    return report;
}

} // namespace tileport
