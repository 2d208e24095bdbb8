// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <tree_sitter/api.h>

#include <cstring>
#include <string_view>
#include <vector>

// Small helpers over the tree-sitter C API used by the Python front-end.
namespace tileport::frontend::node {

inline bool isNull(TSNode n) { return ts_node_is_null(n); }
inline std::string_view type(TSNode n) { return isNull(n) ? std::string_view() : std::string_view(ts_node_type(n)); }
inline bool is(TSNode n, std::string_view t) { return !isNull(n) && type(n) == t; }
// A null node has no fields and no parent (tree-sitter itself would read
// through the null node's tree pointer).
inline TSNode field(TSNode n, const char *name)
{
    return isNull(n) ? n : ts_node_child_by_field_name(n, name, uint32_t(std::strlen(name)));
}
inline TSNode parent(TSNode n) { return isNull(n) ? n : ts_node_parent(n); }

// Named children in order, comments left out. Walks with a cursor (linear).
inline std::vector<TSNode> children(TSNode n)
{
    std::vector<TSNode> out;
    if (isNull(n))
        return out;
    TSTreeCursor c = ts_tree_cursor_new(n);
    if (ts_tree_cursor_goto_first_child(&c)) {
        do {
            const TSNode ch = ts_tree_cursor_current_node(&c);
            if (ts_node_is_named(ch) && type(ch) != "comment")
                out.push_back(ch);
        } while (ts_tree_cursor_goto_next_sibling(&c));
    }
    ts_tree_cursor_delete(&c);
    return out;
}

// Named children with the given field name (e.g. every `name` of an import).
inline std::vector<TSNode> fieldChildren(TSNode n, const char *fieldName)
{
    std::vector<TSNode> out;
    if (isNull(n))
        return out;
    TSTreeCursor c = ts_tree_cursor_new(n);
    if (ts_tree_cursor_goto_first_child(&c)) {
        do {
            const char *f = ts_tree_cursor_current_field_name(&c);
            if (f && std::strcmp(f, fieldName) == 0)
                out.push_back(ts_tree_cursor_current_node(&c));
        } while (ts_tree_cursor_goto_next_sibling(&c));
    }
    ts_tree_cursor_delete(&c);
    return out;
}

// The unnamed operator token of a binary/unary/augmented-assignment node.
inline std::string_view operatorOf(TSNode n)
{
    const TSNode op = field(n, "operator");
    return type(op);
}

// The positional argument at `pos` of a call, or a null node (also when a
// splat before it makes the position unknowable).
inline TSNode positional(TSNode call, int pos)
{
    const TSNode args = field(call, "arguments");
    if (!is(args, "argument_list"))
        return {};
    int index = 0;
    for (TSNode a : children(args)) {
        if (is(a, "keyword_argument"))
            continue;
        if (is(a, "list_splat") || is(a, "dictionary_splat"))
            return {};
        if (index == pos)
            return a;
        ++index;
    }
    return {};
}

// Strips any number of enclosing parentheses.
inline TSNode unparen(TSNode n)
{
    while (is(n, "parenthesized_expression")) {
        const auto ch = children(n);
        if (ch.size() != 1)
            break;
        n = ch.front();
    }
    return n;
}

} // namespace tileport::frontend::node
