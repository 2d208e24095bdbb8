// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "ModelEndpoint.h"
#include "RepairOutcome.h"

#include <QObject>

namespace tileport {
class JobRunner;
}

namespace tileport::ui {

class PipelineController;

// Runs the model-backed repair agents for the IDE: each repair is a
// JobRunner job on the "repair" channel, never on the UI thread. The
// model's tokens stream back as queued partials; the gate's stage events go
// to the pipeline controller's models, so badges move as the validators
// run. A validated patch comes back as a proposal for the hunk review, and
// the review (accepted hunks only, validated again) is a second job. No
// widgets.
class RepairController : public QObject
{
    Q_OBJECT
public:
    RepairController(JobRunner *jobs, PipelineController *pipeline, QObject *parent = nullptr);

    // Starts a repair of `stage` (B, C or D) in the open session's latest
    // run. The key is read in the job (TILEPORT_API_KEY, then the keychain)
    // and never reaches the UI. False with `error` when it cannot start.
    bool start(QChar stage, const llm::ModelEndpoint &endpoint, QString *error);
    // Applies the user's choice of hunks of a validated proposal.
    bool applyReview(const llm::RepairOutcome &proposal, const patch::PatchSet &reviewed, QString *error);
    void cancel();
    bool isRunning() const;
    QChar stage() const { return m_stage; }

Q_SIGNALS:
    void tokenReceived(const QString &text);
    void logLine(const QString &line);
    // The agent's patch passed the validators: review its hunks.
    void proposalReady(const tileport::llm::RepairOutcome &proposal);
    // The repair ended (rejected, unreachable, error, or after the review).
    void finished(const tileport::llm::RepairOutcome &outcome);

private:
    void onPartial(const QString &channel, const QVariant &value);
    void onFinished(const QString &channel, const QVariant &result);

    JobRunner *m_jobs;
    PipelineController *m_pipeline;
    llm::ModelEndpoint m_endpoint;
    QChar m_stage;
};

} // namespace tileport::ui
