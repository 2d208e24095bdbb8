// SPDX-License-Identifier: MIT
#pragma once

#include "IrLineHighlighter.h"
#include "ThemeMode.h"

#include <QHash>
#include <QStyledItemDelegate>

namespace tileport::ui {

// Paints an aligned IR diff cell: the op's whole text in monospace,
// coloured by the Tile IR definition, with the changes (MarksRole) marked
// inside it, never elided. The selected row is the expanded one: its text
// wraps to the column, and rowHeight() says how tall it must be.
class IrDiffRowDelegate : public QStyledItemDelegate
{
    Q_OBJECT
public:
    explicit IrDiffRowDelegate(QObject *parent = nullptr);

    void setTheme(ThemeMode mode);
    void paint(QPainter *p, const QStyleOptionViewItem &option, const QModelIndex &index) const override;
    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override;
    // The height the cell's text needs when wrapped to `width` pixels.
    int wrappedHeight(const QStyleOptionViewItem &option, const QModelIndex &index, int width) const;

private:
    QList<QTextLayout::FormatRange> formatsFor(const QString &text, const QVariantList &marks) const;

    IrLineHighlighter m_highlighter;
    // Highlighting is regex work: the rows on screen are painted again on every hover.
    mutable QHash<QString, QList<QTextLayout::FormatRange>> m_cache;
};

} // namespace tileport::ui
