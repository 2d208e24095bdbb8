// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "LineDiff.h"

#include "TextLines.h"

#include <QHash>

#include <vector>

namespace tileport::patch {

namespace {

enum class Op { Keep, Del, Ins };

// Myers' greedy algorithm with the V vector saved at each D for the
// backtrack; returns the edit script from a to b.
std::vector<Op> shortestEdit(const std::vector<int> &a, const std::vector<int> &b)
{
    const int n = int(a.size()), m = int(b.size()), max = n + m;
    const int off = max + 1;
    std::vector<int> v(2 * max + 3, 0);
    std::vector<std::vector<int>> trace;
    int found = -1;
    for (int d = 0; d <= max && found < 0; ++d) {
        trace.push_back(v);
        for (int k = -d; k <= d; k += 2) {
            int x = (k == -d || (k != d && v[off + k - 1] < v[off + k + 1])) ? v[off + k + 1] : v[off + k - 1] + 1;
            int y = x - k;
            while (x < n && y < m && a[x] == b[y])
                ++x, ++y;
            v[off + k] = x;
            if (x >= n && y >= m) {
                found = d;
                break;
            }
        }
    }
    std::vector<Op> ops;
    int x = n, y = m;
    for (int d = found; d > 0; --d) {
        const std::vector<int> &pv = trace[d];
        const int k = x - y;
        const bool down = k == -d || (k != d && pv[off + k - 1] < pv[off + k + 1]);
        const int pk = down ? k + 1 : k - 1;
        const int px = pv[off + pk], py = px - pk;
        while (x > px + (down ? 0 : 1) && y > py + (down ? 1 : 0))
            ops.push_back(Op::Keep), --x, --y;
        ops.push_back(down ? Op::Ins : Op::Del);
        x = px, y = py;
    }
    while (x > 0 && y > 0)
        ops.push_back(Op::Keep), --x, --y;
    return {ops.rbegin(), ops.rend()};
}

} // namespace

QList<Hunk> LineDiff::hunks(const QString &oldText, const QString &newText, int context)
{
    const TextLines a = TextLines::split(oldText), b = TextLines::split(newText);
    QHash<QString, int> ids;
    auto intern = [&](const QStringList &lines) {
        std::vector<int> out;
        out.reserve(lines.size());
        for (const QString &l : lines) {
            // QHash::emplace would overwrite an existing id; look up first.
            auto it = ids.constFind(l);
            if (it == ids.constEnd())
                it = ids.insert(l, int(ids.size()));
            out.push_back(it.value());
        }
        return out;
    };
    const std::vector<int> ia = intern(a.lines), ib = intern(b.lines);
    std::vector<Op> ops = shortestEdit(ia, ib);
    // When only one side ends with a newline, a last line kept on either
    // side cannot stay as it is: it becomes a removal and an insertion.
    if (a.finalNewline != b.finalNewline) {
        int x = 0, y = 0, lastKeep = -1, kx = -1, ky = -1;
        for (size_t j = 0; j < ops.size(); ++j) {
            if (ops[j] == Op::Keep)
                lastKeep = int(j), kx = x, ky = y;
            x += ops[j] != Op::Ins;
            y += ops[j] != Op::Del;
        }
        if (lastKeep >= 0 && (kx == int(a.lines.size()) - 1 || ky == int(b.lines.size()) - 1)) {
            ops[size_t(lastKeep)] = Op::Del;
            ops.insert(ops.begin() + lastKeep + 1, Op::Ins);
        }
    }
    // Positions (old index, new index) of each op, then group changes.
    struct Step { Op op; int ai; int bi; };
    std::vector<Step> steps;
    int ai = 0, bi = 0;
    for (Op op : ops) {
        steps.push_back({op, ai, bi});
        if (op != Op::Ins)
            ++ai;
        if (op != Op::Del)
            ++bi;
    }
    QList<Hunk> out;
    const int total = int(steps.size());
    int i = 0;
    while (i < total) {
        if (steps[i].op == Op::Keep) {
            ++i;
            continue;
        }
        int start = qMax(0, i - context);
        int end = i; // one past the last change of this hunk
        for (int j = i; j < total; ++j) {
            if (steps[j].op != Op::Keep) {
                end = j + 1;
                continue;
            }
            if (j - end >= 2 * context)
                break;
        }
        const int stop = qMin(total, end + context);
        Hunk h;
        for (int j = start; j < stop; ++j) {
            const Step &s = steps[j];
            HunkLine l;
            l.kind = s.op == Op::Keep ? HunkLine::Kind::Context : s.op == Op::Del ? HunkLine::Kind::Removed : HunkLine::Kind::Added;
            l.text = s.op == Op::Ins ? b.lines[s.bi] : a.lines[s.ai];
            h.lines << l;
            if (s.op != Op::Ins)
                ++h.oldCount;
            if (s.op != Op::Del)
                ++h.newCount;
            if (s.op != Op::Ins && s.ai == int(a.lines.size()) - 1 && !a.finalNewline)
                h.oldNoNewlineAtEnd = true;
            if (s.op != Op::Del && s.bi == int(b.lines.size()) - 1 && !b.finalNewline)
                h.newNoNewlineAtEnd = true;
        }
        // Unified-diff convention: an empty side starts at the line before.
        h.oldStart = h.oldCount ? steps[start].ai + 1 : steps[start].ai;
        h.newStart = h.newCount ? steps[start].bi + 1 : steps[start].bi;
        out << h;
        i = stop;
    }
    return out;
}

FilePatch LineDiff::filePatch(const QString &path, const QString &oldText, const QString &newText, int context)
{
    FilePatch fp;
    fp.oldPath = oldText.isEmpty() ? QString() : path;
    fp.newPath = path;
    fp.hunks = hunks(oldText, newText, context);
    return fp;
}

} // namespace tileport::patch
