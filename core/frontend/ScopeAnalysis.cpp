// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "ScopeAnalysis.h"

#include "CuTileApi.h"
#include "ImportTable.h"
#include "ModuleConstant.h"
#include "PythonSource.h"
#include "SyntaxNode.h"

namespace tileport::frontend {

namespace {

constexpr int kMaxDepth = 200;

bool isConstBuiltin(const QString &name)
{
    return name == QLatin1String("min") || name == QLatin1String("max") || name == QLatin1String("abs")
        || name == QLatin1String("int") || name == QLatin1String("float") || name == QLatin1String("bool")
        || name == QLatin1String("len");
}

bool isScopeBoundary(std::string_view t)
{
    return t == "function_definition" || t == "class_definition" || t == "lambda" || t == "list_comprehension"
        || t == "set_comprehension" || t == "dictionary_comprehension" || t == "generator_expression"
        || t == "decorated_definition";
}

} // namespace

ScopeAnalysis::ScopeAnalysis(const Module &module, const QStringList &params, const QSet<QString> &constantParams,
                             bool paramShapesAreRuntime)
    : m_module(module)
    , m_paramList(params)
    , m_params(params.begin(), params.end())
    , m_constantParams(constantParams)
    , m_paramShapesRuntime(paramShapesAreRuntime)
{
}

void ScopeAnalysis::addBinding(const QString &name, Binding b)
{
    m_bindings[name].append(b);
}

void ScopeAnalysis::bindTarget(TSNode target, TSNode rhs, bool elementOf, int depth)
{
    using namespace node;
    if (depth > kMaxDepth)
        return;
    target = unparen(target);
    const std::string_view t = type(target);
    const PythonSource &src = *m_module.source;
    if (t == "identifier") {
        const QString name = src.text(target);
        addBinding(name, Binding{rhs, isNull(rhs), false});
        if (!elementOf && !isNull(rhs)) {
            // `x = xs[g]` aliases the list: its uses tell the items' rank
            // and dtype (paramsOf).
            const QStringList aliased = paramsOf(rhs);
            if (!aliased.isEmpty())
                m_aliases[name] = aliased;
        }
        return;
    }
    if (t == "pattern_list" || t == "tuple_pattern" || t == "list_pattern" || t == "tuple" || t == "list"
        || t == "expression_list") {
        const auto targets = children(target);
        const TSNode value = unparen(rhs);
        const std::string_view vt = type(value);
        if (vt == "expression_list" || vt == "tuple" || vt == "list") {
            const auto values = children(value);
            bool splat = false;
            for (TSNode v : values)
                splat = splat || is(v, "list_splat");
            if (!splat && values.size() == targets.size()) {
                for (size_t i = 0; i < targets.size(); ++i)
                    bindTarget(targets[i], values[i], false, depth + 1);
                return;
            }
        }
        for (TSNode tg : targets)
            bindTarget(tg, rhs, true, depth + 1);
        return;
    }
    if (t == "list_splat_pattern" || t == "list_splat") {
        for (TSNode ch : children(target))
            bindTarget(ch, TSNode{}, true, depth + 1);
    }
}

void ScopeAnalysis::collect(TSNode n, int depth)
{
    using namespace node;
    if (isNull(n) || depth > kMaxDepth)
        return;
    const std::string_view t = type(n);
    const PythonSource &src = *m_module.source;
    if (t == "function_definition" || t == "class_definition") {
        addBinding(src.text(field(n, "name")), Binding{TSNode{}, true, false});
        return;
    }
    if (t == "decorated_definition") {
        collect(field(n, "definition"), depth + 1);
        return;
    }
    if (isScopeBoundary(t))
        return;
    if (t == "assignment") {
        TSNode right = field(n, "right");
        TSNode value = right;
        while (is(value, "assignment"))
            value = field(value, "right");
        if (!isNull(right))
            bindTarget(field(n, "left"), value, false, depth + 1);
        collect(right, depth + 1);
        return;
    }
    if (t == "augmented_assignment") {
        const TSNode left = unparen(field(n, "left"));
        if (is(left, "identifier"))
            addBinding(src.text(left), Binding{n, false, false});
        collect(field(n, "right"), depth + 1);
        return;
    }
    if (t == "for_statement") {
        const TSNode left = field(n, "left");
        const TSNode right = unparen(field(n, "right"));
        const bool staticIter = is(right, "call")
            && m_module.imports->resolve(src, field(right, "function")) == QLatin1String("cuda.tile.static_iter");
        if (is(right, "call") && is(field(right, "function"), "identifier") && src.text(field(right, "function")) == QLatin1String("range")
            && !m_module.imports->binds(QStringLiteral("range")) && is(unparen(left), "identifier"))
            ++m_rangeTargets[src.text(unparen(left))];
        if (staticIter) {
            // Each iteration is compile-time; the loop variable is a constant
            // or, over a tuple of parameters, stands for each of them.
            const TSNode target = unparen(left);
            QStringList aliased;
            for (TSNode arg : children(field(right, "arguments"))) {
                const TSNode a = unparen(arg);
                if (is(a, "tuple") || is(a, "list"))
                    for (TSNode e : children(a))
                        aliased += paramsOf(e);
            }
            if (is(target, "identifier")) {
                addBinding(src.text(target), Binding{TSNode{}, false, true});
                if (!aliased.isEmpty())
                    m_aliases[src.text(target)] = aliased;
            } else {
                bindTarget(left, TSNode{}, true, depth + 1);
            }
        } else {
            bindTarget(left, TSNode{}, true, depth + 1);
        }
        for (TSNode ch : children(n))
            if (!ts_node_eq(ch, left))
                collect(ch, depth + 1);
        return;
    }
    if (t == "named_expression") {
        addBinding(src.text(field(n, "name")), Binding{TSNode{}, true, false});
    } else if (t == "as_pattern") {
        const TSNode alias = field(n, "alias");
        for (TSNode id : children(alias))
            if (is(id, "identifier"))
                addBinding(src.text(id), Binding{TSNode{}, true, false});
        if (is(alias, "identifier"))
            addBinding(src.text(alias), Binding{TSNode{}, true, false});
    } else if (t == "import_statement" || t == "import_from_statement") {
        for (TSNode nm : fieldChildren(n, "name")) {
            const TSNode id = is(nm, "aliased_import") ? field(nm, "alias") : nm;
            addBinding(src.text(id).section(QLatin1Char('.'), 0, 0), Binding{TSNode{}, true, false});
        }
        return;
    }
    for (TSNode ch : children(n))
        collect(ch, depth + 1);
}

void ScopeAnalysis::analyze(TSNode body)
{
    collect(body, 0);
    // Least fixed point: a local is constant once every binding of it is.
    bool changed = true;
    while (changed) {
        changed = false;
        for (auto it = m_bindings.cbegin(); it != m_bindings.cend(); ++it) {
            if (m_constantLocals.contains(it.key()) || m_params.contains(it.key()))
                continue;
            bool all = true;
            for (const Binding &b : it.value())
                all = all && bindingConstant(b);
            if (all) {
                m_constantLocals.insert(it.key());
                changed = true;
            }
        }
    }
}

bool ScopeAnalysis::bindingConstant(const Binding &b) const
{
    if (b.runtime)
        return false;
    if (b.staticIter)
        return true;
    return dependencies(b.rhs).constantOnly();
}

bool ScopeAnalysis::isModuleConstant(const QString &name) const
{
    return !m_params.contains(name) && !m_bindings.contains(name) && m_module.constants
        && m_module.constants->contains(name);
}

QStringList ScopeAnalysis::paramsOf(TSNode expr) const
{
    expr = node::unparen(expr);
    // `xs[i]` passed on as an array: an item of a list parameter.
    if (node::is(expr, "subscript") && node::is(node::unparen(node::field(expr, "value")), "identifier")) {
        return paramsOf(node::field(expr, "value"));
    }
    if (!node::is(expr, "identifier"))
        return {};
    const QString name = m_module.source->text(expr);
    if (m_constantParams.contains(name))
        return {};
    if (m_params.contains(name))
        return {name};
    return m_aliases.value(name);
}

TSNode ScopeAnalysis::singleBinding(const QString &name) const
{
    const auto it = m_bindings.constFind(name);
    if (it == m_bindings.constEnd() || it->size() != 1 || it->front().runtime)
        return TSNode{};
    return it->front().rhs;
}

bool ScopeAnalysis::isRangeIndex(const QString &name) const
{
    const int n = m_rangeTargets.value(name);
    return n > 0 && n == m_bindings.value(name).size() && !m_params.contains(name);
}

QStringList ScopeAnalysis::constantLocals() const
{
    QStringList out(m_constantLocals.begin(), m_constantLocals.end());
    out.sort();
    return out;
}

Dependencies ScopeAnalysis::dependencies(TSNode expr) const
{
    Dependencies d;
    deps(expr, d, 0);
    return d;
}

void ScopeAnalysis::deps(TSNode n, Dependencies &d, int depth) const
{
    using namespace node;
    if (isNull(n))
        return;
    const auto add = [](QStringList &l, const QString &s) {
        if (!l.contains(s))
            l.append(s);
    };
    if (depth > kMaxDepth) {
        add(d.runtime, QStringLiteral("<nested too deeply>"));
        return;
    }
    const PythonSource &src = *m_module.source;
    const ImportTable &imports = *m_module.imports;
    const std::string_view t = type(n);
    if (t == "identifier") {
        const QString name = src.text(n);
        if (m_constantParams.contains(name))
            add(d.constants, name);
        else if (m_params.contains(name))
            add(d.runtime, name);
        else if (m_bindings.contains(name))
            add(m_constantLocals.contains(name) ? d.constants : d.runtime, name);
        else if ((m_module.constants && m_module.constants->contains(name))
                 || (m_module.staticGlobals && m_module.staticGlobals->contains(name)))
            add(d.constants, name);
        else if (imports.binds(name) || !imports.targetOf(name).isEmpty()
                 || (m_module.functions && m_module.functions->contains(name)) || CuTileApi::isBuiltin(name))
            return;
        else
            add(d.runtime, name);
        return;
    }
    if (t == "attribute") {
        if (!imports.resolve(src, n).isEmpty())
            return; // ct.float32, ct.PaddingMode.ZERO, math.pi
        const QString attr = src.text(field(n, "attribute"));
        const TSNode obj = field(n, "object");
        if (attr == QLatin1String("dtype") || attr == QLatin1String("ndim")) {
            add(d.dtypes, src.flatText(n));
            return;
        }
        if (attr == QLatin1String("shape")) {
            // An array's shape is a runtime value; a tile's shape is static.
            if (m_paramShapesRuntime && !paramsOf(obj).isEmpty())
                add(d.runtime, src.flatText(n));
            return;
        }
        deps(obj, d, depth + 1);
        return;
    }
    if (t == "call") {
        const TSNode fn = field(n, "function");
        const TSNode args = field(n, "arguments");
        const QString q = imports.resolve(src, fn);
        bool transparent = false;
        if (q == QLatin1String("cuda.tile.static_eval"))
            return;
        if (q == QLatin1String("cuda.tile.cdiv") || q.startsWith(QLatin1String("math."))
            || (q.startsWith(QLatin1String("cuda.tile.")) && CuTileApi::isDtype(q.mid(10))))
            transparent = true;
        if (q.isEmpty() && is(fn, "identifier")) {
            const QString name = src.text(fn);
            transparent = isConstBuiltin(name) && !m_bindings.contains(name) && !m_params.contains(name);
        }
        if (!transparent) {
            add(d.runtime, src.flatText(fn) + QStringLiteral("()"));
            return;
        }
        for (TSNode a : children(args))
            deps(is(a, "keyword_argument") ? field(a, "value") : a, d, depth + 1);
        return;
    }
    if (t == "keyword_argument") {
        deps(field(n, "value"), d, depth + 1);
        return;
    }
    if (t == "string" || t == "integer" || t == "float" || t == "true" || t == "false" || t == "none"
        || t == "ellipsis")
        return;
    if (isScopeBoundary(t)) {
        add(d.runtime, QStringLiteral("<%1>").arg(QString::fromLatin1(t.data(), qsizetype(t.size()))));
        return;
    }
    for (TSNode ch : children(n))
        deps(ch, d, depth + 1);
}

} // namespace tileport::frontend
