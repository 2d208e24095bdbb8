// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "ConfigCaptureStep.h"

#include "ConfigCapture.h"
#include "Frontend.h"
#include "KernelConfigPath.h"
#include "Verdict.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QSaveFile>
#include <QSet>

namespace tileport {

namespace {

StageReport failure(Verdict verdict, std::optional<Owner> owner, const QString &reason)
{
    StageReport r;
    r.verdict = verdict;
    r.owner = owner;
    r.reason = reason;
    return r;
}

bool writeAtomically(const QString &path, const QByteArray &bytes, QString *error)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QSaveFile f(path);
    if (f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size() && f.commit())
        return true;
    *error = QStringLiteral("%1: %2").arg(path, f.errorString());
    return false;
}

QStringList strings(const QJsonValue &v)
{
    QStringList out;
    for (const QJsonValue &e : v.toArray())
        out.append(e.toString());
    return out;
}

} // namespace

std::optional<StageReport> ConfigCaptureStep::run(StageContext &ctx, const QString &kernel)
{
    const QJsonObject info = ctx.session().info();
    const QJsonObject asked = info.value(QStringLiteral("config_capture")).toObject();
    const QString source = info.value(QStringLiteral("source")).toString();
    const QString sidecarName = QFileInfo(frontend::KernelConfigFile::pathFor(source)).fileName();
    const QString fix = QStringLiteral("name a launch with `tileport port --call 'EXPR'` (or --tests FILE), or write %1 beside the file")
                            .arg(sidecarName);
    if (ctx.tools().python.isEmpty())
        return failure(Verdict::Blocked, Owner::Env,
                       QStringLiteral("no sidecar beside %1, and no Python with cuda-tile to capture configs from the code "
                                      "(run scripts/setup; see tileport doctor)").arg(QFileInfo(source).fileName()));

    ConfigCapture::Request req;
    req.kernelFile = source;
    req.tests = strings(asked.value(QStringLiteral("tests")));
    req.calls = strings(asked.value(QStringLiteral("calls")));
    req.target = asked.value(QStringLiteral("target")).toString(QStringLiteral("h200"));
    req.discover = asked.value(QStringLiteral("discover")).toBool(true);
    req.projectDir = asked.value(QStringLiteral("project")).toString();
    req.timeoutMs = ctx.toolTimeoutMs();
    ctx.progress(QStringLiteral("capturing configs from the code (no %1)").arg(sidecarName), 0.0);
    const ConfigCapture::Result r = ConfigCapture(ctx.tools()).capture(req, ctx.cancelFlag());
    if (r.cancelled)
        return StageReport{};

    QJsonArray diags;
    for (const frontend::CaptureDiagnostic &d : r.configs.capture.diagnostics) {
        ctx.log(d.toText());
        diags.append(d.toJson());
    }
    evidence = QJsonObject{{QStringLiteral("status"), ConfigCapture::statusName(r.status)},
                           {QStringLiteral("tests"), QJsonArray::fromStringList(r.configs.capture.tests)},
                           {QStringLiteral("calls"), QJsonArray::fromStringList(r.configs.capture.calls)},
                           {QStringLiteral("entry_points"), QJsonArray::fromStringList(r.configs.capture.entryPoints)},
                           {QStringLiteral("cases"), QJsonObject{{QStringLiteral("run"), r.configs.capture.casesRun},
                                                                 {QStringLiteral("skipped"), r.configs.capture.casesSkipped},
                                                                 {QStringLiteral("failed"), r.configs.capture.casesFailed}}},
                           {QStringLiteral("diagnostics"), diags},
                           {QStringLiteral("elapsed_ms"), r.elapsedMs}};
    if (!r.ok())
        return failure(Verdict::FailFixable, Owner::Host,
                       QStringLiteral("no configs captured for kernel %1: %2; %3").arg(kernel, r.error, fix));
    const QList<frontend::KernelConfig> mine = r.configsOf(kernel);
    if (mine.isEmpty()) {
        QSet<QString> others;
        for (const frontend::KernelConfig &c : r.configs.configs)
            others.insert(c.kernel);
        QStringList names(others.cbegin(), others.cend());
        names.sort();
        return failure(Verdict::FailFixable, Owner::Host,
                       QStringLiteral("no configs captured for kernel %1 (only for %2): %3; %4")
                           .arg(kernel, names.join(QStringLiteral(", ")), r.tried(), fix));
    }

    QString error;
    const QString path = capturedConfigPath(ctx.session());
    const QByteArray sidecar = frontendFor(source).capturedSidecar(source, r.sidecar);
    if (!writeAtomically(path, sidecar, &error)
        || !writeAtomically(QDir(ctx.area(Session::Area::Reference)).filePath(sidecarName), sidecar, &error))
        return failure(Verdict::Blocked, Owner::Env, error);
    summary = QStringLiteral("configs captured from the code: %1").arg(r.summary(kernel));
    if (r.status == ConfigCapture::Status::Partial)
        summary += QStringLiteral(" (partial: %1 error(s) while running the code)").arg(r.configs.capture.errorCount());
    evidence.insert(QStringLiteral("sidecar"), path);
    evidence.insert(QStringLiteral("summary"), summary);
    ctx.log(summary);
    markdown = summary + QStringLiteral(" (`%1`; %2).\n").arg(QDir(ctx.session().directory()).relativeFilePath(path), r.tried());
    for (const frontend::CaptureDiagnostic &d : r.configs.capture.diagnostics)
        markdown += QStringLiteral("- %1\n").arg(d.toText());
    return std::nullopt;
}

} // namespace tileport
