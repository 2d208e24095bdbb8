// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "IrDiffPane.h"
#include "CodeEditor.h"
#include "DiffRowsModel.h"
#include "IrDiffDetails.h"
#include "IrDiffRowDelegate.h"
#include "OpCountModel.h"
#include "OpDeltaMatrixModel.h"
#include "SassDetails.h"
#include "SassPane.h"
#include "SassRowsModel.h"

#include <QAction>
#include <QCheckBox>
#include <QEvent>
#include <QFileInfo>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QScrollArea>
#include <QScrollBar>
#include <QSet>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <utility>

namespace tileport::ui {

IrDiffPane::IrDiffPane(QWidget *parent)
    : QWidget(parent)
    , m_reference(new CodeEditor(QStringLiteral("Tile IR"), this))
    , m_generated(new CodeEditor(QStringLiteral("Tile IR"), this))
    , m_rows(new DiffRowsModel(this))
    , m_filter(new QSortFilterProxyModel(this))
    , m_counts(new OpCountModel(this))
    , m_deltas(new OpDeltaMatrixModel(this))
    , m_deltaTable(new QTableView(this))
    , m_sass(new SassPane(this))
    , m_table(new QTableView(this))
    , m_delegate(new IrDiffRowDelegate(this))
    , m_countTable(new QTableView(this))
    , m_details(new IrDiffDetails(this))
    , m_hideMatching(new QCheckBox(tr("Hide matching"), this))
    , m_tabs(new QTabWidget(this))
    , m_summary(new QLabel(this))
    , m_next(new QAction(tr("Next difference"), this))
    , m_previous(new QAction(tr("Previous difference"), this))
    , m_nextCritical(new QAction(tr("Next critical finding"), this))
{
    m_reference->setObjectName(QStringLiteral("irReference"));
    m_generated->setObjectName(QStringLiteral("irGenerated"));
    m_table->setObjectName(QStringLiteral("irDiffTable"));
    m_countTable->setObjectName(QStringLiteral("opCountTable"));
    m_hideMatching->setObjectName(QStringLiteral("hideMatching"));
    m_summary->setObjectName(QStringLiteral("irDiffSummary"));
    m_tabs->setObjectName(QStringLiteral("irDiffTabs"));
    m_summary->setWordWrap(true);
    m_reference->setReadOnly(true);
    m_generated->setReadOnly(true);
    m_reference->setPlaceholderText(tr("Reference Tile IR (cuTile Python)"));
    m_generated->setPlaceholderText(tr("Generated Tile IR (cuTile Rust)"));

    m_filter->setSourceModel(m_rows);
    m_filter->setFilterRole(DiffRowsModel::KindRole);
    m_table->setModel(m_filter);
    m_table->setItemDelegate(m_delegate);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setWordWrap(false);
    m_table->setTextElideMode(Qt::ElideNone);
    m_table->setHorizontalScrollMode(QAbstractItemView::ScrollPerPixel);
    m_table->setVerticalScrollMode(QAbstractItemView::ScrollPerPixel);
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    m_table->verticalHeader()->setDefaultSectionSize(QFontMetrics(QFontDatabase::systemFont(QFontDatabase::FixedFont)).height() + 4);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->horizontalHeader()->setObjectName(QStringLiteral("irDiffTableHeader"));
    m_table->viewport()->installEventFilter(this);
    {
        // The selection tint lets the op's colours show through.
        QPalette pal = m_table->palette();
        pal.setColor(QPalette::Highlight, QColor(0x4a, 0x90, 0xe2, 80));
        m_table->setPalette(pal);
    }
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &current) { onCurrentChanged(current); });
    connect(m_table->horizontalHeader(), &QHeaderView::sectionResized, this, [this](int section, int, int size) {
        if (section == 0 && !m_sizingColumns && m_table->viewport()->width() > 0)
            m_refShare = qBound(0.15, double(size) / m_table->viewport()->width(), 0.85);
        expandRow(m_expanded);
    });
    // Rows come and go with the filter: the expanded row is found again.
    auto reexpand = [this] {
        m_expanded = -1;
        expandRow(m_table->currentIndex().row());
    };
    connect(m_filter, &QAbstractItemModel::modelReset, this, reexpand);
    connect(m_filter, &QAbstractItemModel::layoutChanged, this, reexpand);
    connect(m_filter, &QAbstractItemModel::rowsRemoved, this, reexpand);
    connect(m_filter, &QAbstractItemModel::rowsInserted, this, reexpand);
    connect(m_hideMatching, &QCheckBox::toggled, this, &IrDiffPane::setHideMatching);

    m_countTable->setModel(m_counts);
    m_countTable->verticalHeader()->hide();
    m_countTable->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_countTable->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_countTable->setTextElideMode(Qt::ElideNone);
    m_countTable->setWordWrap(false);
    m_countTable->verticalHeader()->setDefaultSectionSize(m_countTable->fontMetrics().height() + 4);
    m_countTable->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_countTable->horizontalHeader()->setStretchLastSection(false);
    m_countTable->setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    m_countTable->setToolTip(tr("Op counts, largest change first"));

    m_next->setObjectName(QStringLiteral("nextDifferenceAction"));
    m_previous->setObjectName(QStringLiteral("previousDifferenceAction"));
    m_nextCritical->setObjectName(QStringLiteral("nextCriticalAction"));
    m_next->setShortcut(QKeySequence(Qt::Key_F7));
    m_previous->setShortcut(QKeySequence(Qt::SHIFT | Qt::Key_F7));
    m_nextCritical->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_F7));
    m_next->setText(tr("Next difference"));
    m_next->setIconText(tr("Next ▼"));
    m_previous->setIconText(tr("▲ Previous"));
    m_nextCritical->setIconText(tr("Next critical"));
    for (QAction *a : {m_next, m_previous, m_nextCritical}) {
        a->setToolTip(QStringLiteral("%1 (%2)").arg(a->text(), a->shortcut().toString(QKeySequence::NativeText)));
        addAction(a);
    }
    connect(m_next, &QAction::triggered, this, [this] { walk(DiffRowsModel::Walk::NextDifference); });
    connect(m_previous, &QAction::triggered, this, [this] { walk(DiffRowsModel::Walk::PreviousDifference); });
    connect(m_nextCritical, &QAction::triggered, this, [this] { walk(DiffRowsModel::Walk::NextCritical); });

    // Aligned tab: the rows above; the selected row's details and the op counts below.
    auto *below = new QSplitter(Qt::Horizontal, this);
    below->setObjectName(QStringLiteral("irDetailsSplit"));
    // The details scroll as a whole: a long op or many findings never push the table out.
    auto *detailsScroll = new QScrollArea(this);
    detailsScroll->setObjectName(QStringLiteral("irDetailsScroll"));
    detailsScroll->setWidget(m_details);
    detailsScroll->setWidgetResizable(true);
    detailsScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    detailsScroll->setFrameShape(QFrame::NoFrame);
    detailsScroll->setMinimumHeight(QFontMetrics(font()).lineSpacing() * 4);
    below->addWidget(detailsScroll);
    below->addWidget(m_countTable);
    below->setStretchFactor(0, 1);
    below->setStretchFactor(1, 0);
    below->setChildrenCollapsible(false);
    auto *aligned = new QSplitter(Qt::Vertical, this);
    aligned->setObjectName(QStringLiteral("irAlignedSplit"));
    aligned->addWidget(m_table);
    aligned->addWidget(below);
    aligned->setStretchFactor(0, 3);
    aligned->setStretchFactor(1, 2);
    aligned->setChildrenCollapsible(false);
    auto *split = new QSplitter(Qt::Horizontal, this);
    split->setObjectName(QStringLiteral("irTextSplit"));
    split->addWidget(m_reference);
    split->addWidget(m_generated);
    m_tabs->addTab(aligned, tr("Aligned"));
    m_tabs->addTab(split, tr("Text"));
    m_deltaTable->setObjectName(QStringLiteral("opDeltaTable"));
    m_deltaTable->setModel(m_deltas);
    m_deltaTable->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_deltaTable->setTextElideMode(Qt::ElideNone);
    m_deltaTable->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_deltaTable->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_deltaTable->setToolTip(tr("Op-count change (gen - ref) per config; the shown config in bold"));
    m_tabs->addTab(m_deltaTable, tr("Op Δ per config"));
    m_tabs->addTab(m_sass, tr("Machine code"));
    connect(m_sass, &SassPane::rowActivated, this, &IrDiffPane::onMachineCodeRow);
    connect(m_tabs, &QTabWidget::currentChanged, this, [this](int tab) {
        if (m_tabs->widget(tab) == m_sass)
            requestMachineCode();
        if (tab == 1 && m_textsPending) {
            m_textsPending = false;
            m_reference->setDocumentText(std::exchange(m_pendingReference, {}));
            m_generated->setDocumentText(std::exchange(m_pendingGenerated, {}));
        }
    });

    auto *head = new QHBoxLayout;
    head->setSpacing(2);
    head->addWidget(new QLabel(tr("Tile IR diff"), this));
    head->addStretch(1);
    for (QAction *a : {m_previous, m_next, m_nextCritical}) {
        auto *b = new QToolButton(this);
        b->setDefaultAction(a);
        b->setAutoRaise(true);
        b->setToolButtonStyle(Qt::ToolButtonTextOnly);
        head->addWidget(b);
    }
    head->addSpacing(8);
    head->addWidget(m_hideMatching);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(head);
    layout->addWidget(m_tabs, 1);
    layout->addWidget(m_summary);
    setSummary(tr("no diff yet"));
}

