// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "IrAlignment.h"
#include "IrChangeMarks.h"

#include <QAbstractTableModel>
#include <QSet>

namespace tileport::ui {

// The aligned IR diff as a two-column table (reference | generated) for the
// IR diff pane; a proxy filtering on KindRole hides matching regions.
class DiffRowsModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Role {
        KindRole = Qt::UserRole + 1, // "matched", "changed", "inserted", "deleted", "function"
        ChangesRole,   // QStringList "name: ref → gen"
        CriticalRole,  // bool
        MarkedTextRole, // HTML with the changed attributes marked
        LocRole,       // "file:line:col" of this column's op
        LineRole,      // the op's source line (Python for the reference, Rust or Python for generated)
        LinkedRole,    // bool: highlighted by the current link
        MarksRole,     // QVariantList of QPoint(start, length): the changes inside this column's op text
        FindingsRole,  // QVariantList of int: the findings (AlignedDiff::findings) naming this row's ops
        PathRole,      // this column's op path ("@fn/4/r0/2")
    };
    Q_ENUM(Role)

    // Steps of the keyboard walk through the diff.
    enum class Walk { NextDifference, PreviousDifference, NextCritical };

    // What the details pane shows of one row.
    struct Details {
        QString kind;
        QString refText, genText; // full one-line op texts (no indentation)
        QString refLoc, genLoc;   // "file:line:col" or empty
        QList<IrChangeMarks::Span> refMarks, genMarks;
        QStringList changes;
        QList<int> findings;
    };

    explicit DiffRowsModel(QObject *parent = nullptr);

    void setDiff(const AlignedDiff &diff);
    const AlignedDiff &diff() const { return m_diff; }
    void setLinkedRows(const QList<int> &rows);
    QList<int> linkedRows() const { return QList<int>(m_linked.begin(), m_linked.end()); }
    // "ops ref 24 / gen 26 · 20 matched, 2 changed, 3 inserted, 1 deleted · 1 critical"
    QString summary() const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QVariant headerData(int section, Qt::Orientation o, int role) const override;
    QHash<int, QByteArray> roleNames() const override;

    static QString kindName(AlignedRow::Kind k);
    // A difference: a changed, inserted or deleted op, or one a finding names.
    bool isDifference(int row) const;
    // The row the walk reaches from `row` (-1: from the top; wraps around), or -1 when none qualifies.
    int walk(int row, Walk step) const;
    Details details(int row) const;
    // What selecting `row` selects: the row and the rows of every op its
    // findings name (a finding about several ops shows them all), in order.
    QList<int> selectionFor(int row) const;
    // Rows whose op on that side is located at line `line` of a file named `fileName`
    // (what a SASS instruction's line-table entry points at).
    QList<int> rowsAtSource(const QString &fileName, int line, bool ref) const;
    QList<IrChangeMarks::Span> marks(int row, bool ref) const;

private:
    AlignedDiff m_diff;
    QSet<int> m_linked;
};

} // namespace tileport::ui
