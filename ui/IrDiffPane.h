// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "DiffRowsModel.h"
#include "ThemeMode.h"

#include <QWidget>

class QAction;
class QCheckBox;
class QLabel;
class QSortFilterProxyModel;
class QSplitter;
class QTableView;
class QTabWidget;

namespace tileport::ui {

class CodeEditor;
class IrDiffDetails;
class IrDiffRowDelegate;
class OpCountModel;
class OpDeltaMatrixModel;
class SassPane;
struct SassSideBySide;
struct ConfigOpDeltas;

// Reference and generated Tile IR side by side: the differ's aligned ops
// (each op's whole text, highlighted, its changes marked inside it; the
// selected row expanded), the selected row's details (both ops in full,
// what changed, its findings) with the op counts beside them, a toggle
// that hides matching rows, the keyboard walk through the differences, and
// the two decoded texts on a second tab.
class IrDiffPane : public QWidget
{
    Q_OBJECT
public:
    explicit IrDiffPane(QWidget *parent = nullptr);

    CodeEditor *reference() const { return m_reference; }
    CodeEditor *generated() const { return m_generated; }
    DiffRowsModel *rowsModel() const { return m_rows; }
    QSortFilterProxyModel *visibleRows() const { return m_filter; }
    QTableView *table() const { return m_table; }
    OpCountModel *opCounts() const { return m_counts; }
    QTableView *countTable() const { return m_countTable; }
    IrDiffDetails *details() const { return m_details; }
    OpDeltaMatrixModel *opDeltas() const { return m_deltas; }
    SassPane *machineCode() const { return m_sass; }
    // Both sides' SASS for the "Machine code" tab (asked for by machineCodeRequested).
    void setMachineCode(const SassSideBySide &sass);
    void showMachineCodeTab();
    // Every config's op-count deltas for the "Op Δ per config" tab; `current` is the config shown.
    void setOpDeltas(const QList<ConfigOpDeltas> &deltas, const QString &current);
    QString summary() const;
    // Next/previous difference (F7, Shift+F7) and next critical finding
    // (Ctrl+F7); the window puts them in its View menu.
    QAction *nextDifferenceAction() const { return m_next; }
    QAction *previousDifferenceAction() const { return m_previous; }
    QAction *nextCriticalAction() const { return m_nextCritical; }

    void setSummary(const QString &text);
    void setDiff(const AlignedDiff &diff);
    // The two decoded modules for the Text tab. They go into the editors
    // when the tab is shown: highlighting two 50k-line modules takes seconds.
    void setTexts(const QString &reference, const QString &generated);
    void showTextTab();
    void setHideMatching(bool hide);
    bool hideMatching() const;
    // Rows of the diff (source rows) shown as linked; the first is scrolled to.
    void setLinkedRows(const QList<int> &rows);
    void setTheme(ThemeMode mode);
    // Selects a row (of rowsModel()) in both columns, expands it and shows its details.
    void selectRow(int row);
    // The selected row of rowsModel(), or -1.
    int selectedRow() const;
    // Every selected row of rowsModel(), in order: the current one and those
    // of the ops its findings name (DiffRowsModel::selectionFor).
    QList<int> selectedRows() const;
    // Walks to the next row of the kind asked for among the visible rows
    // (wrapping) and selects it; -1 when there is none.
    int walk(DiffRowsModel::Walk step);
    // The reference column's share of the table's width (the user's drag; kept by the window's layout).
    double referenceShare() const { return m_refShare; }
    void setReferenceShare(double share);

Q_SIGNALS:
    // The user selected a row (a row of rowsModel()): by click, keys or the walk.
    // selectedRows() then holds it with the other ops of its findings.
    void rowActivated(int row);
    // A walk found nothing to go to.
    void walkEnded(const QString &message);
    // The user selected an instruction of the machine-code tab: `irRows` are the rows
    // (of rowsModel()) of the Tile IR ops at its source line, on either side.
    void machineCodeRowActivated(int sassRow, const QList<int> &irRows);
    // The "Machine code" tab is shown for a diff of two bytecode files not compiled yet:
    // the window compiles them in the background and calls setMachineCode().
    void machineCodeRequested(const QString &refBytecode, const QString &genBytecode);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void onCurrentChanged(const QModelIndex &current);
    void expandRow(int proxyRow);
    void selectGroup(int row);
    void fitCountTable();
    void requestMachineCode();
    void onMachineCodeRow(int sassRow);

    CodeEditor *m_reference;
    CodeEditor *m_generated;
    DiffRowsModel *m_rows;
    QSortFilterProxyModel *m_filter;
    OpCountModel *m_counts;
    OpDeltaMatrixModel *m_deltas;
    QTableView *m_deltaTable;
    SassPane *m_sass;
    QString m_sassAsked; // the diff whose machine code was asked for ("ref|gen")
    QTableView *m_table;
    IrDiffRowDelegate *m_delegate;
    QTableView *m_countTable;
    IrDiffDetails *m_details;
    QCheckBox *m_hideMatching;
    QTabWidget *m_tabs;
    QLabel *m_summary;
    QAction *m_next, *m_previous, *m_nextCritical;
    QString m_pendingReference, m_pendingGenerated;
    bool m_textsPending = false;
    int m_expanded = -1;        // the proxy row shown expanded
    double m_refShare = 0.5;    // the reference column's share of the table's width
    bool m_sizingColumns = false;
};

} // namespace tileport::ui