QString IrDiffPane::summary() const
{
    return m_summary->text();
}

void IrDiffPane::setSummary(const QString &text)
{
    m_summary->setText(text);
}

void IrDiffPane::setDiff(const AlignedDiff &diff)
{
    m_expanded = -1;
    m_rows->setDiff(diff);
    m_counts->setCounts(diff.opCounts);
    m_details->clear();
    fitCountTable();
    m_sassAsked.clear();
    m_sass->setAlignment(SassSideBySide{});
    m_sass->setStatus(tr("Machine code: compiled with tileiras when this tab is shown"));
    if (m_tabs->currentWidget() == m_sass)
        requestMachineCode();
    setSummary(m_rows->summary());
}

void IrDiffPane::requestMachineCode()
{
    const AlignedDiff &d = m_rows->diff();
    const QString key = d.refPath + QLatin1Char('|') + d.genPath;
    if (key == m_sassAsked)
        return;
    if (!d.refPath.endsWith(QLatin1String(".tileirbc")) || !d.genPath.endsWith(QLatin1String(".tileirbc"))) {
        m_sass->setStatus(tr("Machine code needs both sides' bytecode: run stages A and B"));
        return;
    }
    m_sassAsked = key;
    m_sass->setStatus(tr("Compiling both sides with tileiras and disassembling (cached by content)…"));
    Q_EMIT machineCodeRequested(d.refPath, d.genPath);
}

