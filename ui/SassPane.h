// SPDX-License-Identifier: MIT
#pragma once

#include "SassAlignment.h"

#include <QWidget>

class QLabel;
class QTableView;

namespace tileport::ui {

class OpCountModel;
class SassRowsModel;

// The machine-code tab beside the Tile IR diff: both sides' SASS aligned
// (whole instructions in the fixed-width font, never elided; changed,
// inserted and deleted rows coloured as the IR diff's are), the resources
// side by side, and the verdict with its reasons. Shows SassSideBySide.
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
    // Selects the next or previous differing instruction; -1 when none.
    int walk(bool forward);

protected:
    void resizeEvent(QResizeEvent *e) override;

private:
    // Both columns share the width when every instruction fits; otherwise
    // each is as wide as its longest one and the table scrolls sideways.
    void fitColumns();

    QLabel *m_status;
    SassRowsModel *m_rows;
    OpCountModel *m_resources;
    QTableView *m_table;
    QTableView *m_resourceTable;
    QList<int> m_contentWidths; // per column: the widest instruction (function rows aside)
};

} // namespace tileport::ui
