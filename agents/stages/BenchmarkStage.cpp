// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "BenchmarkStage.h"

#include "GpuJob.h"
#include "HostBundle.h"
#include "Verdict.h"

#include <QJsonArray>

#include <cmath>

namespace tileport {

StageReport BenchmarkStage::run(StageContext &ctx)
{
    StageReport report;
    HostBundle bundle;
    ctx.progress(QStringLiteral("host bundle"), 0.0);
    // D normally built it already; cargo makes this a no-op then.
    if (!HostBundle::prepare(ctx, report, &bundle)) {
        if (report.verdict == Verdict::Fail)
            report.verdict = Verdict::Blocked; // E has no FAIL: it cannot measure
        return report;
    }
    report.evidence = QJsonObject{{"bundle", QStringLiteral("generated/host/bundle")}, {"runner", m_runner}};
    const QJsonObject results = runBundle(ctx, m_runner, bundle, QStringLiteral("bench"), report);
    if (results.isEmpty()) {
        if (report.verdict == Verdict::Fail)
            report.verdict = Verdict::Blocked;
        return report;
    }

    const QJsonArray rows = results.value(QStringLiteral("configs")).toArray();
    double logSum = 0;
    int measured = 0;
    QStringList missing;
    QString md = QStringLiteral("| config | reference (ms) | rust (ms) | rust/ref |\n|---|---|---|---|\n");
    for (const QJsonValue &v : rows) {
        const QJsonObject r = v.toObject();
        const QString name = r.value(QStringLiteral("config")).toString();
        const double ratio = r.value(QStringLiteral("ratio")).toDouble();
        if (r.value(QStringLiteral("status")).toString() != QLatin1String("done") || !(ratio > 0)) {
            missing << QStringLiteral("%1 (%2)").arg(name, r.value(QStringLiteral("reason")).toString());
            md += QStringLiteral("| %1 | - | - | %2 |\n").arg(name, r.value(QStringLiteral("status")).toString());
            continue;
        }
        logSum += std::log(ratio);
        ++measured;
        const double ref = r.value(QStringLiteral("ref_ms")).toDouble(), rust = r.value(QStringLiteral("rust_ms")).toDouble();
        md += QStringLiteral("| %1 | %2 | %3 | %4 |\n").arg(name).arg(ref, 0, 'f', 4).arg(rust, 0, 'f', 4).arg(ratio, 0, 'f', 3);
        ctx.benchmarkRow(QJsonObject{{"config", name},
                                     {"kernel", r.value(QStringLiteral("kernel"))},
                                     {"ref_ms", ref},
                                     {"rust_ms", rust},
                                     {"ratio", ratio}});
    }
    QJsonObject evidence = report.evidence;
    evidence.insert(QStringLiteral("results"), rows);
    evidence.insert(QStringLiteral("environment"), results.value(QStringLiteral("environment")));
    if (measured == 0) {
        report.evidence = evidence;
        report.markdown = md;
        report.verdict = Verdict::Blocked;
        report.owner = Owner::Kernel;
        report.reason = QStringLiteral("no config could be timed: %1").arg(missing.join(QStringLiteral("; ")));
        return report;
    }
    const double geomean = std::exp(logSum / measured);
    evidence.insert(QStringLiteral("geomean_ratio"), geomean);
    evidence.insert(QStringLiteral("gate"), kGate);
    report.evidence = evidence;
    md += QStringLiteral("\ngeomean(rust/ref) = %1 over %2 config(s); gate %3\n").arg(geomean, 0, 'f', 3).arg(measured).arg(kGate);
    report.markdown = md;
    const QString tail = missing.isEmpty() ? QString() : QStringLiteral("; not timed: %1").arg(missing.join(QStringLiteral(", ")));
    if (geomean <= kGate && missing.isEmpty()) {
        report.verdict = Verdict::Done;
        report.reason = QStringLiteral("geomean(rust/ref) %1 <= %2").arg(geomean, 0, 'f', 3).arg(kGate);
    } else {
        report.verdict = Verdict::Investigate;
        report.owner = Owner::Kernel;
        report.reason = QStringLiteral("geomean(rust/ref) %1 %2 %3%4")
                            .arg(geomean, 0, 'f', 3)
                            .arg(geomean <= kGate ? QStringLiteral("<=") : QStringLiteral(">"))
                            .arg(kGate)
                            .arg(tail);
    }
    ctx.progress(QStringLiteral("done"), 1.0);
    return report;
}

} // namespace tileport
