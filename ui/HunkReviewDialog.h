// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "HunkReviewModel.h"

#include <QDialog>

class QListView;
class QPlainTextEdit;
class QLabel;

namespace tileport {

// Shows a patch as hunks, each with a check box to accept or reject it,
// and the selected hunk's text. It holds no logic of its own: the choices
// live in the HunkReviewModel, which the caller applies.
class HunkReviewDialog : public QDialog
{
    Q_OBJECT
public:
    explicit HunkReviewDialog(HunkReviewModel *model, const QString &title, QWidget *parent = nullptr);
    HunkReviewModel *model() const { return m_model; }

    QListView *hunkList() const { return m_list; }
    QPlainTextEdit *preview() const { return m_preview; }

private:
    void showCurrent();
    void updateSummary();

    HunkReviewModel *m_model;
    QListView *m_list;
    QPlainTextEdit *m_preview;
    QLabel *m_summary;
};

} // namespace tileport
