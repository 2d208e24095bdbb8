// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "RepairController.h"

#include "ApiKey.h"
#include "JobRunner.h"
#include "PipelineController.h"
#include "RepairRunner.h"
#include "Session.h"

#include <QMutexLocker>

namespace tileport::ui {

namespace {

const QString kChannel = QStringLiteral("repair");

llm::RepairOutcome failed(const QString &reason)
{
    llm::RepairOutcome o;
    o.kind = llm::RepairOutcome::Kind::Error;
    o.reason = reason;
    return o;
}

// The job's side: one runner over a freshly opened session, with the gate's
// events sent back as partials.
llm::RepairOutcome runRepair(JobContext &job, const QString &dir, QChar stage, llm::ModelEndpoint endpoint, bool withKey,
                             const Toolchains &tools, const QString &gpu,
                             const std::function<llm::RepairOutcome(llm::RepairRunner &)> &body)
{
    QMutexLocker lock(&PipelineController::sessionTurn());
    QString error;
    auto session = Session::open(dir, &error);
    if (!session)
        return failed(error);
    // Only a request to the model needs the key (the review sends none).
    if (withKey && endpoint.apiKey.isEmpty()) {
        QString source;
        endpoint.apiKey = llm::ApiKey::load(&source, &error);
        job.emitPartial(QVariantMap{{QStringLiteral("log"), endpoint.apiKey.isEmpty() ? error + QStringLiteral("; sending no key")
                                                                                       : QStringLiteral("API key from the %1").arg(source)}});
    }
    llm::RepairRunner runner(*session, stage, llm::ModelClient(endpoint, llm::ModelClientOptions::fromEnvironment()), tools);
    runner.setGpuRunner(gpu);
    runner.setEventSink([&job](const PipelineEvent &e) { job.emitPartial(QVariantMap{{QStringLiteral("event"), e.toJson()}}); });
    return body(runner);
}

} // namespace

RepairController::RepairController(JobRunner *jobs, PipelineController *pipeline, QObject *parent)
    : QObject(parent)
    , m_jobs(jobs)
    , m_pipeline(pipeline)
{
    // Outcomes travel in queued partials/results and in this class's signals.
    qRegisterMetaType<llm::RepairOutcome>();
    connect(m_jobs, &JobRunner::partial, this, [this](const QString &channel, quint64, const QVariant &v) { onPartial(channel, v); });
    connect(m_jobs, &JobRunner::finished, this, [this](const QString &channel, quint64, const QVariant &v) { onFinished(channel, v); });
    connect(m_jobs, &JobRunner::cancelled, this, [this](const QString &channel, quint64) {
        if (channel == kChannel)
            Q_EMIT finished(failed(QStringLiteral("cancelled")));
    });
}

bool RepairController::start(QChar stage, const llm::ModelEndpoint &endpoint, QString *error)
{
    if (!QStringLiteral("BCD").contains(stage)) {
        *error = QStringLiteral("stage %1 has no repair agent (B, C and D have one)").arg(stage);
        return false;
    }
    if (m_pipeline->sessionDirectory().isEmpty() || m_pipeline->currentRun() <= 0) {
        *error = QStringLiteral("no run to repair: run the pipeline first");
        return false;
    }
    if (endpoint.url.isEmpty() || endpoint.model.isEmpty()) {
        *error = QStringLiteral("no model endpoint: set its URL and model in Settings");
        return false;
    }
    if (m_pipeline->isRunning() || isRunning()) {
        *error = QStringLiteral("a pipeline run or a repair is in progress");
        return false;
    }
    m_endpoint = endpoint;
    m_stage = stage;
    const QString dir = m_pipeline->sessionDirectory(), gpu = m_pipeline->gpuRunner();
    const Toolchains tools = m_pipeline->toolchains();
    m_jobs->submit(kChannel, [=](JobContext &job) -> QVariant {
        const llm::RepairOutcome o = runRepair(job, dir, stage, endpoint, true, tools, gpu, [&](llm::RepairRunner &r) { return r.run(job); });
        return QVariantMap{{QStringLiteral("phase"), QStringLiteral("propose")}, {QStringLiteral("outcome"), QVariant::fromValue(o)}};
    });
    return true;
}

bool RepairController::applyReview(const llm::RepairOutcome &proposal, const patch::PatchSet &reviewed, QString *error)
{
    if (proposal.kind != llm::RepairOutcome::Kind::Validated) {
        *error = QStringLiteral("only a validated proposal is reviewed");
        return false;
    }
    if (isRunning()) {
        *error = QStringLiteral("a repair is in progress");
        return false;
    }
    const QString dir = m_pipeline->sessionDirectory(), gpu = m_pipeline->gpuRunner();
    const Toolchains tools = m_pipeline->toolchains();
    const QChar stage = m_stage;
    const llm::ModelEndpoint endpoint = m_endpoint;
    m_jobs->submit(kChannel, [=](JobContext &job) -> QVariant {
        // The review sends nothing to the model: the runner only needs the session.
        const llm::RepairOutcome o =
            runRepair(job, dir, stage, endpoint, false, tools, gpu, [&](llm::RepairRunner &r) { return r.review(job, proposal, reviewed); });
        return QVariantMap{{QStringLiteral("phase"), QStringLiteral("review")}, {QStringLiteral("outcome"), QVariant::fromValue(o)}};
    });
    return true;
}

void RepairController::cancel()
{
    m_jobs->cancel(kChannel);
}

bool RepairController::isRunning() const
{
    return m_jobs->isRunning(kChannel);
}

void RepairController::onPartial(const QString &channel, const QVariant &value)
{
    if (channel != kChannel)
        return;
    const QVariantMap m = value.toMap();
    if (m.contains(QStringLiteral("token")))
        Q_EMIT tokenReceived(m.value(QStringLiteral("token")).toString());
    if (m.contains(QStringLiteral("log")))
        Q_EMIT logLine(m.value(QStringLiteral("log")).toString());
    if (m.contains(QStringLiteral("event"))) {
        PipelineEvent e;
        if (PipelineEvent::fromJson(m.value(QStringLiteral("event")).toJsonObject(), e))
            m_pipeline->applyEvent(e);
    }
}

void RepairController::onFinished(const QString &channel, const QVariant &result)
{
    if (channel != kChannel)
        return;
    const QVariantMap m = result.toMap();
    const auto o = m.value(QStringLiteral("outcome")).value<llm::RepairOutcome>();
    if (m.value(QStringLiteral("phase")) == QLatin1String("propose") && o.kind == llm::RepairOutcome::Kind::Validated)
        Q_EMIT proposalReady(o);
    else
        Q_EMIT finished(o);
}

} // namespace tileport::ui
