// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "ThemeMode.h"

#include <QPlainTextEdit>

namespace KSyntaxHighlighting {
class SyntaxHighlighter;
}

namespace tileport::ui {

// A monospace editor with KSyntaxHighlighting; the language is chosen by
// definition name ("Python", "Rust", ...).
class CodeEditor : public QPlainTextEdit
{
    Q_OBJECT
public:
    explicit CodeEditor(const QString &definitionName, QWidget *parent = nullptr);

    QString definitionName() const;
    void setTheme(ThemeMode mode);
    // Texts longer than this are shown without highlighting: highlighting
    // runs over the whole document on the UI thread (seconds for a 50k-line
    // module).
    static constexpr int kHighlightLineLimit = 20'000;
    // setPlainText, with the highlighter detached above the limit.
    void setDocumentText(const QString &text);
    bool isHighlighting() const;
    KSyntaxHighlighting::SyntaxHighlighter *highlighter() const { return m_highlighter; }

    // Lines (1-based) shown as linked to the selection in another pane.
    void setLinkedLines(const QList<int> &lines);
    QList<int> linkedLines() const { return m_linked; }
    // Moves the cursor to line:col (1-based) and shows it.
    void goTo(int line, int col = 1);
    int currentLine() const;

Q_SIGNALS:
    // The user put the cursor on another line (clicks and keys, not goTo()).
    void lineActivated(int line);

protected:
    void mouseReleaseEvent(QMouseEvent *e) override;
    void keyReleaseEvent(QKeyEvent *e) override;

private:
    KSyntaxHighlighting::SyntaxHighlighter *m_highlighter;
    QList<int> m_linked;
    QColor m_linkColor;
};

} // namespace tileport::ui
