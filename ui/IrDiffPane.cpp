// SPDX-License-Identifier: MIT
#include "IrDiffPane.h"
#include "CodeEditor.h"
#include "DiffRowsModel.h"

#include <QAbstractTextDocumentLayout>
#include <QCheckBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPainter>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QStandardItemModel>
#include <QStyledItemDelegate>
#include <QTabWidget>
#include <QTableView>
#include <QTextDocument>
#include <QVBoxLayout>

#include <utility>

namespace tileport::ui {

namespace {

// Paints MarkedTextRole (HTML) so that changed attributes stand out inside the line.
class MarkedTextDelegate : public QStyledItemDelegate
{
public:
    using QStyledItemDelegate::QStyledItemDelegate;
    void paint(QPainter *p, const QStyleOptionViewItem &option, const QModelIndex &index) const override
    {
        if (index.data(DiffRowsModel::KindRole).toString() != QLatin1String("changed")) {
            QStyledItemDelegate::paint(p, option, index);
            return;
        }
        QStyleOptionViewItem opt = option;
        initStyleOption(&opt, index);
        const QString depthPad = QString(index.data().toString().size() - index.data().toString().trimmed().size(), QChar(0xa0));
        opt.text.clear();
        opt.widget->style()->drawControl(QStyle::CE_ItemViewItem, &opt, p, opt.widget);
        QTextDocument doc;
        doc.setDefaultFont(opt.font);
        doc.setDocumentMargin(1);
        doc.setHtml(depthPad + index.data(DiffRowsModel::MarkedTextRole).toString());
        p->save();
        p->translate(opt.rect.topLeft());
        p->setClipRect(QRect(QPoint(), opt.rect.size()));
        doc.drawContents(p);
        p->restore();
    }
};

} // namespace

IrDiffPane::IrDiffPane(QWidget *parent)
    : QWidget(parent)
    , m_reference(new CodeEditor(QStringLiteral("Tile IR"), this))
    , m_generated(new CodeEditor(QStringLiteral("Tile IR"), this))
    , m_rows(new DiffRowsModel(this))
    , m_filter(new QSortFilterProxyModel(this))
    , m_counts(new QStandardItemModel(this))
    , m_table(new QTableView(this))
    , m_countTable(new QTableView(this))
    , m_hideMatching(new QCheckBox(tr("Hide matching"), this))
    , m_tabs(new QTabWidget(this))
    , m_summary(new QLabel(this))
{
    m_reference->setObjectName(QStringLiteral("irReference"));
    m_generated->setObjectName(QStringLiteral("irGenerated"));
    m_table->setObjectName(QStringLiteral("irDiffTable"));
    m_countTable->setObjectName(QStringLiteral("opCountTable"));
    m_hideMatching->setObjectName(QStringLiteral("hideMatching"));
    m_summary->setObjectName(QStringLiteral("irDiffSummary"));
    m_summary->setWordWrap(true);
    m_reference->setReadOnly(true);
    m_generated->setReadOnly(true);
    m_reference->setPlaceholderText(tr("Reference Tile IR (cuTile Python)"));
    m_generated->setPlaceholderText(tr("Generated Tile IR (cuTile Rust)"));

    m_filter->setSourceModel(m_rows);
    m_filter->setFilterRole(DiffRowsModel::KindRole);
    m_table->setModel(m_filter);
    m_table->setItemDelegate(new MarkedTextDelegate(m_table));
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setWordWrap(false);
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 4);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    connect(m_table, &QTableView::clicked, this,
            [this](const QModelIndex &i) { Q_EMIT rowActivated(m_filter->mapToSource(i).row()); });
    connect(m_hideMatching, &QCheckBox::toggled, this, &IrDiffPane::setHideMatching);

    m_counts->setHorizontalHeaderLabels({tr("op"), tr("ref"), tr("gen"), tr("Δ")});
    m_countTable->setModel(m_counts);
    m_countTable->verticalHeader()->hide();
    m_countTable->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_countTable->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);

    auto *aligned = new QSplitter(Qt::Horizontal, this);
    aligned->addWidget(m_table);
    aligned->addWidget(m_countTable);
    aligned->setStretchFactor(0, 3);
    aligned->setStretchFactor(1, 1);
    m_countTable->setMinimumWidth(190);
    auto *split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(m_reference);
    split->addWidget(m_generated);
    m_tabs->addTab(aligned, tr("Aligned"));
    m_tabs->addTab(split, tr("Text"));
    connect(m_tabs, &QTabWidget::currentChanged, this, [this](int tab) {
        if (tab == 1 && m_textsPending) {
            m_textsPending = false;
            m_reference->setDocumentText(std::exchange(m_pendingReference, {}));
            m_generated->setDocumentText(std::exchange(m_pendingGenerated, {}));
        }
    });

    auto *head = new QHBoxLayout;
    head->addWidget(new QLabel(tr("Tile IR diff"), this));
    head->addStretch(1);
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
    m_rows->setDiff(diff);
    m_counts->removeRows(0, m_counts->rowCount());
    for (const OpCount &c : diff.opCounts) {
        QList<QStandardItem *> items{new QStandardItem(c.op), new QStandardItem(QString::number(c.ref)),
                                     new QStandardItem(QString::number(c.gen)),
                                     new QStandardItem(c.gen == c.ref ? QString() : QStringLiteral("%1%2").arg(c.gen > c.ref ? QStringLiteral("+") : QString()).arg(c.gen - c.ref))};
        if (c.gen != c.ref)
            for (QStandardItem *i : items)
                i->setBackground(QColor(0xf0, 0xa0, 0x20, 60));
        m_counts->appendRow(items);
    }
    setSummary(m_rows->summary());
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
    if (!rows.isEmpty()) {
        const QModelIndex i = m_filter->mapFromSource(m_rows->index(rows.first(), 0));
        if (i.isValid())
            m_table->scrollTo(i, QAbstractItemView::PositionAtCenter);
    }
}

void IrDiffPane::setTheme(ThemeMode mode)
{
    m_reference->setTheme(mode);
    m_generated->setTheme(mode);
}

} // namespace tileport::ui
