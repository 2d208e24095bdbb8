// SPDX-License-Identifier: MIT
#include "CodeEditor.h"
#include "SyntaxRepository.h"

#include <KSyntaxHighlighting/Definition>
#include <KSyntaxHighlighting/SyntaxHighlighter>
#include <KSyntaxHighlighting/Theme>

#include <QFontDatabase>

namespace tileport::ui {

CodeEditor::CodeEditor(const QString &definitionName, QWidget *parent)
    : QPlainTextEdit(parent)
    , m_highlighter(new KSyntaxHighlighting::SyntaxHighlighter(document()))
{
    setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    setLineWrapMode(QPlainTextEdit::NoWrap);
    m_highlighter->setDefinition(SyntaxRepository::instance().definitionForName(definitionName));
    setTheme(ThemeMode::Light);
}

QString CodeEditor::definitionName() const
{
    return m_highlighter->definition().name();
}

void CodeEditor::setTheme(ThemeMode mode)
{
    auto &repo = SyntaxRepository::instance();
    const auto theme = repo.defaultTheme(mode == ThemeMode::Dark ? KSyntaxHighlighting::Repository::DarkTheme
                                                                 : KSyntaxHighlighting::Repository::LightTheme);
    m_highlighter->setTheme(theme);
    QPalette pal = palette();
    pal.setColor(QPalette::Base, QColor::fromRgba(theme.editorColor(KSyntaxHighlighting::Theme::BackgroundColor)));
    pal.setColor(QPalette::Text, QColor::fromRgba(theme.textColor(KSyntaxHighlighting::Theme::Normal)));
    setPalette(pal);
    m_highlighter->rehighlight();
}

} // namespace tileport::ui
