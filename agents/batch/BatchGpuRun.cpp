// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "BatchGpuRun.h"

#include "BundleOutcome.h"
#include "Frontend.h"
#include "HostBundleBuilder.h"
#include "Verdict.h"

#include <QJsonArray>
#include <QJsonObject>

namespace tileport {

namespace {

bool cancelled(const std::atomic_bool *cancel)
{
    return cancel && cancel->load();
}

void setAll(QList<BatchGpuRun::Outcome> &out, const QString &verdict, const QString &owner, const QString &reason)
{
    for (BatchGpuRun::Outcome &o : out)
        if (o.verdict.isEmpty()) {
            o.verdict = verdict;
            o.owner = owner;
            o.reason = reason;
        }
}

double worstError(const QJsonObject &row)
{
    double worst = 0;
    for (const QJsonValue &a : row.value(QStringLiteral("arrays")).toArray())
        worst = qMax(worst, a.toObject().value(QStringLiteral("max_abs_err")).toDouble());
    return worst;
}

// One runMany over the bundles listed in `which`, in `mode`; returns each
// one's outcome in the order of `which`.
QList<BundleOutcome> runMode(GpuRunner &runner, const QList<BatchGpuRun::Bundle> &bundles, const QList<int> &which,
                             const QString &mode, int timeoutMs, const std::atomic_bool *cancel,
                             const BatchGpuRun::Progress &progress, QList<QString> &jobNames)
{
    QList<RunnerJob> jobs;
    for (int i : which) {
        RunnerJob j;
        j.bundleDir = bundles[i].outDir;
        j.command = {QStringLiteral("sh"), QStringLiteral("run.sh"), mode};
        j.timeoutMs = timeoutMs;
        jobs << j;
    }
    jobNames = QList<QString>(which.size());
    const QList<RunnerOutcome> ran = runner.runMany(jobs, cancel, [&](int k, RunnerJobState state, const QString &id) {
        if (k < 0 || k >= which.size())
            return;
        if (!id.isEmpty())
            jobNames[k] = id;
        if (progress)
            progress(which[k], mode, state, id);
    });
    QList<BundleOutcome> out;
    for (qsizetype k = 0; k < which.size(); ++k) {
        RunnerOutcome r = k < ran.size() ? ran[k] : RunnerOutcome{};
        if (k >= ran.size())
            r.reason = QStringLiteral("the runner returned no outcome");
        out << BundleOutcome::read(r, bundles[which[k]].outDir, mode, runner.describe());
    }
    return out;
}

} // namespace

QList<BatchGpuRun::Outcome> BatchGpuRun::run(const QList<Bundle> &bundles, const QString &runnerSpec, const Toolchains &tools,
                                             int timeoutMs, const std::atomic_bool *cancel, const Progress &progress)
{
    QList<Outcome> out(bundles.size());
    QString error;
    const std::unique_ptr<GpuRunner> runner = makeGpuRunner(runnerSpec, &error);
    if (!runner) {
        setAll(out, verdictName(Verdict::Blocked), ownerName(Owner::Env), QStringLiteral("GPU runner: %1").arg(error));
        return out;
    }
    // Asked once for the whole batch: an unusable runner blocks every row alike.
    if (const QString why = runner->unavailableReason(cancel); !why.isEmpty()) {
        setAll(out, verdictName(Verdict::Blocked), ownerName(Owner::Env), QStringLiteral("GPU runner %1: %2").arg(runner->describe(), why));
        return out;
    }

    QList<int> built;
    for (int i = 0; i < bundles.size() && !cancelled(cancel); ++i) {
        const Bundle &b = bundles[i];
        if (progress)
            progress(i, QStringLiteral("bundle"), RunnerJobState::Running, {});
        rust::HostBundleBuilder::Options o;
        o.source = b.source;
        o.kernel = b.kernel;
        o.configPath = b.configPath;
        o.crateDir = b.crateDir;
        o.outDir = b.outDir;
        o.timeoutMs = timeoutMs;
        o.cancel = cancel;
        frontendFor(o.source).configureBundle(o); // a Triton file: Triton is the reference
        const rust::HostBundleBuilder::Result r = rust::HostBundleBuilder::build(o, tools);
        if (r.ok) {
            built << i;
        } else {
            out[i].verdict = verdictName(r.verdict);
            out[i].owner = r.owner ? ownerName(*r.owner) : QString();
            out[i].reason = QStringLiteral("bundle: %1").arg(r.reason);
        }
        if (progress)
            progress(i, QStringLiteral("bundle"), RunnerJobState::Done, {});
    }
    if (cancelled(cancel) || built.isEmpty())
        return out;

    QList<QString> names;
    const QList<BundleOutcome> checks = runMode(*runner, bundles, built, QStringLiteral("check"), timeoutMs, cancel, progress, names);
    QList<int> checked;
    for (qsizetype k = 0; k < built.size(); ++k) {
        Outcome &o = out[built[k]];
        o.checkJob = names[k];
        const BundleOutcome &c = checks[k];
        if (!c.ok()) {
            o.verdict = verdictName(*c.verdict);
            o.owner = c.owner ? ownerName(*c.owner) : QString();
            o.reason = c.reason;
            continue;
        }
        for (const QJsonValue &v : c.results.value(QStringLiteral("configs")).toArray()) {
            const QJsonObject row = v.toObject();
            ConfigResult &cr = o.configs[row.value(QStringLiteral("config")).toString()];
            cr.check = row.value(QStringLiteral("status")).toString(QStringLiteral("missing"));
            cr.reason = BundleOutcome::checkFailure(row);
            if (row.contains(QStringLiteral("arrays")))
                cr.maxAbsErr = worstError(row);
        }
        checked << built[k];
    }
    if (cancelled(cancel) || checked.isEmpty())
        return out;

    const QList<BundleOutcome> benches = runMode(*runner, bundles, checked, QStringLiteral("bench"), timeoutMs, cancel, progress, names);
    for (qsizetype k = 0; k < checked.size(); ++k) {
        Outcome &o = out[checked[k]];
        o.benchJob = names[k];
        const BundleOutcome &b = benches[k];
        if (!b.ok()) {
            o.benchReason = QStringLiteral("%1(%2): %3").arg(verdictName(*b.verdict), b.owner ? ownerName(*b.owner) : QString(), b.reason);
            continue;
        }
        for (const QJsonValue &v : b.results.value(QStringLiteral("configs")).toArray()) {
            const QJsonObject row = v.toObject();
            ConfigResult &cr = o.configs[row.value(QStringLiteral("config")).toString()];
            const double ratio = row.value(QStringLiteral("ratio")).toDouble();
            if (row.value(QStringLiteral("status")).toString() == QLatin1String("done") && ratio > 0) {
                cr.refMs = row.value(QStringLiteral("ref_ms")).toDouble();
                cr.rustMs = row.value(QStringLiteral("rust_ms")).toDouble();
                cr.ratio = ratio;
            } else {
                cr.benchReason = row.value(QStringLiteral("reason")).toString(row.value(QStringLiteral("status")).toString());
            }
        }
    }
    return out;
}

} // namespace tileport
