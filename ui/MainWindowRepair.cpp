// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// Model-backed repair from the IDE: ask the stage's agent, watch the answer
// stream, review a validated patch hunk by hunk.
#include "HunkReviewDialog.h"
#include "HunkReviewModel.h"
#include "MainWindow.h"
#include "PipelineController.h"
#include "RepairController.h"
#include "RepairPane.h"

#include <QStatusBar>
#include <QTabWidget>

namespace tileport::ui {

void MainWindow::buildRepair(QTabWidget *bottom)
{
    m_repairPane->setObjectName(QStringLiteral("repairPane"));
    bottom->addTab(m_repairPane, tr("Repair"));
    connect(m_repair, &RepairController::tokenReceived, m_repairPane, &RepairPane::appendToken);
    connect(m_repair, &RepairController::logLine, m_repairPane, &RepairPane::appendLog);
    connect(m_repair, &RepairController::proposalReady, this, &MainWindow::reviewRepair);
    connect(m_repair, &RepairController::finished, this, [this](const llm::RepairOutcome &o) {
        const QString line = tr("Repair of stage %1: %2 — %3").arg(m_repair->stage()).arg(llm::RepairOutcome::kindName(o.kind), o.reason);
        m_repairPane->setStatus(line);
        statusBar()->showMessage(line);
        updateActions();
        Q_EMIT repairFinished(o);
    });
}

bool MainWindow::requestRepair(QChar stage)
{
    llm::ModelEndpoint endpoint;
    endpoint.url = m_settings.modelEndpoint;
    endpoint.api = llm::ModelEndpoint::parseApi(m_settings.modelApi).value_or(llm::ModelApi::OpenAi);
    endpoint.model = m_settings.modelName;
    QString error;
    if (!m_repair->start(stage, endpoint, &error)) {
        statusBar()->showMessage(tr("Cannot ask the repair agent: %1").arg(error));
        m_repairPane->setStatus(tr("Cannot ask the repair agent: %1").arg(error));
        return false;
    }
    m_repairPane->begin(tr("Stage %1's repair agent is working (%2, %3)…").arg(stage).arg(endpoint.model, endpoint.url));
    if (auto *tabs = findChild<QTabWidget *>(QStringLiteral("bottomTabs")))
        tabs->setCurrentWidget(m_repairPane);
    updateActions();
    return true;
}

void MainWindow::reviewRepair(const llm::RepairOutcome &proposal)
{
    m_repairPane->setStatus(tr("Stage %1's validators pass with the patch: accept or reject each hunk").arg(m_repair->stage()));
    auto *dialog = new HunkReviewDialog(new HunkReviewModel(this), tr("Repair of stage %1: review the patch").arg(m_repair->stage()), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setObjectName(QStringLiteral("repairReview"));
    dialog->model()->setParent(dialog);
    dialog->model()->setPatches(proposal.patches);
    connect(dialog, &QDialog::finished, this, [this, dialog, proposal](int result) {
        // Closing without applying rejects every hunk: the files go back.
        if (result != QDialog::Accepted)
            dialog->model()->setAllAccepted(false);
        QString error;
        if (!m_repair->applyReview(proposal, dialog->model()->reviewed(), &error))
            statusBar()->showMessage(tr("The review cannot be applied: %1").arg(error));
        else
            m_repairPane->appendLog(tr("applying %1 accepted hunk(s); the validators run again if any was rejected")
                                        .arg(dialog->model()->acceptedCount()));
    });
    dialog->open();
}

} // namespace tileport::ui
