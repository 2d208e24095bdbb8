// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// libFuzzer entry point for the unified-diff parser: any text parses or
// fails with "line N: why" for a line of the input. A parsed diff has hunks
// whose bodies match their headers, prints back to the same diff, and,
// applied to an in-memory tree made of its old sides, gives exactly its new
// sides; every path goes through the PathGuard first, and one that escapes
// the session (absolute, "..", through a link out) is refused.
#include "FuzzCheck.h"

#include "HunkApplier.h"
#include "PathGuard.h"
#include "TextLines.h"
#include "UnifiedDiffParser.h"

#include <QDir>
#include <QFile>
#include <QHash>
#include <QRegularExpression>
#include <QTemporaryDir>

#include <cstdint>
#include <cstdio>
#include <cstdlib>

using namespace tileport::patch;
using tileport::fuzz::check;

namespace {

// Hunks placed further down than this are not laid out in memory.
constexpr int kMaxLayoutLine = 20'000;

// A session root with a link that leads out of it, made once: the guard
// follows links, so an escape through "out/" must be refused too.
struct Session {
    QTemporaryDir outside, root;
    Session()
    {
        QDir(root.path()).mkpath(QStringLiteral("src"));
        QFile::link(outside.path(), root.filePath(QStringLiteral("out")));
    }
};

bool sameHunk(const Hunk &a, const Hunk &b)
{
    if (a.oldStart != b.oldStart || a.oldCount != b.oldCount || a.newStart != b.newStart || a.newCount != b.newCount
        || a.section != b.section || a.oldNoNewlineAtEnd != b.oldNoNewlineAtEnd || a.newNoNewlineAtEnd != b.newNoNewlineAtEnd
        || a.lines.size() != b.lines.size())
        return false;
    for (qsizetype i = 0; i < a.lines.size(); ++i)
        if (a.lines[i].kind != b.lines[i].kind || a.lines[i].text != b.lines[i].text)
            return false;
    return true;
}

// Where a hunk's old lines start (0-based), as diff places them.
qint64 place(const Hunk &h) { return h.oldCount == 0 ? qint64(h.oldStart) : qint64(h.oldStart) - 1; }

// The old and new text of a file whose only content outside the hunks is
// filler: applying the hunks to the one must give the other. False when the
// hunks cannot be laid out that way (placed past the limit or before the
// previous hunk's end, or an empty last line that "no newline" makes
// indistinguishable from none).
bool layout(const FilePatch &fp, QString *oldText, QString *newText)
{
    TextLines before, after;
    qint64 next = 0; // the first old line not yet laid out
    int filler = 0;
    for (const Hunk &h : fp.hunks) {
        const qint64 at = place(h);
        if (at < next || at > kMaxLayoutLine)
            return false;
        for (; next < at; ++next) {
            const QString f = QStringLiteral("\x01 filler %1").arg(filler++);
            before.lines << f;
            after.lines << f;
        }
        before.lines << h.oldLines();
        after.lines << h.newLines();
        next += h.oldCount;
    }
    const Hunk &last = fp.hunks.last();
    if ((last.oldNoNewlineAtEnd && !before.lines.isEmpty() && before.lines.last().isEmpty())
        || (last.newNoNewlineAtEnd && !after.lines.isEmpty() && after.lines.last().isEmpty()))
        return false;
    before.finalNewline = !last.oldNoNewlineAtEnd;
    after.finalNewline = !last.newNoNewlineAtEnd;
    *oldText = before.join();
    *newText = after.join();
    return true;
}

bool escapes(const QString &path)
{
    const QString p = path.trimmed();
    if (p.startsWith(QLatin1Char('/')) || p.startsWith(QLatin1Char('~')))
        return true;
    QStringList parts;
    for (const QString &part : p.split(QLatin1Char('/')))
        if (part == QLatin1String(".."))
            return true;
        else if (!part.isEmpty() && part != QLatin1String("."))
            parts << part;
    return !parts.isEmpty() && parts.first() == QLatin1String("out");
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static Session session;
    static const PathGuard guard(session.root.path());
    const QString text = QString::fromUtf8(reinterpret_cast<const char *>(data), qsizetype(size));
    const qsizetype lineCount = text.count(QLatin1Char('\n')) + 1;

    QString error;
    const auto files = UnifiedDiffParser::parse(text, &error);
    if (!files) {
        static const QRegularExpression located(QStringLiteral("^line (\\d+): ."));
        const QRegularExpressionMatch m = located.match(error);
        if (m.hasMatch()) {
            const qint64 line = m.captured(1).toLongLong();
            check(line >= 1 && line <= lineCount + 1);
        } else {
            check(error.startsWith(QLatin1String("no '--- '")));
        }
        return 0;
    }
    check(!files->isEmpty());

    // The in-memory tree: resolved path -> text, filled from the old sides.
    QHash<QString, QString> tree;
    QHash<QString, QString> expected;
    for (const FilePatch &fp : *files) {
        check(!fp.path().isEmpty() && !fp.hunks.isEmpty());
        for (qsizetype h = 0; h < fp.hunks.size(); ++h) {
            const Hunk &hunk = fp.hunks[h];
            check(hunk.oldLines().size() == hunk.oldCount && hunk.newLines().size() == hunk.newCount);
            check(hunk.oldStart >= 0 && hunk.newStart >= 0);
            if (h > 0)
                check(qint64(hunk.oldStart) >= qint64(fp.hunks[h - 1].oldStart) + fp.hunks[h - 1].oldCount);
        }

        // Printing and parsing again gives the same file patch.
        const auto again = UnifiedDiffParser::parse(fp.toUnifiedDiff(), &error);
        check(again && again->size() == 1);
        const FilePatch &b = again->first();
        check(b.oldPath == fp.oldPath && b.newPath == fp.newPath && b.hunks.size() == fp.hunks.size());
        for (qsizetype h = 0; h < fp.hunks.size(); ++h)
            check(sameHunk(fp.hunks[h], b.hunks[h]));

        // The guard: no escape is ever resolved, and what it resolves lies
        // inside the session.
        QString why;
        const auto resolved = guard.resolve(fp.path(), &why);
        if (escapes(fp.path()))
            check(!resolved);
        if (!resolved) {
            check(!why.isEmpty());
            continue;
        }
        check(resolved->startsWith(guard.root() + QLatin1Char('/')));

        // Applied to any text, a patch never crashes; applied to the text its
        // old sides describe, it gives exactly what its new sides say.
        QString before, after;
        const bool laidOut = layout(fp, &before, &after);
        const QString base = tree.contains(*resolved) ? tree.value(*resolved) : (laidOut ? before : QString());
        error.clear();
        const auto out = HunkApplier::apply(base, fp, {}, &error);
        check(out || !error.isEmpty());
        if (laidOut && !tree.contains(*resolved)) {
            check(out && *out == after);
            expected.insert(*resolved, after);
        }
        if (out)
            tree.insert(*resolved, *out);
        // Rejecting every hunk leaves the text as it was.
        const auto none = HunkApplier::apply(base, fp.hunks, QList<bool>(fp.hunks.size(), false), &error);
        check(none && *none == base);
    }
    for (auto it = expected.cbegin(); it != expected.cend(); ++it)
        check(tree.contains(it.key()));
    return 0;
}