void IrDiffPane::setMachineCode(const SassSideBySide &sass)
{
    m_sass->setAlignment(sass);
}

void IrDiffPane::onMachineCodeRow(int sassRow)
{
    // The cubin's line table gives the instruction's source line, which is
    // the location of the Tile IR ops it was compiled from: those ops are its link.
    const SassRowsModel::Details d = m_sass->rows()->details(sassRow);
    QList<int> rows = m_rows->rowsAtSource(QFileInfo(d.refFile).fileName(), d.refLine, true);
    for (int r : m_rows->rowsAtSource(QFileInfo(d.genFile).fileName(), d.genLine, false))
        if (!rows.contains(r))
            rows << r;
    std::sort(rows.begin(), rows.end());
    QStringList ops;
    for (int r : std::as_const(rows)) {
        const AlignedRow &row = m_rows->diff().rows.at(r);
        const QString text = row.refOp >= 0 && d.refLine > 0 ? m_rows->diff().refText(row) : m_rows->diff().genText(row);
        if (!text.isEmpty())
            ops << text;
    }
    const QString where = d.refLine > 0 ? QStringLiteral("%1:%2").arg(QFileInfo(d.refFile).fileName()).arg(d.refLine)
                          : d.genLine > 0 ? QStringLiteral("%1:%2").arg(QFileInfo(d.genFile).fileName()).arg(d.genLine)
                                          : QString();
    m_sass->details()->showTileIr(ops, where);
    Q_EMIT machineCodeRowActivated(sassRow, rows);
}

