// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "Hunk.h"
#include "FilePatch.h"

namespace tileport::patch {

QStringList Hunk::oldLines() const
{
    QStringList out;
    for (const HunkLine &l : lines)
        if (l.kind != HunkLine::Kind::Added)
            out << l.text;
    return out;
}

QStringList Hunk::newLines() const
{
    QStringList out;
    for (const HunkLine &l : lines)
        if (l.kind != HunkLine::Kind::Removed)
            out << l.text;
    return out;
}

int Hunk::added() const
{
    int n = 0;
    for (const HunkLine &l : lines)
        n += l.kind == HunkLine::Kind::Added;
    return n;
}

int Hunk::removed() const
{
    int n = 0;
    for (const HunkLine &l : lines)
        n += l.kind == HunkLine::Kind::Removed;
    return n;
}

QString Hunk::header() const
{
    return QStringLiteral("@@ -%1,%2 +%3,%4 @@%5")
        .arg(oldStart)
        .arg(oldCount)
        .arg(newStart)
        .arg(newCount)
        .arg(section.isEmpty() ? QString() : QLatin1Char(' ') + section);
}

QString Hunk::toText() const
{
    QString out = header() + QLatin1Char('\n');
    // Where the "no newline" markers go: after the last line of each side.
    int lastOld = -1, lastNew = -1;
    for (int i = 0; i < lines.size(); ++i) {
        if (lines[i].kind != HunkLine::Kind::Added)
            lastOld = i;
        if (lines[i].kind != HunkLine::Kind::Removed)
            lastNew = i;
    }
    const QString marker = QStringLiteral("\\ No newline at end of file\n");
    for (int i = 0; i < lines.size(); ++i) {
        const HunkLine &l = lines[i];
        const QChar tag = l.kind == HunkLine::Kind::Context ? QLatin1Char(' ')
                          : l.kind == HunkLine::Kind::Removed ? QLatin1Char('-')
                                                               : QLatin1Char('+');
        out += tag + l.text + QLatin1Char('\n');
        const bool oldEnd = oldNoNewlineAtEnd && i == lastOld;
        const bool newEnd = newNoNewlineAtEnd && i == lastNew;
        if (oldEnd || newEnd)
            out += marker;
    }
    return out;
}

QString FilePatch::toUnifiedDiff() const
{
    QString out = QStringLiteral("--- %1\n+++ %2\n")
                      .arg(oldPath.isEmpty() ? QStringLiteral("/dev/null") : QStringLiteral("a/") + oldPath,
                           newPath.isEmpty() ? QStringLiteral("/dev/null") : QStringLiteral("b/") + newPath);
    for (const Hunk &h : hunks)
        out += h.toText();
    return out;
}

} // namespace tileport::patch
