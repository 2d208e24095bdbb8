// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "HunkApplier.h"

#include "TextLines.h"

namespace tileport::patch {

namespace {

bool matchesAt(const QStringList &lines, const QStringList &old, qint64 at)
{
    if (at < 0 || at + old.size() > lines.size())
        return false;
    for (int i = 0; i < old.size(); ++i)
        if (lines[at + i] != old[i])
            return false;
    return true;
}

} // namespace

std::optional<QString> HunkApplier::apply(const QString &text, const QList<Hunk> &hunks, const QList<bool> &accepted,
                                          QString *error, int maxOffset)
{
    TextLines t = TextLines::split(text);
    int delta = 0;      // lines added minus removed by the hunks applied so far
    int floor = 0;      // no hunk may land before the end of the previous one
    for (int h = 0; h < hunks.size(); ++h) {
        const Hunk &hunk = hunks[h];
        if (h < accepted.size() && !accepted[h])
            continue;
        const QStringList old = hunk.oldLines();
        // 64-bit: a header's start near INT_MAX plus the offsets tried would wrap.
        const qint64 want = (hunk.oldCount == 0 ? qint64(hunk.oldStart) : qint64(hunk.oldStart) - 1) + delta;
        qint64 at = -1;
        for (int off = 0; off <= maxOffset && at < 0; ++off) {
            if (want - off >= floor && matchesAt(t.lines, old, want - off))
                at = want - off;
            else if (off && matchesAt(t.lines, old, want + off) && want + off >= floor)
                at = want + off;
        }
        if (at < 0) {
            if (error)
                *error = QStringLiteral("hunk %1 (%2) does not match the current text near line %3")
                             .arg(h + 1)
                             .arg(hunk.header())
                             .arg(want + 1);
            return std::nullopt;
        }
        const QStringList repl = hunk.newLines();
        const bool touchesEnd = at + old.size() == t.lines.size();
        t.lines.remove(at, old.size());
        for (int i = 0; i < repl.size(); ++i)
            t.lines.insert(at + i, repl[i]);
        if (touchesEnd)
            t.finalNewline = !hunk.newNoNewlineAtEnd;
        delta += int(repl.size() - old.size());
        floor = int(at + repl.size());
    }
    return t.join();
}

std::optional<QString> HunkApplier::apply(const QString &text, const FilePatch &patch, const QList<bool> &accepted,
                                          QString *error)
{
    if (patch.wholeFile)
        return accepted.isEmpty() || accepted.first() ? patch.newText : text;
    return apply(text, patch.hunks, accepted, error);
}

} // namespace tileport::patch
