// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "Orchestrator.h"

#include "RepairScope.h"
#include "RunConfigs.h"
#include "Verdict.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>

namespace tileport {

namespace {

PipelineEvent event(PipelineEvent::Kind kind, QChar stage = {}, const QString &text = {})
{
    PipelineEvent e;
    e.kind = kind;
    e.stage = stage;
    e.text = text;
    return e;
}

} // namespace

Orchestrator::Orchestrator(Session &session, Toolchains tools)
    : m_session(session)
    , m_tools(std::move(tools))
{
    if (m_tools.toolTimeoutMs > 0)
        m_toolTimeoutMs = m_tools.toolTimeoutMs;
    if (const QString v = sessionCutile(session); !v.isEmpty())
        m_tools.cutileVersion = v;
}

QString Orchestrator::sessionCutile(const Session &session)
{
    return session.info().value(QStringLiteral("toolchains")).toObject().value(QStringLiteral("cutile")).toString();
}

void Orchestrator::addStage(std::unique_ptr<Stage> stage)
{
    const QChar id = stage->id();
    m_stages[id] = std::shared_ptr<Stage>(std::move(stage));
}

void Orchestrator::emitEvent(PipelineEvent e, int run)
{
    e.run = run;
    // Appended line by line so that a crash loses at most the last event.
    QFile log(QDir(m_session.runDirectory(run)).filePath(QStringLiteral("events.jsonl")));
    if (log.open(QIODevice::Append))
        log.write(QJsonDocument(e.toJson()).toJson(QJsonDocument::Compact) + '\n');
    if (m_sink)
        m_sink(e);
}

bool Orchestrator::runStage(int run, QChar id, const std::atomic_bool *cancel, RunSummary &summary)
{
    QString error;
    if (!m_session.startStage(run, id, &error)) {
        summary.reason = error;
        return false;
    }
    emitEvent(event(PipelineEvent::Kind::StageStarted, id), run);
    QElapsedTimer timer;
    timer.start();

    StageReport report;
    const auto stage = m_stages.value(id);
    if (!stage) {
        // Said out loud rather than skipped: the run shows why it ended here.
        report.verdict = Verdict::Blocked;
        report.owner = Owner::Env;
        report.reason = QStringLiteral("stage %1 is not available in this build").arg(id);
    } else {
        StageContext ctx(m_session, run, m_tools, [&](const PipelineEvent &e) { emitEvent(e, run); }, cancel);
        ctx.setStage(id);
        if (!m_runConfigs || m_runConfigsRun != run) {
            m_runConfigs = std::make_shared<RunConfigs>();
            m_runConfigsRun = run;
        }
        ctx.setRunConfigs(m_runConfigs.get());
        ctx.setToolTimeoutMs(m_toolTimeoutMs);
        report = stage->run(ctx);
    }
    report.stage = id;
    if (const StageRecord *rec = m_session.latest(run, id))
        report.attempt = rec->attempt;
    report.elapsedMs = timer.elapsed();

    if (cancel && cancel->load()) {
        m_session.interruptStage(run, id, &error);
        summary.cancelled = true;
        summary.reason = QStringLiteral("cancelled during stage %1").arg(id);
        PipelineEvent e = event(PipelineEvent::Kind::StageFinished, id, summary.reason);
        e.elapsedMs = report.elapsedMs;
        emitEvent(e, run);
        return false;
    }
    const QString file = report.write(m_session.areaDirectory(run, Session::Area::Reports), &error);
    if (file.isEmpty() || !m_session.finishStage(run, id, report.verdictText(), QStringLiteral("reports/") + file, &error)) {
        summary.reason = error;
        return false;
    }
    PipelineEvent verdict = event(PipelineEvent::Kind::Verdict, id, report.reason);
    verdict.verdict = report.verdictText();
    verdict.owner = report.ownerText();
    emitEvent(verdict, run);
    PipelineEvent finished = event(PipelineEvent::Kind::StageFinished, id);
    finished.verdict = report.verdictText();
    finished.owner = report.ownerText();
    finished.elapsedMs = report.elapsedMs;
    finished.data = QJsonObject{{QStringLiteral("report"), QStringLiteral("reports/") + file},
                                {QStringLiteral("repairable"), RepairScope::findings(report)}};
    emitEvent(finished, run);
    summary.outcomes << StageOutcome{id, report.verdict, report.owner};
    return true;
}

RunSummary Orchestrator::runPipeline(const std::atomic_bool *cancel)
{
    RunSummary summary;
    QString error;
    summary.run = m_session.beginRun(&error);
    if (summary.run <= 0) {
        summary.reason = error;
        return summary;
    }
    emitEvent(event(PipelineEvent::Kind::RunStarted), summary.run);
    for (;;) {
        const RouteDecision d = Router::next(summary.outcomes, m_selected);
        if (!d.stage) {
            summary.ok = true;
            summary.complete = d.complete;
            summary.reason = d.reason;
            break;
        }
        emitEvent(event(PipelineEvent::Kind::Log, *d.stage, QStringLiteral("route: ") + d.reason), summary.run);
        if (!runStage(summary.run, *d.stage, cancel, summary))
            break;
    }
    PipelineEvent done = event(PipelineEvent::Kind::RunFinished, {}, summary.reason);
    done.verdict = summary.cancelled ? QStringLiteral("CANCELLED")
                   : !summary.ok     ? QStringLiteral("ERROR")
                   : summary.complete ? QStringLiteral("PIPELINE_COMPLETE")
                                      : QStringLiteral("STOPPED");
    emitEvent(done, summary.run);
    return summary;
}

RunSummary Orchestrator::rerun(QChar stage, const std::atomic_bool *cancel)
{
    RunSummary summary;
    QString error;
    if (m_session.runs().isEmpty()) {
        summary.reason = QStringLiteral("the session has no run yet");
        return summary;
    }
    summary.run = m_session.runs().last().number;
    if (!m_session.markDownstreamStale(summary.run, stage, &error)) {
        summary.reason = error;
        return summary;
    }
    emitEvent(event(PipelineEvent::Kind::RunStarted, stage, QStringLiteral("re-run of stage %1").arg(stage)),
              summary.run);
    summary.ok = runStage(summary.run, stage, cancel, summary);
    if (summary.ok)
        summary.reason = QStringLiteral("stage %1 re-run; later stages are stale").arg(stage);
    PipelineEvent done = event(PipelineEvent::Kind::RunFinished, stage, summary.reason);
    done.verdict = summary.cancelled ? QStringLiteral("CANCELLED") : summary.ok ? QStringLiteral("RERUN_DONE") : QStringLiteral("ERROR");
    emitEvent(done, summary.run);
    return summary;
}

} // namespace tileport
