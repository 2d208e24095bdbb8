// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "DiffRowsModel.h"
#include "ThemeMode.h"

#include <QWidget>

class QLabel;
class QTableView;

namespace tileport::ui {

class CodeEditor;
class DiffFindingsModel;

// The selected row of the aligned IR diff in full: both ops' whole text
// (wrapped, Tile IR highlighted, the changes marked), where each comes
// from, what changed, and the findings that name them with their rule,
// severity and owner. Shows what DiffRowsModel::details() says.
class IrDiffDetails : public QWidget
{
    Q_OBJECT
public:
    explicit IrDiffDetails(QWidget *parent = nullptr);

    void showRow(const DiffRowsModel::Details &details, const QList<IrFinding> &findings);
    void clear();
    void setTheme(ThemeMode mode);

    CodeEditor *reference() const { return m_ref; }
    CodeEditor *generated() const { return m_gen; }
    DiffFindingsModel *findings() const { return m_findings; }
    QTableView *findingsView() const { return m_findingsView; }
    QString title() const;

private:
    void mark(CodeEditor *editor, const QList<IrChangeMarks::Span> &marks);

    QLabel *m_title;
    QLabel *m_refLabel, *m_genLabel;
    CodeEditor *m_ref, *m_gen;
    QLabel *m_changes;
    DiffFindingsModel *m_findings;
    QTableView *m_findingsView;
    DiffRowsModel::Details m_shown;
};

} // namespace tileport::ui
