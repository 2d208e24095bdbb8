// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// The hunk review shown when stage B translated over an edited kernel:
// accepted hunks take the regenerated text, rejected ones keep the edit.
#include "CodeEditor.h"
#include "HunkApplier.h"
#include "HunkReviewDialog.h"
#include "HunkReviewModel.h"
#include "MainWindow.h"

#include <QFileInfo>
#include <QSaveFile>
#include <QStatusBar>

namespace tileport::ui {

void MainWindow::reviewRegeneration(const QString &file, const QString &edited, const QString &regenerated)
{
    auto *dialog = new HunkReviewDialog(new HunkReviewModel(this),
                                        tr("Stage B regenerated %1 over your edit").arg(QFileInfo(file).fileName()), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->model()->setTexts(QFileInfo(file).fileName(), edited, regenerated);
    dialog->model()->setParent(dialog);
    dialog->setObjectName(QStringLiteral("regenerationReview"));
    connect(dialog, &QDialog::finished, this, [this, dialog, file, edited](int result) {
        QString merged = edited; // closing without applying keeps the edit whole
        if (result == QDialog::Accepted) {
            const patch::PatchSet set = dialog->model()->reviewed();
            QString error;
            const std::optional<QString> text =
                set.files.isEmpty() ? std::optional<QString>(edited)
                                    : patch::HunkApplier::apply(edited, set.files.first(), set.accepted.value(0), &error);
            if (!text) {
                statusBar()->showMessage(tr("The hunks could not be applied: %1; your edit is kept").arg(error));
            } else {
                merged = *text;
            }
        }
        QSaveFile f(file);
        if (!f.open(QIODevice::WriteOnly) || f.write(merged.toUtf8()) < 0 || !f.commit()) {
            statusBar()->showMessage(tr("Cannot write %1: %2").arg(file, f.errorString()));
            return;
        }
        m_rust->setPlainText(merged);
        Q_EMIT regenerationReviewed(file, merged);
    });
    dialog->open();
}

} // namespace tileport::ui
