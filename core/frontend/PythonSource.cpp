// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "PythonSource.h"

#include "Grammars.h"
#include "SyntaxNode.h"

#include <algorithm>

namespace tileport::frontend {

PythonSource::PythonSource(QByteArray utf8, QString fileName)
    : m_bytes(std::move(utf8))
    , m_fileName(std::move(fileName))
{
    m_parser = ts_parser_new();
    ts_parser_set_language(m_parser, Grammars::python());
    m_tree = ts_parser_parse_string(m_parser, nullptr, m_bytes.constData(), uint32_t(m_bytes.size()));
    m_lineStarts.push_back(0);
    for (qsizetype i = 0; i < m_bytes.size(); ++i)
        if (m_bytes[i] == '\n')
            m_lineStarts.push_back(uint32_t(i + 1));
}

PythonSource::~PythonSource()
{
    if (m_tree)
        ts_tree_delete(m_tree);
    ts_parser_delete(m_parser);
}

TSNode PythonSource::root() const { return ts_tree_root_node(m_tree); }

std::string_view PythonSource::view(TSNode n) const
{
    if (node::isNull(n))
        return {};
    const uint32_t b = std::min<uint32_t>(ts_node_start_byte(n), uint32_t(m_bytes.size()));
    const uint32_t e = std::min<uint32_t>(ts_node_end_byte(n), uint32_t(m_bytes.size()));
    return std::string_view(m_bytes.constData() + b, e > b ? e - b : 0);
}

QString PythonSource::text(TSNode n) const
{
    const std::string_view v = view(n);
    return QString::fromUtf8(v.data(), qsizetype(v.size()));
}

QString PythonSource::flatText(TSNode n) const
{
    const std::string_view v = view(n);
    QByteArray out;
    out.reserve(qsizetype(v.size()));
    bool space = false;
    for (size_t i = 0; i < v.size(); ++i) {
        const char c = v[i];
        if (c == '\\' && i + 1 < v.size() && (v[i + 1] == '\n' || v[i + 1] == '\r')) {
            space = true; // a line continuation
            continue;
        }
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
            space = true;
            continue;
        }
        if (space && !out.isEmpty())
            out += ' ';
        space = false;
        out += c;
    }
    return QString::fromUtf8(out);
}

void PythonSource::position(uint32_t offset, int &line, int &col) const
{
    offset = std::min<uint32_t>(offset, uint32_t(m_bytes.size()));
    const auto it = std::upper_bound(m_lineStarts.begin(), m_lineStarts.end(), offset);
    const size_t row = size_t(it - m_lineStarts.begin()) - 1;
    int chars = 0;
    for (uint32_t i = m_lineStarts[row]; i < offset; ++i)
        if ((static_cast<unsigned char>(m_bytes[qsizetype(i)]) & 0xC0) != 0x80)
            ++chars;
    line = int(row) + 1;
    col = chars + 1;
}

SourceRange PythonSource::range(TSNode n) const
{
    SourceRange r;
    if (node::isNull(n))
        return r;
    position(ts_node_start_byte(n), r.line, r.col);
    position(ts_node_end_byte(n), r.endLine, r.endCol);
    return r;
}

