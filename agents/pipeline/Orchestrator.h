// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "PipelineEvent.h"
#include "Router.h"
#include "Session.h"
#include "Stage.h"
#include "Toolchains.h"

#include <QMap>

#include <atomic>
#include <functional>
#include <memory>

namespace tileport {

// How a run ended.
struct RunSummary {
    int run = 0;
    bool ok = false;        // false: a session error or cancellation
    bool cancelled = false;
    bool complete = false;  // the router ended it normally
    QString reason;         // the router's last word, or the error
    QList<StageOutcome> outcomes;
};

// Runs the stages of one session in the order the Router gives, one run at
// a time: starts a numbered run, records every attempt in session.json,
// writes each stage's report, and streams events to the sink and to the
// run's events.jsonl. It routes only; the stages do the work. Call it from
// a worker thread (a JobRunner job): every method blocks until done.
class Orchestrator
{
public:
    // A session keeps the cutile release it was made with (session.json
    // "toolchains"."cutile"): its stages build for that one, whatever the
    // environment's default is now.
    Orchestrator(Session &session, Toolchains tools);
    // The cutile release `session` records; empty when it records none.
    static QString sessionCutile(const Session &session);

    void addStage(std::unique_ptr<Stage> stage);
    void setSelected(const QSet<QChar> &stages) { m_selected = stages; }
    void setEventSink(std::function<void(const PipelineEvent &)> sink) { m_sink = std::move(sink); }
    void setToolTimeoutMs(int ms) { m_toolTimeoutMs = ms; }

    // A new run from A (or the first selected stage).
    RunSummary runPipeline(const std::atomic_bool *cancel = nullptr);
    // Runs one stage again in the latest run (a new attempt); the stages
    // after it become stale, those before it are kept.
    RunSummary rerun(QChar stage, const std::atomic_bool *cancel = nullptr);

private:
    // Runs `stage` as a new attempt of `run`; false on a session error or cancel.
    bool runStage(int run, QChar stage, const std::atomic_bool *cancel, RunSummary &summary);
    void emitEvent(PipelineEvent e, int run);

    Session &m_session;
    Toolchains m_tools;
    QMap<QChar, std::shared_ptr<Stage>> m_stages;
    QSet<QChar> m_selected = Router::allStages();
    std::function<void(const PipelineEvent &)> m_sink;
    int m_toolTimeoutMs = 10 * 60'000;
    // The configs of the run in progress, loaded once and handed to each stage.
    std::shared_ptr<class RunConfigs> m_runConfigs;
    int m_runConfigsRun = 0;
};

} // namespace tileport
