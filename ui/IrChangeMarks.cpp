// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "IrChangeMarks.h"

#include <QRegularExpression>

#include <algorithm>

namespace tileport::ui {

namespace {

using Span = IrChangeMarks::Span;

// The differ prints attribute values in MLIR's generic form
// ("#cuda_tile.rounding<approx>"); the op text uses the short one.
QStringList spellings(const QString &value)
{
    QStringList out;
    QString v = value.trimmed();
    if (v.isEmpty())
        return out;
    out << v;
    QString s = v;
    s.replace(QLatin1String("#cuda_tile."), QString()).replace(QLatin1String("cuda_tile."), QString());
    if (s != v)
        out << s;
    if (s.startsWith(QLatin1Char('#')))
        out << s.mid(1);
    // "#cuda_tile.rounding<approx>" is printed as "rounding<approx>", sometimes as "approx".
    // A constant's "dense<4> : tile<i32>" is printed "<i32: 4>".
    static const QRegularExpression dense(QStringLiteral(R"(^dense<(.+)>\s*:)"));
    if (const auto m = dense.match(s); m.hasMatch())
        out << QStringLiteral(": %1>").arg(m.captured(1));
    static const QRegularExpression wrapped(QStringLiteral(R"(^[\w.]+<(.+)>$)"));
    if (const auto m = wrapped.match(s); m.hasMatch())
        out << m.captured(1);
    return out;
}

bool isWordChar(QChar c)
{
    return c.isLetterOrNumber() || c == QLatin1Char('_');
}

// The first occurrence of `needle` as a whole token (not inside a longer name).
int findToken(const QString &text, const QString &needle, int from = 0)
{
    for (int at = text.indexOf(needle, from); at >= 0; at = text.indexOf(needle, at + 1)) {
        const bool startOk = at == 0 || !isWordChar(text.at(at - 1)) || !isWordChar(needle.front());
        const int end = at + int(needle.size());
        const bool endOk = end >= text.size() || !isWordChar(text.at(end)) || !isWordChar(needle.back());
        if (startOk && endOk)
            return at;
    }
    return -1;
}

// Where the mnemonic starts: after "%a, %b = " when the op has results.
int mnemonicStart(const QString &text)
{
    int i = 0;
    while (i < text.size() && text.at(i) == QLatin1Char(' '))
        ++i;
    // Results come first ("%a, %b = op ..."); the first " = " ends them.
    if (i < text.size() && text.at(i) == QLatin1Char('%')) {
        const int eq = int(text.indexOf(QLatin1String(" = "), i));
        if (eq >= 0)
            return eq + 3;
    }
    return i;
}

int mnemonicEnd(const QString &text, int start)
{
    int i = start;
    while (i < text.size() && !text.at(i).isSpace())
        ++i;
    return i;
}

} // namespace

Span IrChangeMarks::operand(const QString &text, int index)
{
    static const QRegularExpression value(QStringLiteral(R"(%[\w.$\-]+(#\d+)?)"));
    const int begin = mnemonicEnd(text, mnemonicStart(text));
    // Operands come before the type list (" : ") and any region or attribute dictionary.
    int end = text.indexOf(QLatin1String(" : "), begin);
    if (end < 0)
        end = int(text.size());
    int seen = 0;
    for (auto it = value.globalMatchView(QStringView(text).left(end), begin); it.hasNext();) {
        const auto m = it.next();
        if (seen++ == index)
            return Span{int(m.capturedStart()), int(m.capturedLength())};
    }
    return {};
}

QList<Span> IrChangeMarks::find(const QString &text, const QList<IrChange> &changes, Side side)
{
    QList<Span> spans;
    auto add = [&](int start, int length) {
        if (start >= 0 && length > 0)
            spans.append(Span{start, length});
    };
    const int typesFrom = std::max(0, int(text.indexOf(QLatin1String(" : "))));
    for (const IrChange &c : changes) {
        const bool present = side == Side::Ref ? c.hasRef : c.hasGen;
        const QString &value = side == Side::Ref ? c.ref : c.gen;
        if (!present)
            continue; // nothing of it to point at on this side: the other side shows it
        if (c.kind == QLatin1String("operand") && c.name.startsWith(QLatin1Char('#'))) {
            const Span s = operand(text, c.name.mid(1).toInt());
            add(s.start, s.length);
            continue;
        }
        if (c.kind == QLatin1String("attribute") && c.name == QLatin1String("op")) {
            const int start = mnemonicStart(text);
            add(start, mnemonicEnd(text, start) - start);
            continue;
        }
        int at = -1;
        qsizetype length = 0;
        const bool isType = c.kind.endsWith(QLatin1String("_type")) || c.kind == QLatin1String("block_argument");
        for (const QString &s : spellings(value)) {
            at = findToken(text, s, isType ? typesFrom : 0);
            if (at < 0 && isType)
                at = findToken(text, s);
            if (at >= 0) {
                length = s.size();
                break;
            }
        }
        // The name is shown too where the text spells it ("rounding<approx>", "flush_to_zero").
        const int named = c.name.startsWith(QLatin1Char('#')) ? -1 : findToken(text, c.name);
        if (named >= 0 && !(at >= 0 && named >= at && named < at + length))
            add(named, int(c.name.size()));
        add(at, int(length));
    }
    std::sort(spans.begin(), spans.end(), [](const Span &a, const Span &b) { return a.start < b.start; });
    // Merge overlaps so painting marks each character once.
    QList<Span> merged;
    for (const Span &s : std::as_const(spans)) {
        if (!merged.isEmpty() && s.start <= merged.back().start + merged.back().length) {
            Span &m = merged.back();
            m.length = std::max(m.start + m.length, s.start + s.length) - m.start;
        } else {
            merged.append(s);
        }
    }
    return merged;
}

} // namespace tileport::ui