void IrDiffPane::showMachineCodeTab()
{
    m_tabs->setCurrentWidget(m_sass);
}

void IrDiffPane::setOpDeltas(const QList<ConfigOpDeltas> &deltas, const QString &current)
{
    m_deltas->setDeltas(deltas);
    m_deltas->setCurrentConfig(current);
}

void IrDiffPane::fitCountTable()
{
    // Every column as wide as its widest text, and the table as wide as its
    // columns: the splitter cannot squeeze the op names to "…".
    m_countTable->resizeColumnsToContents();
    int width = 2 * m_countTable->frameWidth() + m_countTable->verticalScrollBar()->sizeHint().width();
    for (int c = 0; c < m_counts->columnCount(); ++c)
        width += m_countTable->columnWidth(c);
    m_countTable->setMinimumWidth(width);
}

void IrDiffPane::setTexts(const QString &reference, const QString &generated)
{
    m_pendingReference = reference;
    m_pendingGenerated = generated;
    m_textsPending = true;
    if (m_tabs->currentIndex() == 1)
        Q_EMIT m_tabs->currentChanged(1);
}

void IrDiffPane::showTextTab()
{
    m_tabs->setCurrentIndex(1);
}

void IrDiffPane::setHideMatching(bool hide)
{
    if (m_hideMatching->isChecked() != hide)
        m_hideMatching->setChecked(hide); // re-enters through toggled
    m_filter->setFilterRegularExpression(hide ? QStringLiteral("^(?!matched$)") : QString());
}

bool IrDiffPane::hideMatching() const
{
    return m_hideMatching->isChecked();
}

void IrDiffPane::setLinkedRows(const QList<int> &rows)
{
    m_rows->setLinkedRows(rows);
    // The instructions compiled from the linked ops' lines are linked too.
    QList<int> sassRows;
    QSet<QString> seen;
    for (int r : rows) {
        if (r < 0 || r >= m_rows->diff().rows.size())
            continue;
        const AlignedRow &row = m_rows->diff().rows.at(r);
        for (const auto &[loc, ref] : {std::pair{&row.refLoc, true}, std::pair{&row.genLoc, false}}) {
            if (!loc->known())
                continue;
            const QString name = QFileInfo(loc->file).fileName();
            const QString key = QStringLiteral("%1|%2|%3").arg(ref).arg(name).arg(loc->line);
            if (seen.contains(key))
                continue;
            seen.insert(key);
            sassRows << m_sass->rows()->rowsAtSource(name, loc->line, ref);
        }
    }
    m_sass->setLinkedRows(sassRows);
    // The selected row is in view already when it is among them: no jump away from it.
    if (!rows.isEmpty() && !rows.contains(selectedRow())) {
        const QModelIndex i = m_filter->mapFromSource(m_rows->index(rows.first(), 0));
        if (i.isValid())
            m_table->scrollTo(i, QAbstractItemView::PositionAtCenter);
    }
}

void IrDiffPane::setTheme(ThemeMode mode)
{
    m_reference->setTheme(mode);
    m_generated->setTheme(mode);
    m_details->setTheme(mode);
    m_delegate->setTheme(mode);
    m_sass->setTheme(mode);
    // A selection tint the op's colours stay legible on (the dark theme's blues would vanish in a blue
    // one, and dim in a strong grey); the linked rows' bar marks them too.
    QPalette pal = m_table->palette();
    pal.setColor(QPalette::Highlight, mode == ThemeMode::Dark ? QColor(0xff, 0xff, 0xff, 18) : QColor(0x4a, 0x90, 0xe2, 80));
    m_table->setPalette(pal);
    m_table->viewport()->update();
}

