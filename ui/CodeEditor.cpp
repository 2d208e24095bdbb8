// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "CodeEditor.h"
#include "SyntaxRepository.h"

#include <KSyntaxHighlighting/Definition>
#include <KSyntaxHighlighting/SyntaxHighlighter>
#include <KSyntaxHighlighting/Theme>

#include <QFontDatabase>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QScrollBar>
#include <QTextBlock>

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
    // Dark enough in the dark theme that the highlighted code keeps its contrast.
    m_linkColor = mode == ThemeMode::Dark ? QColor(0x2a, 0x3a, 0x52) : QColor(0xcf, 0xe3, 0xff);
    m_highlighter->rehighlight();
    setLinkedLines(m_linked);
}

void CodeEditor::setDocumentText(const QString &text)
{
    const bool large = text.count(QLatin1Char('\n')) >= kHighlightLineLimit;
    if (large && m_highlighter->document()) {
        m_highlighter->setDocument(nullptr);
        setToolTip(tr("Highlighting is off for texts over %1 lines, to keep the window responsive").arg(kHighlightLineLimit));
    } else if (!large && !m_highlighter->document()) {
        m_highlighter->setDocument(document());
        setToolTip(QString());
    }
    setPlainText(text);
}

bool CodeEditor::isHighlighting() const
{
    return m_highlighter->document() != nullptr;
}

void CodeEditor::setLinkedLines(const QList<int> &lines)
{
    m_linked = lines;
    QList<QTextEdit::ExtraSelection> sels;
    for (int line : lines) {
        const QTextBlock block = document()->findBlockByNumber(line - 1);
        if (!block.isValid())
            continue;
        QTextEdit::ExtraSelection sel;
        sel.format.setBackground(m_linkColor);
        sel.format.setProperty(QTextFormat::FullWidthSelection, true);
        sel.cursor = QTextCursor(block);
        sels << sel;
    }
    setExtraSelections(sels);
    // Scrolls the first linked line into view without moving the cursor.
    if (!lines.isEmpty() && !hasFocus()) {
        const QTextBlock first = document()->findBlockByNumber(lines.first() - 1);
        if (first.isValid()) {
            const int top = verticalScrollBar()->value();
            const int visible = qMax(1, int(viewport()->height() / qMax(1.0, blockBoundingRect(first).height())));
            if (first.blockNumber() < top || first.blockNumber() >= top + visible)
                verticalScrollBar()->setValue(qMax(0, first.blockNumber() - visible / 3));
        }
    }
}

void CodeEditor::goTo(int line, int col)
{
    const QTextBlock block = document()->findBlockByNumber(qMax(0, line - 1));
    if (!block.isValid())
        return;
    QTextCursor c(block);
    c.movePosition(QTextCursor::Right, QTextCursor::MoveAnchor, qBound(0, col - 1, block.length() - 1));
    setTextCursor(c);
    centerCursor();
}

int CodeEditor::currentLine() const
{
    return textCursor().blockNumber() + 1;
}

void CodeEditor::mouseReleaseEvent(QMouseEvent *e)
{
    QPlainTextEdit::mouseReleaseEvent(e);
    Q_EMIT lineActivated(currentLine());
}

void CodeEditor::keyReleaseEvent(QKeyEvent *e)
{
    QPlainTextEdit::keyReleaseEvent(e);
    if (e->key() == Qt::Key_Up || e->key() == Qt::Key_Down || e->key() == Qt::Key_PageUp || e->key() == Qt::Key_PageDown)
        Q_EMIT lineActivated(currentLine());
}

} // namespace tileport::ui
