// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "DocComment.h"

namespace tileport::rust {

DocComment &DocComment::paragraph(const QStringList &lines, const QString &heading)
{
    blocks.append(Block{heading, lines, false});
    return *this;
}

DocComment &DocComment::list(const QStringList &items, const QString &heading)
{
    blocks.append(Block{heading, items, true});
    return *this;
}

QStringList DocComment::lines(int indent, Kind kind) const
{
    const QString marker = QString(indent, QLatin1Char(' ')) + (kind == Kind::Outer ? QStringLiteral("///") : QStringLiteral("//!"));
    // No trailing blank after the marker: an empty doc line is the marker alone.
    const auto line = [&](const QString &text) { return text.isEmpty() ? marker : marker + QLatin1Char(' ') + text; };
    QStringList out;
    for (const Block &b : blocks) {
        if (!out.isEmpty())
            out << marker;
        if (!b.heading.isEmpty())
            out << line(QStringLiteral("# ") + b.heading) << marker;
        for (const QString &l : b.lines)
            out << line(b.list ? QStringLiteral("- ") + l : l);
    }
    return out;
}

} // namespace tileport::rust
