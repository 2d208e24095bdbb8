// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "HunkReviewDialog.h"

#include <QDialogButtonBox>
#include <QFontDatabase>
#include <QLabel>
#include <QListView>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSplitter>
#include <QVBoxLayout>

namespace tileport {

HunkReviewDialog::HunkReviewDialog(HunkReviewModel *model, const QString &title, QWidget *parent)
    : QDialog(parent)
    , m_model(model)
    , m_list(new QListView(this))
    , m_preview(new QPlainTextEdit(this))
    , m_summary(new QLabel(this))
{
    setWindowTitle(title);
    m_list->setObjectName(QStringLiteral("hunkList"));
    m_list->setModel(model);
    m_preview->setObjectName(QStringLiteral("hunkPreview"));
    m_preview->setReadOnly(true);
    m_preview->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    auto *split = new QSplitter(Qt::Vertical, this);
    split->addWidget(m_list);
    split->addWidget(m_preview);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Apply accepted hunks"));
    QPushButton *all = buttons->addButton(tr("Accept all"), QDialogButtonBox::ActionRole);
    QPushButton *none = buttons->addButton(tr("Reject all"), QDialogButtonBox::ActionRole);
    all->setObjectName(QStringLiteral("acceptAll"));
    none->setObjectName(QStringLiteral("rejectAll"));
    connect(all, &QPushButton::clicked, model, [model] { model->setAllAccepted(true); });
    connect(none, &QPushButton::clicked, model, [model] { model->setAllAccepted(false); });
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_list->selectionModel(), &QItemSelectionModel::currentChanged, this, &HunkReviewDialog::showCurrent);
    connect(model, &QAbstractItemModel::dataChanged, this, &HunkReviewDialog::updateSummary);
    connect(model, &QAbstractItemModel::modelReset, this, &HunkReviewDialog::updateSummary);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(split, 1);
    layout->addWidget(m_summary);
    layout->addWidget(buttons);
    if (model->rowCount() > 0)
        m_list->setCurrentIndex(model->index(0));
    updateSummary();
    resize(820, 600);
}

void HunkReviewDialog::showCurrent()
{
    m_preview->setPlainText(m_model->data(m_list->currentIndex(), HunkReviewModel::BodyRole).toString());
}

void HunkReviewDialog::updateSummary()
{
    m_summary->setText(tr("%1 of %2 hunks accepted").arg(m_model->acceptedCount()).arg(m_model->rowCount()));
}

} // namespace tileport
