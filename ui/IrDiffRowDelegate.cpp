// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "IrDiffRowDelegate.h"
#include "DiffRowsModel.h"

#include <QAbstractItemView>
#include <QHeaderView>
#include <QTableView>
#include <QApplication>
#include <QPainter>
#include <QPoint>
#include <QTextLayout>

#include <cmath>

namespace tileport::ui {

namespace {

constexpr int kCacheLimit = 4000;
constexpr int kPad = 3; // the text's inset in the cell

// Lays `text` out in lines of `width` (no wrap when width <= 0); returns the height.
qreal layOut(QTextLayout &layout, int width)
{
    QTextOption option;
    option.setWrapMode(width > 0 ? QTextOption::WrapAtWordBoundaryOrAnywhere : QTextOption::NoWrap);
    layout.setTextOption(option);
    layout.beginLayout();
    qreal y = 0;
    for (QTextLine line = layout.createLine(); line.isValid(); line = layout.createLine()) {
        // Without a width a line is not laid out; unwrapped text gets room for all of it.
        line.setLineWidth(width > 0 ? width : 1e7);
        line.setPosition(QPointF(0, y));
        y += line.height();
    }
    layout.endLayout();
    return y;
}

} // namespace

IrDiffRowDelegate::IrDiffRowDelegate(QObject *parent)
    : QStyledItemDelegate(parent)
    , m_marksRole(DiffRowsModel::MarksRole)
    , m_linkedRole(DiffRowsModel::LinkedRole)
{
}

void IrDiffRowDelegate::setRoles(int marksRole, int linkedRole)
{
    m_marksRole = marksRole;
    m_linkedRole = linkedRole;
}

void IrDiffRowDelegate::setHighlighting(bool on)
{
    m_highlighting = on;
    m_cache.clear();
}

void IrDiffRowDelegate::setTheme(ThemeMode mode)
{
    m_highlighter.setTheme(mode);
    m_cache.clear();
}

QList<QTextLayout::FormatRange> IrDiffRowDelegate::formatsFor(const QString &text, const QVariantList &marks) const
{
    auto it = m_cache.constFind(text);
    if (it == m_cache.constEnd()) {
        if (m_cache.size() > kCacheLimit)
            m_cache.clear();
        it = m_cache.insert(text, m_highlighting ? m_highlighter.formats(text) : QList<QTextLayout::FormatRange>{});
    }
    QList<QTextLayout::FormatRange> formats = *it;
    for (const QVariant &v : marks) {
        const QPoint m = v.toPoint();
        QTextLayout::FormatRange r;
        r.start = m.x();
        r.length = m.y();
        r.format.setBackground(QColor(0xf0, 0xc0, 0x40));
        r.format.setForeground(QColor(Qt::black));
        r.format.setFontUnderline(true);
        formats.append(r); // later ranges win: the mark shows over the syntax colour
    }
    return formats;
}

void IrDiffRowDelegate::paint(QPainter *p, const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    const QString text = opt.text;
    opt.text.clear(); // the style draws background, selection and marker; the text is ours
    const QWidget *widget = opt.widget;
    QStyle *style = widget ? widget->style() : QApplication::style();
    style->drawControl(QStyle::CE_ItemViewItem, &opt, p, widget);
    if (index.column() == 0 && index.data(m_linkedRole).toBool())
        p->fillRect(QRect(opt.rect.left(), opt.rect.top(), 3, opt.rect.height()), QColor(0x2e, 0x86, 0xde));
    if (text.isEmpty())
        return;
    const QRect area = style->subElementRect(QStyle::SE_ItemViewItemText, &opt, widget).adjusted(kPad, 0, -kPad, 0);
    // Only the current row is expanded; the other selected rows (ops its findings name) keep one line.
    const auto *view = qobject_cast<const QAbstractItemView *>(widget);
    const bool expanded = (opt.state & QStyle::State_Selected) && (!view || view->currentIndex().row() == index.row());
    QTextLayout layout(text, opt.font);
    layout.setFormats(formatsFor(text, index.data(m_marksRole).toList()));
    const qreal height = layOut(layout, expanded ? area.width() : 0);
    const qreal top = expanded ? area.top() + 1 : area.top() + (area.height() - height) / 2;
    p->save();
    p->setClipRect(opt.rect);
    p->setPen(m_highlighter.textColor());
    layout.draw(p, QPointF(area.left(), top));
    p->restore();
}

QSize IrDiffRowDelegate::sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    // The full single-line width: what "resize to contents" must give a column.
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    const QFontMetrics fm(opt.font);
    QSize s = QStyledItemDelegate::sizeHint(option, index);
    s.setWidth(int(std::ceil(fm.horizontalAdvance(opt.text))) + 2 * kPad + (opt.features & QStyleOptionViewItem::HasDecoration ? opt.decorationSize.width() + 4 : 0) + 4);
    return s;
}

int IrDiffRowDelegate::wrappedHeight(const QStyleOptionViewItem &option, const QModelIndex &index, int width) const
{
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    if (opt.text.isEmpty())
        return 0;
    const QWidget *widget = opt.widget;
    QStyle *style = widget ? widget->style() : QApplication::style();
    opt.rect = QRect(0, 0, width, 1000);
    const QRect area = style->subElementRect(QStyle::SE_ItemViewItemText, &opt, widget).adjusted(kPad, 0, -kPad, 0);
    QTextLayout layout(opt.text, opt.font);
    return int(std::ceil(layOut(layout, area.width()))) + 4;
}

int IrDiffRowDelegate::expandRow(QTableView *table, int row, int expanded) const
{
    // One row at a time is tall enough for its wrapped text; the others keep one line.
    QHeaderView *v = table->verticalHeader();
    const int base = v->defaultSectionSize();
    if (expanded >= 0 && expanded < v->count() && expanded != row)
        v->resizeSection(expanded, base);
    const QAbstractItemModel *model = table->model();
    if (row < 0 || row >= model->rowCount())
        return -1;
    QStyleOptionViewItem opt;
    opt.initFrom(table->viewport());
    opt.font = table->font();
    opt.widget = table;
    int height = base;
    for (int c = 0; c < model->columnCount(); ++c)
        height = qMax(height, wrappedHeight(opt, model->index(row, c), table->columnWidth(c)));
    v->resizeSection(row, height);
    return row;
}

} // namespace tileport::ui
