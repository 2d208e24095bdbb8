// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// The hand-off from the IDE (docs/handoff.md): the open session's port as a
// Python wheel, or as TileGym's cutile-rs backend after a hunk review; each
// a background job whose steps show in the status bar.
#include "HandoffController.h"
#include "HunkReviewDialog.h"
#include "HunkReviewModel.h"
#include "MainWindow.h"
#include "PipelineController.h"

#include <QDir>
#include <QFileDialog>
#include <QMenuBar>
#include <QStatusBar>

namespace tileport::ui {

void MainWindow::buildHandoffMenu()
{
    auto *menu = menuBar()->addMenu(tr("&Hand-off"));
    auto *wheel = menu->addAction(tr("Build Python &wheel…"), this, [this] {
        const QString dir = QFileDialog::getExistingDirectory(this, tr("Where the wheel goes"),
                                                              QDir(m_controller->sessionDirectory()).filePath(QStringLiteral("dist")));
        if (!dir.isEmpty())
            packageSession(dir);
    });
    wheel->setObjectName(QStringLiteral("packageAction"));
    wheel->setStatusTip(tr("The session's host bundle as a pip-installable wheel (tileport package)"));
    auto *tilegym = menu->addAction(tr("Export to &TileGym…"), this, [this] {
        const QString dir = QFileDialog::getExistingDirectory(this, tr("The TileGym checkout to export into"));
        if (!dir.isEmpty())
            exportSession(dir);
    });
    tilegym->setObjectName(QStringLiteral("exportAction"));
    tilegym->setStatusTip(tr("The session's port as TileGym's cutile-rs backend, reviewed hunk by hunk (tileport export)"));
    connect(m_handoff, &HandoffController::exportPlanned, this, [this](const QVariantMap &o) {
        updateActions();
        if (!o.value(QStringLiteral("ok")).toBool()) {
            statusBar()->showMessage(tr("No export: %1").arg(o.value(QStringLiteral("error")).toString()));
            return;
        }
        const handoff::TileGymExportPlan &plan = m_handoff->exportPlan();
        if (!plan.hasChanges()) {
            statusBar()->showMessage(tr("Nothing to change: %1 is already exported to %2").arg(plan.ops.join(QStringLiteral(", ")), plan.checkout));
            return;
        }
        auto *dialog = new HunkReviewDialog(new HunkReviewModel(this),
                                            tr("Export %1 to TileGym: review the changes").arg(plan.ops.join(QStringLiteral(", "))), this);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        dialog->setObjectName(QStringLiteral("exportReview"));
        dialog->model()->setParent(dialog);
        patch::PatchSet set;
        set.files = plan.patches();
        for (const patch::FilePatch &f : set.files)
            set.accepted << QList<bool>(f.hunks.size(), true);
        dialog->model()->setPatches(set);
        connect(dialog, &QDialog::finished, this, [this, dialog](int result) {
            // Closing without accepting writes nothing.
            if (result != QDialog::Accepted || dialog->model()->acceptedCount() == 0) {
                statusBar()->showMessage(tr("Export cancelled: nothing written"));
                return;
            }
            QString error;
            if (!m_handoff->startExportApply(dialog->model()->reviewed().accepted, &error))
                statusBar()->showMessage(tr("No export: %1").arg(error));
            updateActions();
        });
        dialog->open();
        statusBar()->showMessage(tr("Review the export of %1: %2 file(s)").arg(plan.ops.join(QStringLiteral(", ")))
                                     .arg(o.value(QStringLiteral("changes")).toInt()));
    });
    connect(m_handoff, &HandoffController::exported, this, [this](const QVariantMap &o) {
        statusBar()->showMessage(o.value(QStringLiteral("ok")).toBool()
                                     ? tr("Exported %1 to %2 as the cutile-rs backend")
                                           .arg(o.value(QStringLiteral("ops")).toStringList().join(QStringLiteral(", ")),
                                                o.value(QStringLiteral("checkout")).toString())
                                     : tr("No export: %1 (nothing was written)").arg(o.value(QStringLiteral("error")).toString()));
        updateActions();
    });
    connect(m_handoff, &HandoffController::progress, this, [this](const QString &step) { statusBar()->showMessage(step); });
    connect(m_handoff, &HandoffController::packaged, this, [this](const QVariantMap &o) {
        statusBar()->showMessage(o.value(QStringLiteral("ok")).toBool()
                                     ? tr("Built %1 (%2)").arg(o.value(QStringLiteral("wheel")).toString(),
                                                               o.value(QStringLiteral("entries")).toStringList().join(QStringLiteral("; ")))
                                     : tr("No wheel: %1").arg(o.value(QStringLiteral("error")).toString()));
        updateActions();
        Q_EMIT packaged(o);
    });
}

bool MainWindow::packageSession(const QString &outDir)
{
    QString error;
    const bool started = m_handoff->startPackage(m_controller->sessionDirectory(), outDir,
                                                 m_controller->toolchains().resourceDir, &error);
    if (!started)
        statusBar()->showMessage(tr("No wheel: %1").arg(error));
    updateActions();
    return started;
}

bool MainWindow::exportSession(const QString &checkout)
{
    QString error;
    const bool started = m_handoff->startExportPlan(m_controller->sessionDirectory(), checkout, &error);
    if (!started)
        statusBar()->showMessage(tr("No export: %1").arg(error));
    updateActions();
    return started;
}

} // namespace tileport::ui
