// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "SassAlignment.h"
#include "ThemeMode.h"

#include <QWidget>

class QLabel;
class QTableView;

namespace tileport::ui {

class IrDiffRowDelegate;
class OpCountModel;
class SassDetails;
class SassRowsModel;

// The machine-code tab beside the Tile IR diff, with the Aligned tab's
// conventions: both sides' SASS aligned (whole instructions in the
// fixed-width font, never elided; changed, inserted and deleted rows
// coloured as the IR diff's are, what differs marked inside a changed
// row; the current row expanded), the selected row's details (SassDetails)
// beside the resources, and the verdict with its reasons above. Shows
// SassSideBySide.
class SassPane : public QWidget
{
    Q_OBJECT
public:
    explicit SassPane(QWidget *parent = nullptr);

    void setAlignment(const SassSideBySide &a);
    // While tileiras compiles both sides, or why nothing is shown.
    void setStatus(const QString &text);
    QString status() const;
    SassRowsModel *rows() const { return m_rows; }
    OpCountModel *resources() const { return m_resources; }
    QTableView *table() const { return m_table; }
    QTableView *resourceTable() const { return m_resourceTable; }
    SassDetails *details() const { return m_details; }
    // Selects the next or previous differing instruction; -1 when none.
    int walk(bool forward);
    // Selects a row (both columns), expands it and shows its details.
    void selectRow(int row);
    int selectedRow() const;
    // Rows shown as linked (the instructions of the linked source lines).
    void setLinkedRows(const QList<int> &rows);
    void setTheme(ThemeMode mode);

Q_SIGNALS:
    // The user selected a row: by click, keys or the walk.
    void rowActivated(int row);

protected:
    void resizeEvent(QResizeEvent *e) override;

private:
    // Both columns share the width when every instruction fits; otherwise
    // each is as wide as its longest one and the table scrolls sideways.
    void fitColumns();
    void onCurrentChanged(const QModelIndex &current);
    void expandRow(int row);

    QLabel *m_status;
    SassRowsModel *m_rows;
    OpCountModel *m_resources;
    QTableView *m_table;
    IrDiffRowDelegate *m_delegate;
    QTableView *m_resourceTable;
    SassDetails *m_details;
    QList<int> m_contentWidths; // per column: the widest instruction (function rows aside)
    int m_expanded = -1;
};

} // namespace tileport::ui
