// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "ModelClient.h"
#include "PipelineEvent.h"
#include "RepairOutcome.h"
#include "Toolchains.h"

#include <functional>

namespace tileport {
class JobContext;
class Session;
}

namespace tileport::llm {

// One repair attempt for one stage of a session's latest run: the agent's
// prompt, the model's answer (streamed through the job's partials), the
// contract and the path guard, the patch applied inside the session, and
// the gate: the stage's validators run again through the Orchestrator (B:
// the crate as patched is built and its IR harness run; C: that, then the
// IR diff; D: the host stage). A patch that fails the gate is taken back.
// Everything is recorded as reports/repair_X.attemptN.{json,patch,answer.md}.
// The routing table's caps bound the attempts per stage and run.
class RepairRunner
{
public:
    RepairRunner(Session &session, QChar stage, ModelClient client, Toolchains tools);

    void setGpuRunner(const QString &spec) { m_gpuRunner = spec; }
    void setEventSink(std::function<void(const PipelineEvent &)> sink) { m_sink = std::move(sink); }
    // Runs on a JobRunner worker.
    RepairOutcome run(JobContext &ctx);
    // The user's review of a validated patch (`reviewed`: its hunks with
    // the accepted choices). All accepted: the patch stands. Otherwise the
    // files go back to before the patch, only the accepted hunks are
    // applied, and the validators run again: Validated when they pass,
    // Rejected (files as before the repair) when not or when nothing was
    // accepted. The review joins the attempt's record.
    RepairOutcome review(JobContext &ctx, RepairOutcome validated, const patch::PatchSet &reviewed);

private:
    // Re-runs the stage's validators; true when they all pass.
    bool gate(JobContext &ctx, QJsonArray *verdicts, QString *why);
    void record(const RepairOutcome &o, int run, const QString &answer);
    void recordReview(const RepairOutcome &o, int run, int accepted, int rejected, const QString &reviewedPatch);

    Session &m_session;
    QChar m_stage;
    ModelClient m_client;
    Toolchains m_tools;
    QString m_gpuRunner = QStringLiteral("local");
    std::function<void(const PipelineEvent &)> m_sink;
};

} // namespace tileport::llm
