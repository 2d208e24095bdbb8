// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "SassPane.h"
#include "IrDiffRowDelegate.h"
#include "OpCountModel.h"
#include "SassDetails.h"
#include "SassRowsModel.h"

#include <QFontDatabase>
#include <QHeaderView>
#include <QLabel>
#include <QScrollArea>
#include <QScrollBar>
#include <QSplitter>
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
    , m_delegate(new IrDiffRowDelegate(this))
    , m_resourceTable(new QTableView(this))
    , m_details(new SassDetails(this))
{
    setObjectName(QStringLiteral("sassPane"));
    m_status->setObjectName(QStringLiteral("sassStatus"));
    m_table->setObjectName(QStringLiteral("sassTable"));
    m_resourceTable->setObjectName(QStringLiteral("sassResources"));
    m_status->setWordWrap(true);
    m_status->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_resources->setKeyTitle(tr("resource"));

    // SASS is not Tile IR: the marks and the link bar, without the Tile IR colours.
    m_delegate->setRoles(SassRowsModel::MarksRole, SassRowsModel::LinkedRole);
    m_delegate->setHighlighting(false);
    m_table->setModel(m_rows);
    m_table->setItemDelegate(m_delegate);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setWordWrap(false);
    m_table->setTextElideMode(Qt::ElideNone);
    m_table->setHorizontalScrollMode(QAbstractItemView::ScrollPerPixel);
    m_table->setVerticalScrollMode(QAbstractItemView::ScrollPerPixel);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    m_table->verticalHeader()->setDefaultSectionSize(QFontMetrics(QFontDatabase::systemFont(QFontDatabase::FixedFont)).height() + 4);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_table->horizontalHeader()->setTextElideMode(Qt::ElideNone);
    {
        // The selection tint lets the marks show through, as in the Aligned tab.
        QPalette pal = m_table->palette();
        pal.setColor(QPalette::Highlight, QColor(0x4a, 0x90, 0xe2, 80));
        m_table->setPalette(pal);
    }
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &current) { onCurrentChanged(current); });
    connect(m_table->horizontalHeader(), &QHeaderView::sectionResized, this, [this] { expandRow(m_expanded); });

    m_resourceTable->setModel(m_resources);
    m_resourceTable->verticalHeader()->hide();
    m_resourceTable->verticalHeader()->setDefaultSectionSize(m_resourceTable->fontMetrics().height() + 4);
    m_resourceTable->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_resourceTable->setTextElideMode(Qt::ElideNone);
    m_resourceTable->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_resourceTable->horizontalHeader()->setStretchLastSection(false);
    m_resourceTable->setToolTip(tr("Resources per thread and kernel, the ones that moved first"));

    // As the Aligned tab: the rows above; the selected row's details and the resources below.
    auto *detailsScroll = new QScrollArea(this);
    detailsScroll->setObjectName(QStringLiteral("sassDetailsScroll"));
    detailsScroll->setWidget(m_details);
    detailsScroll->setWidgetResizable(true);
    detailsScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    detailsScroll->setFrameShape(QFrame::NoFrame);
    auto *below = new QSplitter(Qt::Horizontal, this);
    below->setObjectName(QStringLiteral("sassDetailsSplit"));
    below->addWidget(detailsScroll);
    below->addWidget(m_resourceTable);
    below->setStretchFactor(0, 1);
    below->setStretchFactor(1, 0);
    below->setChildrenCollapsible(false);
    auto *split = new QSplitter(Qt::Vertical, this);
    split->setObjectName(QStringLiteral("sassSplit"));
    split->addWidget(m_table);
    split->addWidget(below);
    // Instructions are short and many: the listing gets two thirds of the height.
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 1);
    split->setChildrenCollapsible(false);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_status);
    layout->addWidget(split, 1);
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
    m_expanded = -1;
    m_rows->setAlignment(a);
    m_details->clear();
    QList<OpCount> resources;
    for (const sass::CountDelta &d : a.resources)
        resources << OpCount{d.name, d.ref, d.gen};
    m_resources->setCounts(resources);
    // Every column as wide as its widest entry, and the table as wide as its columns.
    m_resourceTable->resizeColumnsToContents();
    int width = 2 * m_resourceTable->frameWidth() + m_resourceTable->verticalScrollBar()->sizeHint().width();
    for (int c = 0; c < m_resources->columnCount(); ++c)
        width += m_resourceTable->columnWidth(c);
    m_resourceTable->setMinimumWidth(width);
    m_contentWidths.clear();
    const QFontMetrics fm(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    // The header's title in its own (bold) font, with the room its style gives a section.
    QFont headerFont = m_table->horizontalHeader()->font();
    headerFont.setBold(true);
    const QFontMetrics hm(headerFont);
    for (int c = 0; c < 2; ++c) {
        int widest = hm.horizontalAdvance(m_rows->headerData(c, Qt::Horizontal, Qt::DisplayRole).toString()) + 16;
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
    // The viewport less the vertical scroll bar a long listing shows.
    const int available = m_table->viewport()->width()
        - (m_table->verticalScrollBar()->isVisible() ? 0 : m_table->verticalScrollBar()->sizeHint().width());
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

void SassPane::selectRow(int row)
{
    const QModelIndex i = m_rows->index(row, 0);
    if (!i.isValid())
        return;
    m_table->setCurrentIndex(i);
    m_table->scrollTo(i, QAbstractItemView::PositionAtCenter);
}

int SassPane::selectedRow() const
{
    return m_table->currentIndex().isValid() ? m_table->currentIndex().row() : -1;
}

int SassPane::walk(bool forward)
{
    const int row = m_rows->walk(selectedRow(), forward ? SassRowsModel::Walk::NextDifference : SassRowsModel::Walk::PreviousDifference);
    if (row >= 0)
        selectRow(row);
    return row;
}

void SassPane::setLinkedRows(const QList<int> &rows)
{
    m_rows->setLinkedRows(rows);
}

void SassPane::setTheme(ThemeMode mode)
{
    m_delegate->setTheme(mode);
    m_details->setTheme(mode);
    QPalette pal = m_table->palette();
    pal.setColor(QPalette::Highlight, mode == ThemeMode::Dark ? QColor(0xff, 0xff, 0xff, 18) : QColor(0x4a, 0x90, 0xe2, 80));
    m_table->setPalette(pal);
    m_table->viewport()->update();
}

void SassPane::onCurrentChanged(const QModelIndex &current)
{
    expandRow(current.row());
    if (!current.isValid()) {
        m_details->clear();
        return;
    }
    m_details->showRow(m_rows->details(current.row()));
    Q_EMIT rowActivated(current.row());
}

void SassPane::expandRow(int row)
{
    m_expanded = m_delegate->expandRow(m_table, row, m_expanded);
}

} // namespace tileport::ui
