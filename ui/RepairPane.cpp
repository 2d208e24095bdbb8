// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "RepairPane.h"

#include <QFontDatabase>
#include <QLabel>
#include <QPlainTextEdit>
#include <QTextCursor>
#include <QVBoxLayout>

namespace tileport::ui {

RepairPane::RepairPane(QWidget *parent)
    : QWidget(parent)
    , m_status(new QLabel(tr("No repair yet: select stage B, C or D and use Pipeline ▸ Ask the repair agent")))
    , m_text(new QPlainTextEdit)
{
    m_status->setObjectName(QStringLiteral("repairStatus"));
    m_status->setWordWrap(true);
    m_text->setObjectName(QStringLiteral("repairTranscript"));
    m_text->setReadOnly(true);
    m_text->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_text->setPlaceholderText(tr("The model's answer streams here"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_status);
    layout->addWidget(m_text, 1);
}

void RepairPane::begin(const QString &title)
{
    m_text->clear();
    m_status->setText(title);
}

void RepairPane::appendToken(const QString &text)
{
    // Tokens arrive mid-line: insert at the end instead of adding paragraphs.
    QTextCursor c(m_text->document());
    c.movePosition(QTextCursor::End);
    c.insertText(text);
    m_text->ensureCursorVisible();
}

void RepairPane::appendLog(const QString &line)
{
    QTextCursor c(m_text->document());
    c.movePosition(QTextCursor::End);
    if (!m_text->document()->isEmpty() && !m_text->toPlainText().endsWith(QLatin1Char('\n')))
        c.insertText(QStringLiteral("\n"));
    c.insertText(QStringLiteral("[repair] %1\n").arg(line));
}

void RepairPane::setStatus(const QString &status)
{
    m_status->setText(status);
}

} // namespace tileport::ui
