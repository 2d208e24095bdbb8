// SPDX-License-Identifier: MIT
#pragma once

#include "ThemeMode.h"

#include <QWidget>

class QCheckBox;
class QLabel;
class QSortFilterProxyModel;
class QStandardItemModel;
class QTableView;
class QTabWidget;

namespace tileport::ui {

class CodeEditor;
class DiffRowsModel;
struct AlignedDiff;

// Reference and generated Tile IR side by side: the differ's aligned ops
// (changed attributes marked in the line, critical findings flagged, a
// toggle that hides matching rows), the op-count summary beside it, and the
// two decoded texts on a second tab.
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
    QStandardItemModel *opCounts() const { return m_counts; }
    QString summary() const;

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

Q_SIGNALS:
    // The user clicked a row (a row of rowsModel()).
    void rowActivated(int row);

private:
    CodeEditor *m_reference;
    CodeEditor *m_generated;
    DiffRowsModel *m_rows;
    QSortFilterProxyModel *m_filter;
    QStandardItemModel *m_counts;
    QTableView *m_table;
    QTableView *m_countTable;
    QCheckBox *m_hideMatching;
    QTabWidget *m_tabs;
    QLabel *m_summary;
    QString m_pendingReference, m_pendingGenerated;
    bool m_textsPending = false;
};

} // namespace tileport::ui
