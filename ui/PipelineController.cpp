// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "PipelineController.h"

#include "SessionSetup.h"

#include "Frontend.h"
#include "JobRunner.h"
#include "KernelConfigFile.h"
#include "Orchestrator.h"
#include "PipelineEvent.h"
#include "ProblemsModel.h"
#include "StageListModel.h"
#include "GenerateStage.h"
#include "Router.h"
#include "StandardStages.h"
#include "TritonAnalyzer.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QMutex>
#include <QStandardPaths>

namespace tileport::ui {

namespace {

const QString kChannel = QStringLiteral("pipeline");

QJsonObject readJson(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QJsonDocument::fromJson(f.readAll()).object() : QJsonObject();
}

} // namespace

PipelineController::PipelineController(JobRunner *jobs, StageListModel *stages, ProblemsModel *problems, QObject *parent)
    : QObject(parent)
    , m_jobs(jobs)
    , m_stages(stages)
    , m_problems(problems)
    , m_sessionRoot(QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)).filePath(QStringLiteral("sessions")))
{
    connect(m_jobs, &JobRunner::partial, this, [this](const QString &c, quint64, const QVariant &v) { onPartial(c, v); });
    connect(m_jobs, &JobRunner::finished, this, [this](const QString &c, quint64, const QVariant &r) { onFinished(c, r); });
    // A cancelled job delivers nothing more: the models end the run here.
    connect(m_jobs, &JobRunner::cancelled, this, [this](const QString &c, quint64) {
        if (c != kChannel)
            return;
        PipelineEvent e;
        e.kind = PipelineEvent::Kind::RunFinished;
        e.run = m_run;
        e.verdict = QStringLiteral("CANCELLED");
        m_stages->applyEvent(e);
        Q_EMIT eventReceived(e);
        Q_EMIT runFinished(QVariantMap{{QStringLiteral("run"), m_run},
                                       {QStringLiteral("ok"), false},
                                       {QStringLiteral("cancelled"), true},
                                       {QStringLiteral("reason"), QStringLiteral("cancelled")}});
    });
}

QString PipelineController::runDirectory() const
{
    return m_run > 0 ? QDir(m_sessionDir).filePath(QStringLiteral("runs/%1").arg(m_run, 3, 10, QLatin1Char('0'))) : QString();
}

Toolchains PipelineController::toolchains() const
{
    Toolchains t = Toolchains::fromEnvironment();
    const std::pair<const char *, QString *> fields[] = {{"python", &t.python},   {"cargo", &t.cargo},
                                                         {"rustc", &t.rustc},     {"tileiras", &t.tileiras},
                                                         {"cuda", &t.cudaRoot}};
    for (const auto &[name, field] : fields)
        if (const QString p = m_toolPaths.value(QLatin1String(name)); !p.isEmpty())
            *field = p;
    if (!m_cutileVersion.isEmpty())
        t.cutileVersion = m_cutileVersion;
    return t;
}

bool PipelineController::isRunning() const
{
    return m_jobs->isRunning(kChannel);
}

