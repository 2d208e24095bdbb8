// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "SyntaxTree.h"

#include "Grammars.h"
#include "PythonSource.h"
#include "SyntaxNode.h"

#include <algorithm>
#include <cstring>

namespace tileport::handoff {

SyntaxTree::SyntaxTree(Language language, QByteArray utf8, QString fileName)
    : m_language(language)
    , m_bytes(std::move(utf8))
    , m_fileName(std::move(fileName))
{
    m_parser = ts_parser_new();
    ts_parser_set_language(m_parser, language == Language::Python ? Grammars::python() : Grammars::rust());
    m_tree = ts_parser_parse_string(m_parser, nullptr, m_bytes.constData(), uint32_t(m_bytes.size()));
}

SyntaxTree::~SyntaxTree()
{
    if (m_tree)
        ts_tree_delete(m_tree);
    ts_parser_delete(m_parser);
}

TSNode SyntaxTree::root() const { return ts_tree_root_node(m_tree); }

std::string_view SyntaxTree::view(TSNode n) const
{
    if (ts_node_is_null(n))
        return {};
    const uint32_t b = std::min<uint32_t>(ts_node_start_byte(n), uint32_t(m_bytes.size()));
    const uint32_t e = std::min<uint32_t>(ts_node_end_byte(n), uint32_t(m_bytes.size()));
    return std::string_view(m_bytes.constData() + b, e > b ? e - b : 0);
}

QString SyntaxTree::text(TSNode n) const
{
    const std::string_view v = view(n);
    return QString::fromUtf8(v.data(), qsizetype(v.size()));
}

QString SyntaxTree::where(uint32_t offset) const
{
    offset = std::min<uint32_t>(offset, uint32_t(m_bytes.size()));
    int line = 1;
    uint32_t start = 0;
    for (uint32_t i = 0; i < offset; ++i)
        if (m_bytes[qsizetype(i)] == '\n') {
            ++line;
            start = i + 1;
        }
    const int col = int(QString::fromUtf8(m_bytes.constData() + start, qsizetype(offset - start)).size()) + 1;
    return QStringLiteral("%1:%2:%3").arg(m_fileName).arg(line).arg(col);
}

QString SyntaxTree::firstSyntaxError() const
{
    const TSNode r = root();
    if (!ts_node_has_error(r))
        return {};
    if (m_language == Language::Python) {
        // The front-end's placement, as Python would report it.
        const frontend::PythonSource src(m_bytes, m_fileName);
        const QList<frontend::SyntaxError> errors = src.syntaxErrors(1);
        if (!errors.isEmpty())
            return QStringLiteral("%1:%2: %3").arg(m_fileName, errors.first().range.start(), errors.first().message);
    }
    // Rust: a MISSING node, else inside the first ERROR node a closer
    // without its opener, an unexpected character, or an opener never closed.
    QString found;
    walk(r, [&](TSNode n) {
        if (!found.isEmpty())
            return false;
        if (ts_node_is_missing(n)) {
            found = QStringLiteral("%1: syntax error: missing '%2'").arg(where(ts_node_start_byte(n)), QString::fromUtf8(ts_node_type(n)));
            return false;
        }
        if (!ts_node_is_error(n))
            return bool(ts_node_has_error(n));
        std::vector<TSNode> open;
        TSNode mismatch{}, unexpected{};
        bool haveMismatch = false, haveUnexpected = false;
        walk(n, [&](TSNode c) {
            if (ts_node_child_count(c) > 0 || ts_node_eq(c, n))
                return true;
            const std::string_view t = type(c);
            if (ts_node_is_error(c)) {
                if (!haveUnexpected)
                    unexpected = c, haveUnexpected = true;
            } else if (t == "(" || t == "[" || t == "{") {
                open.push_back(c);
            } else if (t == ")" || t == "]" || t == "}") {
                const char want = t == ")" ? '(' : t == "]" ? '[' : '{';
                if (!open.empty() && type(open.back()).front() == want)
                    open.pop_back();
                else if (!haveMismatch)
                    mismatch = c, haveMismatch = true;
            }
            return false;
        });
        if (haveMismatch)
            found = QStringLiteral("%1: syntax error: unmatched '%2'").arg(where(ts_node_start_byte(mismatch)), text(mismatch));
        else if (haveUnexpected)
            found = QStringLiteral("%1: syntax error: unexpected '%2'").arg(where(ts_node_start_byte(unexpected)), text(unexpected).left(10));
        else if (!open.empty())
            found = QStringLiteral("%1: syntax error: '%2' was never closed").arg(where(ts_node_start_byte(open.back())), text(open.back()));
        else
            found = QStringLiteral("%1: syntax error near '%2'").arg(where(ts_node_start_byte(n)), text(n).left(40).section(QLatin1Char('\n'), 0, 0));
        return false;
    });
    if (found.isEmpty())
        found = QStringLiteral("%1: syntax error").arg(where(0));
    return found;
}

// The node helpers are the front-end's (SyntaxNode.h); these forward to them.
std::string_view SyntaxTree::type(TSNode n) { return frontend::node::type(n); }

bool SyntaxTree::is(TSNode n, std::string_view t) { return frontend::node::is(n, t); }

TSNode SyntaxTree::field(TSNode n, const char *name) { return frontend::node::field(n, name); }

std::vector<TSNode> SyntaxTree::namedChildren(TSNode n, bool withComments)
{
    std::vector<TSNode> out;
    if (ts_node_is_null(n))
        return out;
    const uint32_t count = ts_node_named_child_count(n);
    for (uint32_t i = 0; i < count; ++i) {
        const TSNode c = ts_node_named_child(n, i);
        if (!withComments && (type(c) == "comment" || type(c) == "line_comment" || type(c) == "block_comment"))
            continue;
        out.push_back(c);
    }
    return out;
}

std::vector<TSNode> SyntaxTree::fieldChildren(TSNode n, const char *fieldName)
{
    return frontend::node::fieldChildren(n, fieldName);
}

void SyntaxTree::walk(TSNode n, const std::function<bool(TSNode)> &descend)
{
    if (ts_node_is_null(n))
        return;
    std::vector<TSNode> stack{n};
    while (!stack.empty()) {
        const TSNode cur = stack.back();
        stack.pop_back();
        if (!descend(cur))
            continue;
        const uint32_t count = ts_node_child_count(cur);
        for (uint32_t i = count; i > 0; --i)
            stack.push_back(ts_node_child(cur, i - 1));
    }
}

bool SyntaxTree::plainString(TSNode n, QString *value) const
{
    if (!is(n, "string"))
        return false;
    QString out;
    const uint32_t count = ts_node_child_count(n);
    for (uint32_t i = 0; i < count; ++i) {
        const TSNode c = ts_node_child(n, i);
        const std::string_view t = type(c);
        if (t == "string_start") {
            const std::string_view q = view(c);
            if (q != "\"" && q != "'")
                return false; // a prefix (f, r, b) or a triple quote
        } else if (t == "string_content") {
            out += text(c);
        } else if (t != "string_end") {
            return false; // an escape or an interpolation
        }
    }
    if (value)
        *value = out;
    return true;
}

uint32_t SyntaxTree::lineStart(uint32_t offset) const
{
    offset = std::min<uint32_t>(offset, uint32_t(m_bytes.size()));
    while (offset > 0 && m_bytes[qsizetype(offset - 1)] != '\n')
        --offset;
    return offset;
}

QByteArray SyntaxTree::indentOfLine(uint32_t offset) const
{
    uint32_t s = lineStart(offset);
    QByteArray out;
    while (s < uint32_t(m_bytes.size()) && (m_bytes[qsizetype(s)] == ' ' || m_bytes[qsizetype(s)] == '\t'))
        out += m_bytes[qsizetype(s++)];
    return out;
}

} // namespace tileport::handoff