// Places an ERROR node's message where Python would: at a closing bracket
// that does not match, at a character no token starts with, at a bracket
// never closed, else at the start of the unparsable text.
SyntaxError PythonSource::describeError(TSNode error) const
{
    std::vector<TSNode> open;
    TSNode mismatch{}, unexpected{};
    TSTreeCursor c = ts_tree_cursor_new(error);
    for (bool more = true; more;) {
        const TSNode n = ts_tree_cursor_current_node(&c);
        if (ts_node_child_count(n) == 0 && !ts_node_eq(n, error)) {
            const std::string_view t = node::type(n);
            if (ts_node_is_error(n)) {
                if (node::isNull(unexpected))
                    unexpected = n;
            } else if (!ts_node_is_missing(n) && !ts_node_is_named(n)) {
                if (t == "(" || t == "[" || t == "{") {
                    open.push_back(n);
                } else if (t == ")" || t == "]" || t == "}") {
                    const char want = t == ")" ? '(' : t == "]" ? '[' : '{';
                    if (!open.empty() && node::type(open.back()).front() == want)
                        open.pop_back();
                    else if (node::isNull(mismatch))
                        mismatch = n;
                }
            }
        }
        if (ts_tree_cursor_goto_first_child(&c))
            continue;
        while (!ts_tree_cursor_goto_next_sibling(&c)) {
            if (!ts_tree_cursor_goto_parent(&c)) {
                more = false;
                break;
            }
        }
    }
    ts_tree_cursor_delete(&c);
    const auto token = [](TSNode n) { return QString::fromLatin1(node::type(n).data(), qsizetype(node::type(n).size())); };
    if (!node::isNull(mismatch)) {
        // `mismatch` is the first closer with no opener left on the stack
        // at that point, or one whose opener differs.
        return {range(mismatch), QStringLiteral("syntax error: unmatched '%1'").arg(token(mismatch))};
    }
    if (!node::isNull(unexpected)) {
        const std::string_view v = view(unexpected);
        QString shown;
        for (const char ch : v.substr(0, 4))
            shown += (static_cast<unsigned char>(ch) < 0x20) ? QStringLiteral("\\x%1").arg(uint(static_cast<unsigned char>(ch)), 2, 16, QLatin1Char('0'))
                                                               : QString(QLatin1Char(ch));
        if (v.empty() || static_cast<unsigned char>(v.front()) >= 0x80)
            shown = QString::fromUtf8(v.data(), qsizetype(v.size())).left(1);
        return {range(unexpected), QStringLiteral("syntax error: unexpected character '%1'").arg(shown)};
    }
    if (!open.empty())
        return {range(open.back()), QStringLiteral("syntax error: '%1' was never closed").arg(token(open.back()))};
    QString t = text(error).section(QLatin1Char('\n'), 0, 0).trimmed();
    if (t.size() > 40)
        t = t.left(37) + QStringLiteral("...");
    return {range(error), t.isEmpty() ? QStringLiteral("syntax error: invalid syntax")
                                      : QStringLiteral("syntax error: invalid syntax at '%1'").arg(t)};
}

QList<SyntaxError> PythonSource::syntaxErrors(int limit) const
{
    QList<SyntaxError> out;
    TSTreeCursor c = ts_tree_cursor_new(root());
    for (;;) {
        const TSNode n = ts_tree_cursor_current_node(&c);
        bool descend = true;
        const std::string_view t = node::type(n);
        if (ts_node_is_missing(n)) {
            const QString what = ts_node_is_named(n) ? QString::fromLatin1(t.data(), qsizetype(t.size()))
                                                     : QStringLiteral("'%1'").arg(QString::fromLatin1(t.data(), qsizetype(t.size())));
            out.append({range(n), QStringLiteral("syntax error: missing %1").arg(what)});
            descend = false;
        } else if (ts_node_is_error(n)) {
            out.append(describeError(n));
            descend = false;
        } else if (t == "print_statement" || t == "exec_statement") {
            out.append({range(n), QStringLiteral("syntax error: Python 2 '%1' statement (not valid Python 3)")
                                      .arg(t == "print_statement" ? QStringLiteral("print") : QStringLiteral("exec"))});
            descend = false;
        } else if (!ts_node_is_named(n) && t == "<>") {
            out.append({range(n), QStringLiteral("syntax error: Python 2 operator '<>' (use '!=')")});
        }
        if (out.size() >= limit)
            break;
        if (descend && ts_tree_cursor_goto_first_child(&c))
            continue;
        bool done = false;
        while (!ts_tree_cursor_goto_next_sibling(&c)) {
            if (!ts_tree_cursor_goto_parent(&c)) {
                done = true;
                break;
            }
        }
        if (done)
            break;
    }
    ts_tree_cursor_delete(&c);
    std::stable_sort(out.begin(), out.end(), [](const SyntaxError &a, const SyntaxError &b) {
        return a.range.line != b.range.line ? a.range.line < b.range.line : a.range.col < b.range.col;
    });
    return out;
}

} // namespace tileport::frontend
