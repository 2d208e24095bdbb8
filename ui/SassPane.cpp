// SPDX-License-Identifier: MIT
#include "SassPane.h"
#include "OpCountModel.h"
#include "SassRowsModel.h"

#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QScrollBar>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>

namespace tileport::ui {

SassPane::SassPane(QWidget *parent)
    : QWidget(parent)
    , m_status(new QLabel(this))
    , m_rows(new SassRowsModel(this))
    , m_resources(new OpCountModel(this))
    , m_table(new QTableView(this))
    , m_resourceTable(new QTableView(this))
{
    setObjectName(QStringLiteral("sassPane"));
    m_status->setObjectName(QStringLiteral("sassStatus"));
    m_table->setObjectName(QStringLiteral("sassTable"));
    m_resourceTable->setObjectName(QStringLiteral("sassResources"));
    m_status->setWordWrap(true);
    m_status->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_resources->setKeyTitle(tr("resource"));

    m_table->setModel(m_rows);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setWordWrap(false);
    m_table->setTextElideMode(Qt::ElideNone);
    m_table->setHorizontalScrollMode(QAbstractItemView::ScrollPerPixel);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(QFontMetrics(QFontDatabase::systemFont(QFontDatabase::FixedFont)).height() + 4);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);

    m_resourceTable->setModel(m_resources);
    m_resourceTable->verticalHeader()->hide();
    m_resourceTable->verticalHeader()->setDefaultSectionSize(m_resourceTable->fontMetrics().height() + 4);
    m_resourceTable->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_resourceTable->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_resourceTable->setTextElideMode(Qt::ElideNone);
    m_resourceTable->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);

    // The verdict beside the resources, above the listing: the instructions get the pane's whole width.
    auto *top = new QHBoxLayout;
    top->addWidget(m_status, 1);
    top->addWidget(m_resourceTable);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(top);
    layout->addWidget(m_table, 1);
    setStatus(tr("Machine code: opens when this tab is shown and a config's IR diff is loaded"));
}

void SassPane::setStatus(const QString &text)
{
    m_status->setText(text);
}

QString SassPane::status() const
{
    return m_status->text();
}

void SassPane::setAlignment(const SassSideBySide &a)
{
    m_rows->setAlignment(a);
    QList<OpCount> resources;
    for (const sass::CountDelta &d : a.resources)
        resources << OpCount{d.name, d.ref, d.gen};
    m_resources->setCounts(resources);
    m_resourceTable->resizeColumnsToContents();
    int width = 2 * m_resourceTable->frameWidth() + 2;
    for (int c = 0; c < m_resources->columnCount(); ++c)
        width += m_resourceTable->columnWidth(c);
    m_resourceTable->setFixedWidth(width);
    m_resourceTable->setFixedHeight(m_resourceTable->horizontalHeader()->sizeHint().height() + 2 * m_resourceTable->frameWidth()
                                    + m_resourceTable->verticalHeader()->length() + 2);
    m_contentWidths.clear();
    const QFontMetrics fm(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    for (int c = 0; c < 2; ++c) {
        int widest = 0;
        for (int r = 0; r < m_rows->rowCount(); ++r)
            if (m_rows->index(r, c).data(SassRowsModel::KindRole).toString() != QLatin1String("function"))
                widest = std::max(widest, fm.horizontalAdvance(m_rows->index(r, c).data().toString()));
        m_contentWidths << widest + 16;
    }
    fitColumns();
    if (!a.error.isEmpty()) {
        setStatus(a.error);
        return;
    }
    QStringList classes;
    for (const sass::CountDelta &d : a.classDeltas)
        classes << QStringLiteral("%1 %2→%3").arg(d.name).arg(d.ref).arg(d.gen);
    setStatus(QStringLiteral("<b>%1</b> · %2 / %3 instructions%4%5")
                  .arg(a.verdict)
                  .arg(a.refInstructions)
                  .arg(a.genInstructions)
                  .arg(classes.isEmpty() ? QString() : QStringLiteral(" · ") + classes.join(QStringLiteral(", ")).toHtmlEscaped())
                  .arg(a.notes.isEmpty() ? QString() : QStringLiteral("<br>") + a.notes.first().toHtmlEscaped()));
}

void SassPane::fitColumns()
{
    QHeaderView *h = m_table->horizontalHeader();
    const int available = m_table->viewport()->width();
    if (m_contentWidths.size() != 2 || m_contentWidths[0] + m_contentWidths[1] <= available) {
        h->setSectionResizeMode(QHeaderView::Stretch);
        return;
    }
    h->setSectionResizeMode(QHeaderView::Interactive);
    h->setStretchLastSection(false);
    for (int c = 0; c < 2; ++c)
        m_table->setColumnWidth(c, std::max(m_contentWidths[c], available / 2));
}

void SassPane::resizeEvent(QResizeEvent *e)
{
    QWidget::resizeEvent(e);
    fitColumns();
}

int SassPane::walk(bool forward)
{
    const int from = m_table->currentIndex().row();
    const int row = m_rows->walk(from, forward ? SassRowsModel::Walk::NextDifference : SassRowsModel::Walk::PreviousDifference);
    if (row >= 0) {
        m_table->setCurrentIndex(m_rows->index(row, 0));
        m_table->scrollTo(m_rows->index(row, 0), QAbstractItemView::PositionAtCenter);
    }
    return row;
}

} // namespace tileport::ui
