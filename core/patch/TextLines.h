// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <QStringList>

namespace tileport::patch {

// A text as lines without their newlines, and whether the last line had
// one, so that splitting and joining give back the same bytes.
struct TextLines {
    QStringList lines;
    bool finalNewline = true;

    static TextLines split(const QString &text)
    {
        TextLines t;
        if (text.isEmpty())
            return t;
        t.lines = text.split(QLatin1Char('\n'));
        t.finalNewline = t.lines.last().isEmpty();
        if (t.finalNewline)
            t.lines.removeLast();
        return t;
    }

    QString join() const
    {
        if (lines.isEmpty())
            return {};
        QString out = lines.join(QLatin1Char('\n'));
        if (finalNewline)
            out += QLatin1Char('\n');
        return out;
    }
};

} // namespace tileport::patch
