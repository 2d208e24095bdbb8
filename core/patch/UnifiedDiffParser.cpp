// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "UnifiedDiffParser.h"

#include <QRegularExpression>

namespace tileport::patch {

namespace {

// The largest line number or count a hunk header may name (starts and
// counts below it add up without overflowing an int).
constexpr int kMaxLine = 1 << 30;

bool fail(QString *error, int line, const QString &why)
{
    if (error)
        *error = QStringLiteral("line %1: %2").arg(line).arg(why);
    return false;
}

// "@@ -a[,b] +c[,d] @@ section"; a missing count means 1. Empty on success,
// else why the header is refused.
QString parseHeader(const QString &line, Hunk *h)
{
    static const QRegularExpression re(QStringLiteral(R"(^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@ ?(.*)$)"));
    const QRegularExpressionMatch m = re.match(line);
    if (!m.hasMatch())
        return QStringLiteral("malformed hunk header '%1'").arg(line.left(60));
    // Line numbers past int would wrap (and so would a start plus its count):
    // no text file has that many lines, so they are refused, not guessed.
    bool fits = true;
    const auto number = [&](int group) {
        if (m.captured(group).isEmpty())
            return 1;
        bool ok = false;
        const int v = m.captured(group).toInt(&ok);
        fits = fits && ok && v < kMaxLine;
        return v;
    };
    h->oldStart = number(1);
    h->oldCount = number(2);
    h->newStart = number(3);
    h->newCount = number(4);
    h->section = m.captured(5);
    if (!fits)
        return QStringLiteral("hunk header '%1' names a line past %2").arg(line.left(60)).arg(kMaxLine);
    return {};
}

} // namespace

QString UnifiedDiffParser::stripPath(const QString &headerValue)
{
    QString p = headerValue;
    const qsizetype tab = p.indexOf(QLatin1Char('\t'));
    if (tab >= 0)
        p.truncate(tab);
    p = p.trimmed();
    if (p == QLatin1String("/dev/null"))
        return {};
    if (p.startsWith(QLatin1String("a/")) || p.startsWith(QLatin1String("b/")))
        p = p.mid(2);
    return p;
}

std::optional<QList<FilePatch>> UnifiedDiffParser::parse(const QString &text, QString *error)
{
    QStringList lines = text.split(QLatin1Char('\n'));
    if (!lines.isEmpty() && lines.last().isEmpty())
        lines.removeLast();
    QList<FilePatch> out;
    int i = 0;
    const int n = int(lines.size());
    while (i < n) {
        if (!lines[i].startsWith(QLatin1String("--- "))) {
            if (!out.isEmpty() && !lines[i].startsWith(QLatin1String("diff ")) && !lines[i].startsWith(QLatin1String("index "))
                && !lines[i].trimmed().isEmpty()) {
                fail(error, i + 1, QStringLiteral("unexpected text after a hunk: '%1'").arg(lines[i].left(60)));
                return std::nullopt;
            }
            ++i;
            continue;
        }
        FilePatch fp;
        fp.oldPath = stripPath(lines[i].mid(4));
        if (i + 1 >= n || !lines[i + 1].startsWith(QLatin1String("+++ "))) {
            fail(error, i + 2, QStringLiteral("'--- ' header without a '+++ ' line after it"));
            return std::nullopt;
        }
        fp.newPath = stripPath(lines[i + 1].mid(4));
        if (fp.oldPath.isEmpty() && fp.newPath.isEmpty()) {
            fail(error, i + 1, QStringLiteral("both sides are /dev/null or empty"));
            return std::nullopt;
        }
        i += 2;
        while (i < n && lines[i].startsWith(QLatin1String("@@"))) {
            Hunk h;
            if (const QString why = parseHeader(lines[i], &h); !why.isEmpty()) {
                fail(error, i + 1, why);
                return std::nullopt;
            }
            const int headerLine = i + 1;
            ++i;
            int oldSeen = 0, newSeen = 0;
            QList<std::pair<qsizetype, int>> markers; // the line each follows, and where it is
            while (i < n && (oldSeen < h.oldCount || newSeen < h.newCount)) {
                const QString &l = lines[i];
                const QChar tag = l.isEmpty() ? QLatin1Char(' ') : l[0];
                HunkLine hl;
                hl.text = l.mid(1);
                if (tag == QLatin1Char(' '))
                    hl.kind = HunkLine::Kind::Context, ++oldSeen, ++newSeen;
                else if (tag == QLatin1Char('-'))
                    hl.kind = HunkLine::Kind::Removed, ++oldSeen;
                else if (tag == QLatin1Char('+'))
                    hl.kind = HunkLine::Kind::Added, ++newSeen;
                else if (tag == QLatin1Char('\\')) {
                    if (h.lines.isEmpty()) {
                        fail(error, i + 1, QStringLiteral("'\\' marker before any line"));
                        return std::nullopt;
                    }
                    markers.append({h.lines.size() - 1, i + 1});
                    ++i;
                    continue;
                } else {
                    fail(error, i + 1, QStringLiteral("hunk line must start with ' ', '-', '+' or '\\', got '%1'").arg(l.left(60)));
                    return std::nullopt;
                }
                if (oldSeen > h.oldCount || newSeen > h.newCount) {
                    fail(error, i + 1, QStringLiteral("hunk at line %1 is longer than its header says (-%2 +%3)")
                                           .arg(headerLine).arg(h.oldCount).arg(h.newCount));
                    return std::nullopt;
                }
                h.lines << hl;
                ++i;
            }
            if (oldSeen != h.oldCount || newSeen != h.newCount) {
                fail(error, headerLine, QStringLiteral("hunk is shorter than its header says: -%1 +%2 announced, -%3 +%4 found")
                                            .arg(h.oldCount).arg(h.newCount).arg(oldSeen).arg(newSeen));
                return std::nullopt;
            }
            // A marker inside the body ends the side(s) whose last line it
            // follows, as diff writes it (after a context line that ends one
            // side only, too); after a line that ends neither side it would
            // say a line without newline is followed by another.
            qsizetype lastOld = -1, lastNew = -1;
            for (qsizetype j = 0; j < h.lines.size(); ++j) {
                if (h.lines[j].kind != HunkLine::Kind::Added)
                    lastOld = j;
                if (h.lines[j].kind != HunkLine::Kind::Removed)
                    lastNew = j;
            }
            for (const auto &[after, markerLine] : std::as_const(markers)) {
                if (after != lastOld && after != lastNew) {
                    fail(error, markerLine, QStringLiteral("'\\ No newline at end of file' after a line that is not the last of its side"));
                    return std::nullopt;
                }
                h.oldNoNewlineAtEnd |= after == lastOld;
                h.newNoNewlineAtEnd |= after == lastNew;
            }
            // A trailing marker for the last line.
            if (i < n && lines[i].startsWith(QLatin1Char('\\')) && !h.lines.isEmpty()) {
                const auto k = h.lines.last().kind;
                h.oldNoNewlineAtEnd |= k != HunkLine::Kind::Added;
                h.newNoNewlineAtEnd |= k != HunkLine::Kind::Removed;
                ++i;
            }
            if (!fp.hunks.isEmpty() && qint64(h.oldStart) < qint64(fp.hunks.last().oldStart) + fp.hunks.last().oldCount) {
                fail(error, headerLine, QStringLiteral("hunks overlap or are out of order"));
                return std::nullopt;
            }
            fp.hunks << h;
        }
        if (fp.hunks.isEmpty()) {
            fail(error, i + 1, QStringLiteral("file '%1' has no hunks").arg(fp.path()));
            return std::nullopt;
        }
        out << fp;
    }
    if (out.isEmpty()) {
        if (error)
            *error = QStringLiteral("no '--- '/'+++ ' file header: not a unified diff");
        return std::nullopt;
    }
    return out;
}

} // namespace tileport::patch
