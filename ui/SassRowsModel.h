// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "IrChangeMarks.h"
#include "SassAlignment.h"

#include <QAbstractTableModel>
#include <QSet>

namespace tileport::ui {

// The machine-code tab's side-by-side SASS (reference | generated), coloured
// as the IR diff's rows are, the differing operands of a changed row marked
// inside its text, each instruction's source position (--lineinfo), and the
// same keyboard walk through the differences.
class SassRowsModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Role {
        KindRole = Qt::UserRole + 1, // "matched", "changed", "inserted", "deleted", "function"
        RegistersOnlyRole,           // bool: equal up to register numbers
        MarksRole,                   // QVariantList of QPoint(start, length): what differs inside this column's instruction
        LocRole,                     // "file:line" of this column's instruction, or empty
        LinkedRole,                  // bool: highlighted by the current link
    };
    Q_ENUM(Role)
    enum class Walk { NextDifference, PreviousDifference };

    // What the details pane shows of one row.
    struct Details {
        QString kind;
        QString ref, gen;
        QList<IrChangeMarks::Span> refMarks, genMarks;
        QString refFile, genFile;
        int refLine = 0, genLine = 0;
        bool registersOnly = false;
    };

    explicit SassRowsModel(QObject *parent = nullptr);

    void setAlignment(const SassSideBySide &a);
    const SassSideBySide &alignment() const { return m_a; }
    bool isDifference(int row) const;
    // As DiffRowsModel::walk: the next (or previous) difference from `row`, wrapping; -1 when none.
    int walk(int row, Walk step) const;
    Details details(int row) const;
    // The tokens (opcode with its modifiers, each operand) that differ
    // between a changed row's two instructions, in one side's text: those at
    // the same position when both have as many, else the span between their
    // common first and last tokens.
    QList<IrChangeMarks::Span> marks(int row, bool ref) const;
    // Rows whose instruction on that side comes from line `line` of a file named `fileName`.
    QList<int> rowsAtSource(const QString &fileName, int line, bool ref) const;
    void setLinkedRows(const QList<int> &rows);
    // Whether any instruction carries a source position (the cubins had line tables).
    bool hasSourceLines() const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QVariant headerData(int section, Qt::Orientation o, int role) const override;
    QHash<int, QByteArray> roleNames() const override;

    static QString kindName(SassRow::Kind k);

private:
    SassSideBySide m_a;
    QSet<int> m_linked;
};

} // namespace tileport::ui
