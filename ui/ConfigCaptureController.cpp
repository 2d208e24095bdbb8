// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "ConfigCaptureController.h"

#include "ConfigCapture.h"
#include "JobRunner.h"
#include "KernelSelectorModel.h"
#include "ProblemsModel.h"

#include <QDir>
#include <QFileInfo>
#include <QSaveFile>
#include <QStandardPaths>
#include <QTimer>

namespace tileport::ui {

namespace {

const QString kChannel = QStringLiteral("capture-configs");

} // namespace

ConfigCaptureController::ConfigCaptureController(JobRunner *jobs, KernelSelectorModel *kernels, ProblemsModel *problems,
                                                 QObject *parent)
    : QObject(parent)
    , m_jobs(jobs)
    , m_kernels(kernels)
    , m_problems(problems)
    , m_tick(new QTimer(this))
{
    m_tick->setInterval(1000);
    connect(m_tick, &QTimer::timeout, this, [this] {
        Q_EMIT progress(tr("Capturing the configurations of %1 (running its code, %2 s)…")
                            .arg(QFileInfo(m_source).fileName()).arg(m_clock.elapsed() / 1000));
    });
    connect(m_jobs, &JobRunner::finished, this, [this](const QString &c, quint64, const QVariant &r) { onFinished(c, r); });
    connect(m_jobs, &JobRunner::cancelled, this, [this](const QString &c, quint64) {
        if (c != kChannel)
            return;
        m_tick->stop();
        Q_EMIT finished(QVariantMap{{QStringLiteral("ok"), false}, {QStringLiteral("cancelled"), true},
                                    {QStringLiteral("status"), QStringLiteral("failed")},
                                    {QStringLiteral("error"), tr("capture cancelled")},
                                    {QStringLiteral("summary"), tr("Capture cancelled")}});
    });
}

bool ConfigCaptureController::isRunning() const
{
    return m_jobs->isRunning(kChannel);
}

void ConfigCaptureController::cancel()
{
    m_jobs->cancel(kChannel);
}

bool ConfigCaptureController::start(const QString &source, const Toolchains &tools, QString *error)
{
    if (!QFileInfo(source).isFile()) {
        *error = tr("%1: no such file").arg(source);
        return false;
    }
    if (isRunning()) {
        *error = tr("a capture is in progress");
        return false;
    }
    m_source = QFileInfo(source).absoluteFilePath();
    ConfigCapture::Request req;
    req.kernelFile = m_source;
    req.tests = m_tests;
    req.calls = m_calls;
    req.timeoutMs = m_timeoutMs;
    const QString script = m_script;
    const QString saveTo = QDir(m_outputDir.isEmpty() ? QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)).filePath(QStringLiteral("captures"))
                                                      : m_outputDir)
                               .filePath(frontend::KernelConfigFile::pathFor(m_source).section(QLatin1Char('/'), -1));
    m_saved.clear();
    m_jobs->submit(kChannel, [req, tools, script, saveTo](JobContext &job) -> QVariant {
        ConfigCapture capture(tools);
        if (!script.isEmpty())
            capture.setScript(script);
        const ConfigCapture::Result r = capture.capture(req, job.cancelFlag());
        // Kept for the run that follows: stage A then reads these configs instead of capturing again.
        QString saved;
        if (r.ok() && !r.sidecar.isEmpty() && QDir().mkpath(QFileInfo(saveTo).absolutePath())) {
            QSaveFile out(saveTo);
            if (out.open(QIODevice::WriteOnly) && out.write(r.sidecar) == r.sidecar.size() && out.commit())
                saved = saveTo;
        }
        // Crosses to the UI thread as plain values; the sidecar is read again there.
        return QVariantMap{{QStringLiteral("ok"), r.ok()},
                           {QStringLiteral("cancelled"), r.cancelled},
                           {QStringLiteral("status"), ConfigCapture::statusName(r.status)},
                           {QStringLiteral("error"), r.error},
                           {QStringLiteral("summary"), r.ok() ? r.summary(QString()) : QString()},
                           {QStringLiteral("tried"), r.tried()},
                           {QStringLiteral("sidecar"), r.sidecar},
                           {QStringLiteral("path"), r.configs.path},
                           {QStringLiteral("saved"), saved}};
    });
    m_clock.start();
    m_tick->start();
    Q_EMIT progress(tr("Capturing the configurations of %1 (running its code)…").arg(QFileInfo(m_source).fileName()));
    return true;
}

void ConfigCaptureController::onFinished(const QString &channel, const QVariant &result)
{
    if (channel != kChannel)
        return;
    m_tick->stop();
    QVariantMap out = result.toMap();
    m_sidecar = out.value(QStringLiteral("sidecar")).toByteArray();
    m_saved = out.value(QStringLiteral("saved")).toString();
    frontend::KernelConfigFile cfg;
    if (!m_sidecar.isEmpty())
        cfg.loadJson(m_sidecar, out.value(QStringLiteral("path")).toString());
    // The earlier capture's problems make way for this one's.
    QList<ProblemsModel::Problem> kept;
    for (const ProblemsModel::Problem &p : m_problems->problems())
        if (!p.message.startsWith(QLatin1String("capture: ")))
            kept.append(p);
    m_problems->clear();
    for (const ProblemsModel::Problem &p : std::as_const(kept))
        m_problems->add(p);
    for (const frontend::CaptureDiagnostic &d : std::as_const(cfg.capture.diagnostics)) {
        ProblemsModel::Problem p;
        p.file = d.file;
        p.line = d.line;
        p.column = d.col;
        p.message = QStringLiteral("capture: %1%2").arg(d.message, d.source.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(d.source));
        p.stage = QLatin1Char('A');
        p.severity = frontend::CaptureDiagnostic::severityName(d.severity);
        m_problems->add(p);
    }
    if (out.value(QStringLiteral("ok")).toBool()) {
        QList<KernelSelectorModel::Config> configs;
        for (const frontend::KernelConfig &c : std::as_const(cfg.configs))
            configs.append({c.kernel, c.name, int(c.sources.size()), true});
        m_kernels->setConfigs(configs, QStringLiteral("capture"));
        m_summary = tr("configs captured from the code: %1").arg(out.value(QStringLiteral("summary")).toString());
    } else {
        m_summary = tr("no configs captured: %1").arg(out.value(QStringLiteral("error")).toString());
    }
    out.insert(QStringLiteral("configs"), int(cfg.configs.size()));
    out.insert(QStringLiteral("summary"), m_summary);
    Q_EMIT finished(out);
}

} // namespace tileport::ui
