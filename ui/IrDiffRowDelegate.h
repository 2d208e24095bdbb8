// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "IrLineHighlighter.h"
#include "ThemeMode.h"

#include <QHash>
#include <QStyledItemDelegate>

class QTableView;

namespace tileport::ui {

// Paints an aligned IR diff cell: the op's whole text in monospace,
// coloured by the Tile IR definition, with the changes (MarksRole) marked
// inside it, never elided. The current row is the expanded one: its text
// wraps to the column, and rowHeight() says how tall it must be. The
// machine-code tab paints its SASS rows with it too (other roles, no Tile IR
// colours).
class IrDiffRowDelegate : public QStyledItemDelegate
{
    Q_OBJECT
public:
    explicit IrDiffRowDelegate(QObject *parent = nullptr);

    void setTheme(ThemeMode mode);
    // The roles holding the marks (QVariantList of QPoint) and the link flag; DiffRowsModel's by default.
    void setRoles(int marksRole, int linkedRole);
    // Off: the text in the theme's colour, without the Tile IR definition (SASS).
    void setHighlighting(bool on);
    void paint(QPainter *p, const QStyleOptionViewItem &option, const QModelIndex &index) const override;
    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override;
    // The height the cell's text needs when wrapped to `width` pixels.
    int wrappedHeight(const QStyleOptionViewItem &option, const QModelIndex &index, int width) const;
    // Gives `row` of `table` (whose model this delegate paints) the height of
    // its wrapped text and the row `expanded` back its one line; returns the
    // row now expanded (-1 when `row` is out of range).
    int expandRow(QTableView *table, int row, int expanded) const;

private:
    QList<QTextLayout::FormatRange> formatsFor(const QString &text, const QVariantList &marks) const;

    IrLineHighlighter m_highlighter;
    int m_marksRole;
    int m_linkedRole;
    bool m_highlighting = true;
    // Highlighting is regex work: the rows on screen are painted again on every hover.
    mutable QHash<QString, QList<QTextLayout::FormatRange>> m_cache;
};

} // namespace tileport::ui
