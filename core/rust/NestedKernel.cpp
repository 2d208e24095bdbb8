// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "NestedKernel.h"

#include "SyntaxNode.h"

#include <QSet>

#include <vector>

namespace tileport::rust {

using namespace tileport::frontend;

namespace {

// The function definition whose name sits at `name`, or (a kernel made by
// `k = ct.kernel(fn)`) whose definition spans `whole`.
TSNode findDefinition(const PythonSource &src, TSNode n, const SourceRange &name, const SourceRange &whole)
{
    if (node::is(n, "function_definition")) {
        const SourceRange r = src.range(node::field(n, "name"));
        if (r.line == name.line && r.col == name.col)
            return n;
        const TSNode outer = node::is(node::parent(n), "decorated_definition") ? node::parent(n) : n;
        const SourceRange w = src.range(outer);
        if (w.line == whole.line && w.col == whole.col && w.endLine == whole.endLine && w.endCol == whole.endCol)
            return n;
    }
    for (TSNode c : node::children(n))
        if (const TSNode d = findDefinition(src, c, name, whole); !node::isNull(d))
            return d;
    return TSNode{};
}

void bindPattern(const PythonSource &src, TSNode t, QSet<QString> &out)
{
    if (node::is(t, "identifier")) {
        out.insert(src.text(t));
        return;
    }
    if (node::is(t, "attribute") || node::is(t, "subscript"))
        return; // binds no name
    for (TSNode c : node::children(t))
        bindPattern(src, c, out);
}

// The names a function binds in its own scope: parameters, assignment,
// loop, `with ... as`, import and definition targets. Nested functions and
// classes bind their own names only.
void scopeBindings(const PythonSource &src, TSNode n, QSet<QString> &out, bool top)
{
    if (!top && (node::is(n, "function_definition") || node::is(n, "class_definition"))) {
        out.insert(src.text(node::field(n, "name")));
        return;
    }
    if (node::is(n, "lambda"))
        return;
    if (top && node::is(n, "function_definition")) {
        for (TSNode p : node::children(node::field(n, "parameters"))) {
            const TSNode name = node::is(p, "identifier") ? p : node::field(p, "name");
            if (node::is(name, "identifier"))
                out.insert(src.text(name));
            else
                for (TSNode c : node::children(p)) // *args, **kwargs, typed_parameter
                    if (node::is(c, "identifier")) {
                        out.insert(src.text(c));
                        break;
                    }
        }
        return scopeBindings(src, node::field(n, "body"), out, false);
    }
    if (node::is(n, "assignment") || node::is(n, "augmented_assignment") || node::is(n, "for_statement")
        || node::is(n, "for_in_clause"))
        bindPattern(src, node::field(n, "left"), out);
    if (node::is(n, "named_expression"))
        bindPattern(src, node::field(n, "name"), out);
    if (node::is(n, "as_pattern_target"))
        bindPattern(src, n, out);
    if (node::is(n, "aliased_import"))
        bindPattern(src, node::field(n, "alias"), out);
    if (node::is(n, "import_statement") || node::is(n, "import_from_statement"))
        for (TSNode c : node::fieldChildren(n, "name"))
            if (node::is(c, "dotted_name") && !node::children(c).empty())
                out.insert(src.text(node::children(c).front()));
    for (TSNode c : node::children(n))
        scopeBindings(src, c, out, false);
}

// The first identifier read under `n` (no attribute or keyword name) that
// `wanted` holds.
TSNode firstRead(const PythonSource &src, TSNode n, const QSet<QString> &wanted)
{
    if (node::is(n, "identifier"))
        return wanted.contains(src.text(n)) ? n : TSNode{};
    if (node::is(n, "attribute"))
        return firstRead(src, node::field(n, "object"), wanted);
    if (node::is(n, "keyword_argument"))
        return firstRead(src, node::field(n, "value"), wanted);
    for (TSNode c : node::children(n))
        if (const TSNode hit = firstRead(src, c, wanted); !node::isNull(hit))
            return hit;
    return TSNode{};
}

} // namespace

NestedKernel findNestedKernel(const PythonSource &src, const KernelInfo &k)
{
    NestedKernel out;
    out.definition = findDefinition(src, src.root(), k.nameRange, k.range);
    if (node::isNull(out.definition))
        return out;
    QSet<QString> own;
    scopeBindings(src, out.definition, own, true);
    // Class bodies are not visible to the functions they hold: only the
    // enclosing functions' names can be captured.
    for (TSNode p = node::parent(out.definition); !node::isNull(p); p = node::parent(p)) {
        if (!node::is(p, "function_definition"))
            continue;
        QSet<QString> outer;
        scopeBindings(src, p, outer, true);
        outer.subtract(own);
        outer.remove(k.name);
        const TSNode hit = firstRead(src, node::field(out.definition, "body"), outer);
        if (!node::isNull(hit)) {
            out.capturedName = src.text(hit);
            out.capturedFrom = src.text(node::field(p, "name"));
            out.capturedAt = src.range(hit);
            return out;
        }
        own.unite(outer); // an inner function's name hides an outer one's
    }
    return out;
}

} // namespace tileport::rust