bool PipelineController::startPort(const QString &source, const QSet<QChar> &stages, QString *error, const QString &kernelName)
{
    const QFileInfo src(source);
    if (!src.isFile()) {
        *error = QStringLiteral("%1: no such file").arg(source);
        return false;
    }
    if (isRunning()) {
        *error = QStringLiteral("a pipeline run is in progress");
        return false;
    }
    const QString configPath = frontend::KernelConfigFile::pathFor(src.absoluteFilePath());
    // No sidecar: stage A captures the configs by running the code.
    const bool noSidecar = !QFileInfo::exists(configPath) && frontendFor(src.absoluteFilePath()).capturesConfigs();
    const QString captured = noSidecar && QFileInfo(m_capturedConfigFile).isFile() ? m_capturedConfigFile : QString();
    const bool capture = noSidecar && captured.isEmpty();
    frontend::KernelConfigFile configs;
    if (!capture)
        configs.load(captured.isEmpty() ? configPath : captured);
    QString kernel = kernelName.isEmpty() ? configs.kernel : kernelName;
    if (kernel.isEmpty() && capture) {
        const QStringList names = frontendFor(src.absoluteFilePath()).kernelNames(src.absoluteFilePath());
        if (names.size() == 1)
            kernel = names.front();
    }
    if (kernel.isEmpty()) {
        *error = capture ? QStringLiteral("%1: choose the kernel to port in the kernel selector").arg(source)
                         : QStringLiteral("%1: no kernel named (a %2 sidecar names it)").arg(source, QFileInfo(configPath).fileName());
        return false;
    }
    const QString dir = QDir(m_sessionRoot).filePath(QStringLiteral("%1-%2").arg(src.completeBaseName(), kernel));
    SessionSetup setup;
    setup.source = src.absoluteFilePath();
    setup.kernel = kernel;
    setup.configsFile = captured.isEmpty() ? configPath : captured;
    setup.configFile = captured;
    setup.capture = capture;
    setup.tests = m_captureTests;
    setup.calls = m_captureCalls;
    setup.tools = toolchains();
    if (!setup.openOrCreate(dir, Session::Access::ReadOnly, error))
        return false;
    m_sessionDir = dir;
    m_source = src.absoluteFilePath();
    m_stages->clear();
    m_problems->clear();
    Q_EMIT sessionOpened(m_sessionDir, m_source);
    submit(QChar(), stages);
    return true;
}

bool PipelineController::openSession(const QString &dir, QString *error)
{
    const auto s = Session::open(dir, error, Session::Access::ReadOnly);
    if (!s)
        return false;
    m_sessionDir = QFileInfo(dir).absoluteFilePath();
    m_source = s->info().value(QStringLiteral("source")).toString();
    m_run = s->runs().isEmpty() ? 0 : s->runs().last().number;
    m_stages->clear();
    m_problems->clear();
    replay(m_run);
    Q_EMIT sessionOpened(m_sessionDir, m_source);
    return true;
}

void PipelineController::replay(int run)
{
    if (run <= 0)
        return;
    QFile f(QDir(runDirectory()).filePath(QStringLiteral("events.jsonl")));
    if (!f.open(QIODevice::ReadOnly))
        return;
    while (!f.atEnd()) {
        PipelineEvent e;
        if (PipelineEvent::fromJson(QJsonDocument::fromJson(f.readLine()).object(), e)) {
            m_stages->applyEvent(e);
            m_problems->applyEvent(e);
        }
    }
}

bool PipelineController::rerun(QChar stage, QString *error)
{
    if (m_sessionDir.isEmpty() || m_run <= 0) {
        *error = QStringLiteral("no run to re-run a stage of: run the pipeline first");
        return false;
    }
    if (isRunning()) {
        *error = QStringLiteral("a pipeline run is in progress");
        return false;
    }
    submit(stage, {});
    return true;
}

bool PipelineController::rerunWithRustEdit(const QString &rustText, QString *error)
{
    if (m_sessionDir.isEmpty() || m_run <= 0 || !QFile::exists(rustFile())) {
        *error = QStringLiteral("no generated crate to edit: run stages A and B first");
        return false;
    }
    if (isRunning()) {
        *error = QStringLiteral("a pipeline run is in progress");
        return false;
    }
    m_editedRust = rustText;
    submit(QLatin1Char('B'), {}, rustText);
    return true;
}

QString PipelineController::rustFile() const
{
    return m_run > 0 ? QDir(runDirectory()).filePath(QStringLiteral("generated/crate/src/lib.rs")) : QString();
}

void PipelineController::cancel()
{
    m_jobs->cancel(kChannel);
}

