// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "SassRowsModel.h"
#include "ThemeMode.h"

#include <QWidget>

class QLabel;
class QPlainTextEdit;

namespace tileport::ui {

class CodeEditor;

// The selected row of the machine-code tab in full, as the IR diff's
// details pane shows an op: both instructions whole (wrapped, what differs
// marked), where each comes from (the cubin's line table), and the Tile IR
// ops at that source line, through which it links to the Python and Rust
// lines. Shows what SassRowsModel::details() says.
class SassDetails : public QWidget
{
    Q_OBJECT
public:
    explicit SassDetails(QWidget *parent = nullptr);

    void showRow(const SassRowsModel::Details &details);
    // The Tile IR ops (one-line texts) of the diff located where the selected
    // instruction comes from; `where` says which line that is.
    void showTileIr(const QStringList &ops, const QString &where);
    void clear();
    void setTheme(ThemeMode mode);

    QString title() const;
    QPlainTextEdit *reference() const { return m_ref; }
    QPlainTextEdit *generated() const { return m_gen; }
    CodeEditor *tileIr() const { return m_ir; }
    QString tileIrTitle() const;

private:
    void mark(QPlainTextEdit *editor, const QList<IrChangeMarks::Span> &marks);
    void fit(QPlainTextEdit *editor, int maxLines);

    QLabel *m_title;
    QPlainTextEdit *m_ref, *m_gen;
    QLabel *m_irTitle;
    CodeEditor *m_ir;
    SassRowsModel::Details m_shown;
};

} // namespace tileport::ui
