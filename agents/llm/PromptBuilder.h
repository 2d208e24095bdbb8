// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <QString>
#include <QStringList>

namespace tileport::llm {

// A bounded prompt made of labelled sections read from files. Each section
// has its own limit and the whole prompt a total one; a cut section says
// how much was left out, so the model knows it saw a part.
class PromptBuilder
{
public:
    explicit PromptBuilder(int totalLimit = 60'000)
        : m_left(totalLimit)
    {
    }

    void addText(const QString &label, const QString &text, int limit = 20'000);
    // A missing file adds a one-line note instead (the model should know).
    void addFile(const QString &label, const QString &path, int limit = 20'000);
    QString text() const { return m_text; }
    QStringList sections() const { return m_sections; }

private:
    QString m_text;
    QStringList m_sections;
    int m_left;
};

} // namespace tileport::llm
