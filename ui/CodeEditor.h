// SPDX-License-Identifier: MIT
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
    KSyntaxHighlighting::SyntaxHighlighter *highlighter() const { return m_highlighter; }

private:
    KSyntaxHighlighting::SyntaxHighlighter *m_highlighter;
};

} // namespace tileport::ui
