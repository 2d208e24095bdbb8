// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "LoopLiveness.h"

#include "PythonSource.h"
#include "SyntaxNode.h"

#include <functional>

namespace tileport::frontend {

namespace {

bool isFieldOf(TSNode parent, const char *field, TSNode child)
{
    const TSNode f = node::field(parent, field);
    return !node::isNull(f) && ts_node_eq(f, child);
}

// The plain names a binding target holds (`x`, `a, b`, `(a, b)`).
void targetNames(const PythonSource &src, TSNode target, QSet<QString> &out)
{
    if (node::is(target, "identifier")) {
        out.insert(src.text(target));
        return;
    }
    if (node::is(target, "pattern_list") || node::is(target, "tuple_pattern") || node::is(target, "list_pattern")
        || node::is(target, "tuple") || node::is(target, "parenthesized_expression"))
        for (TSNode c : node::children(target))
            targetNames(src, c, out);
}

// Every name an expression or statement reads, in no particular order:
// assignment and loop targets, attribute names, keyword names and nested
// function bodies are not reads. `a += b` reads `a`.
void collectReads(const PythonSource &src, TSNode n, const std::function<void(TSNode)> &read)
{
    if (node::isNull(n) || node::is(n, "function_definition") || node::is(n, "lambda"))
        return;
    if (node::is(n, "identifier")) {
        const TSNode p = node::parent(n);
        if (!node::isNull(p)
            && (isFieldOf(p, "attribute", n) && node::is(p, "attribute")))
            return;
        if (node::is(p, "keyword_argument") && isFieldOf(p, "name", n))
            return;
        read(n);
        return;
    }
    if (node::is(n, "assignment")) {
        const TSNode left = node::field(n, "left");
        if (!node::is(left, "identifier") && !node::is(left, "pattern_list") && !node::is(left, "tuple_pattern"))
            collectReads(src, left, read); // a subscript or attribute target reads its object
        collectReads(src, node::field(n, "right"), read);
        return;
    }
    if (node::is(n, "for_statement")) {
        collectReads(src, node::field(n, "right"), read);
        collectReads(src, node::field(n, "body"), read);
        for (TSNode alt : node::fieldChildren(n, "alternative"))
            collectReads(src, alt, read);
        return;
    }
    for (TSNode c : node::children(n))
        collectReads(src, c, read);
}

void collectAssigned(const PythonSource &src, TSNode n, QSet<QString> &out)
{
    if (node::isNull(n) || node::is(n, "function_definition") || node::is(n, "lambda"))
        return;
    if (node::is(n, "assignment") || node::is(n, "augmented_assignment"))
        targetNames(src, node::field(n, "left"), out);
    if (node::is(n, "for_statement"))
        targetNames(src, node::field(n, "left"), out);
    for (TSNode c : node::children(n))
        collectAssigned(src, c, out);
}

bool contains(TSNode outer, TSNode inner)
{
    return ts_node_start_byte(inner) >= ts_node_start_byte(outer) && ts_node_end_byte(inner) <= ts_node_end_byte(outer);
}

} // namespace

LoopLiveness::LoopLiveness(const PythonSource &src, TSNode function, TSNode forNode)
    : m_src(src), m_for(forNode)
{
    const TSNode body = node::field(forNode, "body");
    collectAssigned(src, body, m_assigned);
    QSet<QString> bound;
    targetNames(src, node::field(forNode, "left"), bound);
    block(body, bound);
    readsAfter(function);
    for (const QString &name : std::as_const(m_assigned))
        if (m_readBeforeBound.contains(name) || m_readAfter.contains(name))
            m_carried.insert(name);
}

void LoopLiveness::block(TSNode blk, QSet<QString> &bound)
{
    for (TSNode stmt : node::children(blk))
        statement(stmt, bound);
}

void LoopLiveness::statement(TSNode stmt, QSet<QString> &bound)
{
    if (node::is(stmt, "expression_statement")) {
        for (TSNode e : node::children(stmt)) {
            // `a = b = v`: the value is read first, then every target bound.
            QList<TSNode> targets;
            TSNode value = e;
            while (node::is(value, "assignment")) {
                targets << node::field(value, "left");
                value = node::field(value, "right");
            }
            if (node::is(value, "augmented_assignment")) {
                reads(value, bound); // its target is read too
                targets << node::field(value, "left");
            } else {
                reads(value, bound);
            }
            for (TSNode t : targets) {
                if (!node::is(t, "identifier") && !node::is(t, "pattern_list") && !node::is(t, "tuple_pattern"))
                    reads(t, bound);
                targetNames(m_src, t, bound);
            }
        }
        return;
    }
    if (node::is(stmt, "if_statement")) {
        reads(node::field(stmt, "condition"), bound);
        QList<QSet<QString>> arms;
        QSet<QString> armBound = bound;
        block(node::field(stmt, "consequence"), armBound);
        arms << armBound;
        bool hasElse = false;
        for (TSNode alt : node::fieldChildren(stmt, "alternative")) {
            armBound = bound;
            if (node::is(alt, "elif_clause")) {
                reads(node::field(alt, "condition"), bound);
                block(node::field(alt, "consequence"), armBound);
            } else {
                block(node::field(alt, "body"), armBound);
                hasElse = true;
            }
            arms << armBound;
        }
        if (!hasElse)
            return; // a false condition binds nothing
        QSet<QString> common = arms.first();
        for (const QSet<QString> &a : std::as_const(arms))
            common &= a;
        bound = common;
        return;
    }
    if (node::is(stmt, "for_statement") || node::is(stmt, "while_statement")) {
        // The body may run zero times: what it binds is not definite.
        reads(node::field(stmt, node::is(stmt, "for_statement") ? "right" : "condition"), bound);
        QSet<QString> inner = bound;
        targetNames(m_src, node::field(stmt, "left"), inner);
        block(node::field(stmt, "body"), inner);
        for (TSNode alt : node::fieldChildren(stmt, "alternative")) {
            QSet<QString> other = bound;
            block(node::field(alt, "body"), other);
        }
        return;
    }
    reads(stmt, bound);
}

void LoopLiveness::reads(TSNode expr, const QSet<QString> &bound)
{
    collectReads(m_src, expr, [&](TSNode id) {
        const QString name = m_src.text(id);
        if (!bound.contains(name))
            m_readBeforeBound.insert(name);
    });
}

// Reads after the loop, and reads anywhere in a loop enclosing it.
void LoopLiveness::readsAfter(TSNode function)
{
    const uint32_t end = ts_node_end_byte(m_for);
    QList<TSNode> enclosing;
    for (TSNode p = node::parent(m_for); !node::isNull(p) && contains(function, p); p = node::parent(p))
        if (node::is(p, "for_statement") || node::is(p, "while_statement"))
            enclosing << p;
    collectReads(m_src, node::field(function, "body"), [&](TSNode id) {
        if (contains(m_for, id))
            return;
        bool live = ts_node_start_byte(id) >= end;
        for (TSNode loop : std::as_const(enclosing))
            live = live || contains(node::field(loop, "body"), id);
        if (live)
            m_readAfter.insert(m_src.text(id));
    });
}

} // namespace tileport::frontend