void IrDiffPane::selectRow(int row)
{
    const QModelIndex i = m_filter->mapFromSource(m_rows->index(row, 0));
    if (!i.isValid())
        return;
    m_table->setCurrentIndex(i); // selects the row (both columns); onCurrentChanged follows
    m_table->scrollTo(i, QAbstractItemView::EnsureVisible);
}

int IrDiffPane::selectedRow() const
{
    const QModelIndex i = m_table->currentIndex();
    return i.isValid() ? m_filter->mapToSource(i).row() : -1;
}

QList<int> IrDiffPane::selectedRows() const
{
    QList<int> out;
    for (const QModelIndex &i : m_table->selectionModel()->selectedRows())
        out << m_filter->mapToSource(i).row();
    std::sort(out.begin(), out.end());
    return out;
}

int IrDiffPane::walk(DiffRowsModel::Walk step)
{
    // On the machine-code tab the walk steps through differing instructions.
    if (m_tabs->currentWidget() == m_sass) {
        const int row = m_sass->walk(step != DiffRowsModel::Walk::PreviousDifference);
        if (row < 0)
            Q_EMIT walkEnded(tr("No differing instruction"));
        return row;
    }
    const int from = selectedRow();
    int row = from;
    for (int tries = 0, n = m_rows->rowCount(); tries < n; ++tries) {
        row = m_rows->walk(row, step);
        if (row < 0)
            break;
        if (m_filter->mapFromSource(m_rows->index(row, 0)).isValid()) {
            if (row != from)
                selectRow(row);
            return row;
        }
        if (row == from)
            break;
    }
    Q_EMIT walkEnded(step == DiffRowsModel::Walk::NextCritical ? tr("No critical finding in this diff")
                                                               : tr("No difference in this diff"));
    return -1;
}

void IrDiffPane::onCurrentChanged(const QModelIndex &current)
{
    expandRow(current.row());
    if (!current.isValid()) {
        m_details->clear();
        return;
    }
    const int row = m_filter->mapToSource(current).row();
    selectGroup(row);
    // A mouse press selects its row after the current one changed: the group goes back on after it.
    QMetaObject::invokeMethod(this, [this, row] {
        if (selectedRow() == row)
            selectGroup(row);
    }, Qt::QueuedConnection);
    m_details->showRow(m_rows->details(row), m_rows->diff().findings);
    Q_EMIT rowActivated(row);
}

void IrDiffPane::selectGroup(int row)
{
    // A finding about several ops selects all of them, in both columns; the
    // current row stays the one that is expanded and detailed.
    QItemSelection group;
    for (int r : m_rows->selectionFor(row)) {
        const QModelIndex i = m_filter->mapFromSource(m_rows->index(r, 0));
        if (i.isValid())
            group.select(i, i.siblingAtColumn(m_filter->columnCount() - 1));
    }
    if (group != m_table->selectionModel()->selection())
        m_table->selectionModel()->select(group, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
}

void IrDiffPane::expandRow(int proxyRow)
{
    m_expanded = m_delegate->expandRow(m_table, proxyRow, m_expanded);
}

void IrDiffPane::setReferenceShare(double share)
{
    m_refShare = qBound(0.15, share, 0.85);
    m_sizingColumns = true;
    m_table->setColumnWidth(0, int(m_table->viewport()->width() * m_refShare));
    m_sizingColumns = false;
}

bool IrDiffPane::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_table->viewport() && event->type() == QEvent::Resize) {
        // The columns keep their shares of the width as the pane grows or shrinks.
        m_sizingColumns = true;
        m_table->setColumnWidth(0, int(m_table->viewport()->width() * m_refShare));
        m_sizingColumns = false;
    }
    return QWidget::eventFilter(watched, event);
}

} // namespace tileport::ui