void PipelineController::submit(QChar rerunStage, const QSet<QChar> &stages, const QString &editedRust)
{
    const QString dir = m_sessionDir, gpu = m_gpuRunner, rustFile = this->rustFile();
    const Toolchains tools = toolchains();
    // A plain re-run of B translates over the user's edit: keep the edit for the review.
    const QString previousEdit = (rerunStage == QLatin1Char('B') && editedRust.isEmpty()) ? m_editedRust : QString();
    if (rerunStage == QLatin1Char('B') && editedRust.isEmpty())
        m_editedRust.clear();
    m_jobs->submit(kChannel, [dir, gpu, tools, rerunStage, stages, editedRust, rustFile, previousEdit](JobContext &job) -> QVariant {
        QMutexLocker lock(&sessionTurn());
        QString error;
        auto session = Session::open(dir, &error);
        if (!session)
            return QVariantMap{{QStringLiteral("ok"), false}, {QStringLiteral("reason"), error}};
        Orchestrator o(*session, tools);
        addStandardStages(o, gpu);
        if (!stages.isEmpty())
            o.setSelected(stages);
        // Each event crosses to the UI thread as its JSON form (a queued partial).
        o.setEventSink([&job](const PipelineEvent &e) { job.emitPartial(e.toJson()); });
        RunSummary s;
        if (!editedRust.isNull()) {
            QFile f(rustFile);
            if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate) || f.write(editedRust.toUtf8()) < 0)
                return QVariantMap{{QStringLiteral("ok"), false}, {QStringLiteral("reason"), QStringLiteral("%1: %2").arg(rustFile, f.errorString())}};
            f.close();
            o.addStage(std::make_unique<GenerateStage>(true)); // replaces B: build the edit as it is
            s = o.rerun(QLatin1Char('B'), job.cancelFlag());
            if (s.ok && !s.outcomes.isEmpty() && Router::isSuccess(QLatin1Char('B'), s.outcomes.last().verdict))
                s = o.rerun(QLatin1Char('C'), job.cancelFlag());
        } else {
            s = rerunStage.isNull() ? o.runPipeline(job.cancelFlag()) : o.rerun(rerunStage, job.cancelFlag());
        }
        QVariantMap out;
        if (!previousEdit.isEmpty()) {
            QFile f(rustFile);
            if (f.open(QIODevice::ReadOnly))
                out = {{QStringLiteral("edited"), previousEdit}, {QStringLiteral("regenerated"), QString::fromUtf8(f.readAll())}};
        }
        out.insert(QVariantMap{{QStringLiteral("run"), s.run},
                           {QStringLiteral("ok"), s.ok},
                           {QStringLiteral("cancelled"), s.cancelled},
                           {QStringLiteral("complete"), s.complete},
                           {QStringLiteral("reason"), s.reason}});
        return out;
    });
}

void PipelineController::onPartial(const QString &channel, const QVariant &value)
{
    if (channel != kChannel)
        return;
    PipelineEvent e;
    if (PipelineEvent::fromJson(value.toJsonObject(), e))
        applyEvent(e);
}

QMutex &PipelineController::sessionTurn()
{
    static QMutex turn;
    return turn;
}

void PipelineController::applyEvent(const PipelineEvent &e)
{
    if (e.kind == PipelineEvent::Kind::RunStarted)
        m_run = e.run;
    m_stages->applyEvent(e);
    m_problems->applyEvent(e);
    // The IR diff's findings join the Problems list with their locations.
    if (e.kind == PipelineEvent::Kind::StageFinished && e.stage == QLatin1Char('C')) {
        const QDir reports(QDir(runDirectory()).filePath(QStringLiteral("reports")));
        for (const QString &name : reports.entryList({QStringLiteral("diff_*.json")}, QDir::Files, QDir::Name))
            m_problems->addDiffFindings(readJson(reports.filePath(name)), name.mid(5, name.size() - 10), runDirectory());
    }
    Q_EMIT eventReceived(e);
    if (e.kind == PipelineEvent::Kind::StageFinished)
        Q_EMIT stageFinished(e.stage, e.verdict);
}

void PipelineController::onFinished(const QString &channel, const QVariant &result)
{
    if (channel != kChannel)
        return;
    QVariantMap r = result.toMap();
    if (r.value(QStringLiteral("run")).toInt() > 0)
        m_run = r.value(QStringLiteral("run")).toInt();
    if (r.contains(QStringLiteral("edited")) && r.value(QStringLiteral("edited")) != r.value(QStringLiteral("regenerated")))
        Q_EMIT regeneratedOverEdit(rustFile(), r.value(QStringLiteral("edited")).toString(), r.value(QStringLiteral("regenerated")).toString());
    Q_EMIT runFinished(r);
}

} // namespace tileport::ui
