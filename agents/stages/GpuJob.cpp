// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "GpuJob.h"

#include "BundleOutcome.h"
#include "Verdict.h"

#include <QDir>
#include <QFile>

namespace tileport {

namespace {

QJsonObject blocked(StageReport &r, Verdict verdict, std::optional<Owner> owner, const QString &reason)
{
    r.verdict = verdict;
    r.owner = owner;
    r.reason = reason;
    return {};
}

QString lastLines(const QString &text, int n)
{
    const QStringList lines = text.trimmed().split(QLatin1Char('\n'));
    return lines.mid(qMax(0, int(lines.size()) - n)).join(QLatin1Char('\n'));
}

} // namespace

QJsonObject runBundle(StageContext &ctx, const QString &spec, const HostBundle &bundle, const QString &mode,
                      StageReport &report)
{
    QString error;
    const std::unique_ptr<GpuRunner> runner = makeGpuRunner(spec, &error);
    if (!runner)
        return blocked(report, Verdict::Blocked, Owner::Env, QStringLiteral("GPU runner: %1").arg(error));
    ctx.progress(QStringLiteral("checking the %1 runner").arg(runner->describe()), 0.4);
    const QString why = runner->unavailableReason(ctx.cancelFlag());
    report.validators << ValidatorResult{QStringLiteral("runner %1 available").arg(runner->describe()), why.isEmpty() ? 0 : 1, why};
    if (!why.isEmpty())
        return blocked(report, Verdict::Blocked, Owner::Env,
                       QStringLiteral("GPU runner %1: %2").arg(runner->describe(), why));

    ctx.progress(QStringLiteral("running %1 on %2").arg(mode, runner->describe()), 0.5);
    RunnerJob job;
    job.bundleDir = bundle.dir;
    job.command = HostBundle::command(mode);
    job.timeoutMs = ctx.toolTimeoutMs();
    const RunnerOutcome ran = runner->run(job, ctx.cancelFlag());
    QFile log(QDir(ctx.area(Session::Area::Logs)).filePath(QStringLiteral("gpu_%1.log").arg(mode)));
    if (log.open(QIODevice::WriteOnly))
        log.write(ran.log.toUtf8());
    report.validators << ValidatorResult{QStringLiteral("%1 (%2)").arg(job.command.join(QLatin1Char(' ')), runner->describe()),
                                         ran.exitCode, lastLines(ran.log, 20)};
    if (ctx.isCancelled())
        return {};
    const BundleOutcome read = BundleOutcome::read(ran, bundle.dir, mode, runner->describe());
    if (!read.ok())
        return blocked(report, *read.verdict, read.owner, read.reason);
    return read.results;
}

} // namespace tileport
