// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "HostBundle.h"

#include "BundleOutcome.h"
#include "Frontend.h"
#include "HostBundleBuilder.h"
#include "KernelConfigPath.h"

#include <QDir>
#include <QFile>

namespace tileport {

QStringList HostBundle::command(const QString &mode)
{
    return {QStringLiteral("sh"), QStringLiteral("run.sh"), mode};
}

QJsonObject HostBundle::readResults(const QString &mode, QString *error) const
{
    return BundleOutcome::readResults(dir, mode, error);
}

bool HostBundle::prepare(StageContext &ctx, StageReport &report, HostBundle *out)
{
    const QJsonObject info = ctx.session().info();
    const QDir gen(ctx.area(Session::Area::Generated));
    rust::HostBundleBuilder::Options o;
    o.source = info.value(QStringLiteral("source")).toString();
    o.kernel = info.value(QStringLiteral("kernel")).toString();
    o.configPath = kernelConfigPath(ctx.session());
    o.configs = &ctx.configs(); // the run's, loaded once
    o.crateDir = gen.filePath(QStringLiteral("crate"));
    o.outDir = gen.filePath(QStringLiteral("host/bundle"));
    o.timeoutMs = ctx.toolTimeoutMs();
    o.cancel = ctx.cancelFlag();
    frontendFor(o.source).configureBundle(o); // a Triton file: Triton is the reference
    ctx.progress(QStringLiteral("ffi.rs, cargo build --lib (cdylib), bundle"), 0.1);
    const rust::HostBundleBuilder::Result r = rust::HostBundleBuilder::build(o, ctx.tools());
    for (const rust::HostBundleBuilder::Step &s : r.steps)
        report.validators << ValidatorResult{s.name, s.exitCode, s.output};
    if (!r.buildLog.isEmpty()) {
        QFile log(QDir(ctx.area(Session::Area::Logs)).filePath(QStringLiteral("cargo_build_host.log")));
        if (log.open(QIODevice::WriteOnly))
            log.write(r.buildLog.toUtf8());
    }
    if (!r.ok) {
        report.verdict = r.verdict;
        report.owner = r.owner;
        report.reason = r.reason;
        if (!r.buildLog.isEmpty())
            report.markdown = QStringLiteral("```\n%1\n```\n").arg(r.buildLog.left(4000));
        return false;
    }
    out->dir = o.outDir;
    out->configs = r.configs;
    out->library = r.library;
    return true;
}

} // namespace tileport
