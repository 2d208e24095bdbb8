// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <tree_sitter/api.h>

#include <functional>
#include <map>
#include <string_view>
#include <vector>

namespace tileport::handoff {

// A Python or Rust file parsed with the front-end's tree-sitter grammars,
// for the export's edits: byte ranges of nodes, 1-based line:col, and the
// first syntax error as `file:line:col: message`.
class SyntaxTree
{
public:
    enum class Language { Python, Rust };
    SyntaxTree(Language language, QByteArray utf8, QString fileName);
    ~SyntaxTree();
    SyntaxTree(const SyntaxTree &) = delete;
    SyntaxTree &operator=(const SyntaxTree &) = delete;

    TSNode root() const;
    const QByteArray &bytes() const { return m_bytes; }
    const QString &fileName() const { return m_fileName; }
    std::string_view view(TSNode n) const;
    QString text(TSNode n) const;
    // `file:line:col` of a byte offset (1-based; columns count characters).
    QString where(uint32_t offset) const;
    // The first ERROR or MISSING node as `file:line:col: syntax error ...`;
    // empty when the file parses cleanly.
    QString firstSyntaxError() const;

    static std::string_view type(TSNode n);
    static bool is(TSNode n, std::string_view t);
    static TSNode field(TSNode n, const char *name);
    // Named children (comments included when asked).
    static std::vector<TSNode> namedChildren(TSNode n, bool withComments = false);
    // Children under a field name (every `name` of an import).
    static std::vector<TSNode> fieldChildren(TSNode n, const char *fieldName);
    // Every node below `n` (pre-order) for which `visit` returns true is
    // collected; `descend` says whether to walk into a node's children.
    static void walk(TSNode n, const std::function<bool(TSNode)> &descend);

    // A string literal's value when it is a plain one ("x" or 'x', no
    // prefix or interpolation); false otherwise.
    bool plainString(TSNode n, QString *value) const;
    // The start of the line holding `offset`, and that line's indentation.
    uint32_t lineStart(uint32_t offset) const;
    QByteArray indentOfLine(uint32_t offset) const;

private:
    Language m_language;
    QByteArray m_bytes;
    QString m_fileName;
    TSParser *m_parser = nullptr;
    TSTree *m_tree = nullptr;
};

// Byte edits of one text, applied back to front: [begin, end) replaced.
struct TextEdits {
    std::map<uint32_t, std::pair<uint32_t, QByteArray>> at;
    void replace(uint32_t begin, uint32_t end, QByteArray text) { at[begin] = {end, std::move(text)}; }
    void insert(uint32_t offset, QByteArray text) { replace(offset, offset, std::move(text)); }
    bool isEmpty() const { return at.empty(); }
    QByteArray apply(QByteArray bytes) const
    {
        for (auto it = at.rbegin(); it != at.rend(); ++it)
            bytes.replace(qsizetype(it->first), qsizetype(it->second.first - it->first), it->second.second);
        return bytes;
    }
};

// Past the end of the line holding `offset` (after its newline).
inline uint32_t pastLine(const QByteArray &b, uint32_t offset)
{
    while (offset < uint32_t(b.size()) && b[qsizetype(offset)] != '\n')
        ++offset;
    return offset < uint32_t(b.size()) ? offset + 1 : offset;
}

} // namespace tileport::handoff
