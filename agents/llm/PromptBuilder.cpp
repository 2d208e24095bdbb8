// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "PromptBuilder.h"

#include <QFile>

namespace tileport::llm {

void PromptBuilder::addText(const QString &label, const QString &text, int limit)
{
    const int room = qMax(0, qMin(limit, m_left));
    QString body = text.left(room);
    if (body.size() < text.size())
        body += QStringLiteral("\n[... cut: %1 of %2 characters shown]\n").arg(body.size()).arg(text.size());
    m_text += QStringLiteral("==== %1 ====\n%2%3\n").arg(label, body, body.endsWith(QLatin1Char('\n')) ? QString() : QStringLiteral("\n"));
    m_left -= int(body.size());
    m_sections << label;
}

void PromptBuilder::addFile(const QString &label, const QString &path, int limit)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        addText(label, QStringLiteral("(not present)"), limit);
        return;
    }
    addText(label, QString::fromUtf8(f.readAll()), limit);
}

} // namespace tileport::llm
