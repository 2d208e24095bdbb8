// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "TritonHostDescriptors.h"

#include "SyntaxNode.h"

#include <QHash>
#include <QRegularExpression>

#include <algorithm>

namespace tileport::triton {

using namespace tileport::frontend;

namespace {

QStringList paramNames(const PythonSource &src, TSNode def)
{
    QStringList out;
    for (TSNode p : node::children(node::field(def, "parameters"))) {
        TSNode name = p;
        if (node::is(p, "typed_parameter"))
            name = node::children(p).front();
        else if (node::is(p, "default_parameter") || node::is(p, "typed_default_parameter"))
            name = node::field(p, "name");
        out << (node::is(name, "identifier") ? src.text(name) : QString());
    }
    return out;
}

TSNode keywordOrPositional(const PythonSource &src, TSNode call, int pos, const char *keyword)
{
    for (TSNode a : node::children(node::field(call, "arguments")))
        if (node::is(a, "keyword_argument") && src.text(node::field(a, "name")) == QLatin1String(keyword))
            return node::field(a, "value");
    return node::positional(call, pos);
}

// A TensorDescriptor construction: (tensor expression, block shape items).
bool descriptorCall(const PythonSource &src, TSNode n, QString *tensor, std::vector<TSNode> *block)
{
    n = node::unparen(n);
    if (!node::is(n, "call"))
        return false;
    const QString callee = src.text(node::field(n, "function"));
    static const QRegularExpression ctor(QStringLiteral("(^|\\.)TensorDescriptor$"));
    static const QRegularExpression from(QStringLiteral("(^|\\.)TensorDescriptor\\.from_tensor$"));
    TSNode b;
    if (from.match(callee).hasMatch())
        b = keywordOrPositional(src, n, 1, "block_shape");
    else if (ctor.match(callee).hasMatch())
        b = keywordOrPositional(src, n, 3, "block_shape");
    else
        return false;
    const TSNode t = keywordOrPositional(src, n, 0, callee.endsWith(QLatin1String("from_tensor")) ? "tensor" : "base");
    b = node::unparen(b);
    if (node::isNull(t) || (!node::is(b, "list") && !node::is(b, "tuple")))
        return false;
    *tensor = src.flatText(t);
    *block = node::children(b);
    return true;
}

TSNode findFunction(TSNode n, const PythonSource &src, const QString &name)
{
    if (node::is(n, "function_definition") && src.text(node::field(n, "name")) == name)
        return n;
    for (TSNode c : node::children(n)) {
        const TSNode f = findFunction(c, src, name);
        if (!node::isNull(f))
            return f;
    }
    return {};
}

void collectAssignments(TSNode n, const PythonSource &src, QHash<QString, TSNode> &out)
{
    if (node::is(n, "assignment") && node::is(node::field(n, "left"), "identifier"))
        out.insert(src.text(node::field(n, "left")), node::field(n, "right"));
    for (TSNode c : node::children(n))
        if (!node::is(c, "function_definition"))
            collectAssignments(c, src, out);
}

// The pre_hook functions an autotune decorator's configs name
// (`triton.Config(..., pre_hook=f)`), in a literal list, a comprehension or
// the function that builds the list.
QStringList preHooks(const PythonSource &src, TSNode kernelDef)
{
    QStringList hooks;
    const TSNode decorated = node::parent(kernelDef);
    if (!node::is(decorated, "decorated_definition"))
        return hooks;
    QList<TSNode> stack;
    for (TSNode d : node::children(decorated)) {
        if (!node::is(d, "decorator"))
            continue;
        const auto kids = node::children(d);
        if (kids.empty() || !node::is(kids.front(), "call"))
            continue;
        const TSNode configs = keywordOrPositional(src, kids.front(), 0, "configs");
        if (node::isNull(configs))
            continue;
        stack << configs;
        // configs=f(): the function's body builds them.
        if (node::is(node::unparen(configs), "call") && node::is(node::field(node::unparen(configs), "function"), "identifier")) {
            const TSNode fn = findFunction(src.root(), src, src.text(node::field(node::unparen(configs), "function")));
            if (!node::isNull(fn))
                stack << node::field(fn, "body");
        }
    }
    while (!stack.isEmpty()) {
        const TSNode n = stack.takeLast();
        if (node::is(n, "keyword_argument") && src.text(node::field(n, "name")) == QLatin1String("pre_hook")) {
            const QString hook = src.text(node::field(n, "value"));
            if (!hooks.contains(hook))
                hooks << hook;
        }
        for (TSNode c : node::children(n))
            stack << c;
    }
    return hooks;
}

// What a pre_hook sets: `nargs["P"].block_shape = [A, B]` with each item a
// literal, `nargs["K"]` or a local bound to one; P -> the block in kernel
// terms. *opaque is set when the hook does anything else with a block shape
// (or is not found), so its effect is unknown.
QHash<QString, QStringList> hookBlocks(const PythonSource &src, const QString &hook, bool *opaque)
{
    QHash<QString, QStringList> out;
    const TSNode fn = findFunction(src.root(), src, hook);
    if (node::isNull(fn)) {
        *opaque = true;
        return out;
    }
    const QStringList params = paramNames(src, fn);
    const QString nargs = params.value(0);
    static const QRegularExpression item(QStringLiteral("^([A-Za-z_]\\w*)\\[\\s*[\"']([A-Za-z_]\\w*)[\"']\\s*\\]$"));
    const auto argOf = [&](const QString &e) -> QString {
        const QRegularExpressionMatch m = item.match(e);
        return m.hasMatch() && m.captured(1) == nargs ? m.captured(2) : QString();
    };
    QHash<QString, QString> locals; // local name -> the nargs key it reads
    QList<TSNode> stack{node::field(fn, "body")};
    QList<TSNode> order;
    while (!stack.isEmpty()) {
        const TSNode n = stack.takeFirst();
        if (node::is(n, "assignment"))
            order << n;
        QList<TSNode> kids;
        for (TSNode c : node::children(n))
            kids << c;
        stack = kids + stack;
    }
    for (TSNode a : std::as_const(order)) {
        const TSNode left = node::field(a, "left");
        const QString right = src.flatText(node::field(a, "right"));
        if (node::is(left, "identifier")) {
            if (!argOf(right).isEmpty())
                locals.insert(src.text(left), argOf(right));
            continue;
        }
        if (!node::is(left, "attribute") || src.text(node::field(left, "attribute")) != QLatin1String("block_shape"))
            continue;
        const QString target = argOf(src.flatText(node::field(left, "object")));
        const TSNode list = node::unparen(node::field(a, "right"));
        if (target.isEmpty() || (!node::is(list, "list") && !node::is(list, "tuple"))) {
            *opaque = true;
            continue;
        }
        QStringList dims;
        for (TSNode i : node::children(list)) {
            const QString e = src.flatText(i);
            bool literal = false;
            e.toInt(&literal);
            dims << (literal ? e : locals.contains(e) ? locals.value(e) : argOf(e));
        }
        if (dims.contains(QString()))
            *opaque = true;
        else
            out.insert(target, dims);
    }
    return out;
}

} // namespace

void TritonHostDescriptors::assign(const PythonSource &src, TSNode kernelDef, TritonKernel &kernel,
                                   QList<TritonLaunch> &launches)
{
    bool preHook = kernel.autotuneGenerated;
    for (const TritonAutotuneConfig &c : std::as_const(kernel.autotuneConfigs))
        for (const auto &o : c.options)
            preHook = preHook || o.first == QLatin1String("pre_hook");
    const QStringList params = paramNames(src, kernelDef);
    QHash<QString, QStringList> blocks;
    QSet<QString> conflicting;
    for (TritonLaunch &l : launches) {
        if (l.kernel != kernel.name)
            continue;
        // Launch arguments by kernel parameter, as written.
        QHash<QString, QString> byParam; // kernel param -> host expression
        QHash<QString, QString> byExpr;  // host expression -> kernel param
        int pos = 0;
        for (const QString &a : std::as_const(l.args)) {
            static const QRegularExpression kw(QStringLiteral("^\\s*([A-Za-z_]\\w*)\\s*=(?!=)\\s*(.+)$"));
            const QRegularExpressionMatch m = kw.match(a);
            const QString param = m.hasMatch() ? m.captured(1) : params.value(pos++);
            const QString expr = m.hasMatch() ? m.captured(2).trimmed() : a.trimmed();
            if (param.isEmpty())
                continue;
            byParam.insert(param, expr);
            if (!byExpr.contains(expr))
                byExpr.insert(expr, param);
        }
        QHash<QString, TSNode> locals;
        const TSNode fn = findFunction(src.root(), src, l.function);
        if (!node::isNull(fn))
            collectAssignments(node::field(fn, "body"), src, locals);
        for (auto it = byParam.cbegin(); it != byParam.cend(); ++it) {
            QString tensor;
            std::vector<TSNode> items;
            const TSNode source = locals.value(it.value());
            bool found = false;
            if (!node::isNull(source))
                found = descriptorCall(src, source, &tensor, &items);
            if (!found || params.indexOf(it.key()) < 0)
                continue; // inline constructions in the argument list are not read
            l.descriptorTensors.insert(it.key(), tensor);
            QStringList dims;
            for (TSNode item : items) {
                const QString e = src.flatText(item);
                bool literal = false;
                e.toInt(&literal);
                const QString param = byExpr.value(e);
                dims << (literal ? e : param);
            }
            if (dims.contains(QString())) {
                conflicting.insert(it.key());
                continue;
            }
            if (blocks.contains(it.key()) && blocks.value(it.key()) != dims)
                conflicting.insert(it.key());
            blocks.insert(it.key(), dims);
        }
    }
    if (preHook) {
        // A pre_hook resets block shapes before each launch: where every
        // hook the configs name sets a descriptor's from the config's own
        // constants, that is its block shape; an unknown hook or one that
        // does something else leaves the kernel's descriptors unmapped.
        const QStringList hooks = preHooks(src, kernelDef);
        bool opaque = hooks.isEmpty();
        QHash<QString, QStringList> hooked;
        for (const QString &h : hooks) {
            const QHash<QString, QStringList> set = hookBlocks(src, h, &opaque);
            for (auto it = set.cbegin(); it != set.cend(); ++it) {
                if (hooked.contains(it.key()) && hooked.value(it.key()) != it.value())
                    opaque = true;
                hooked.insert(it.key(), it.value());
            }
        }
        if (opaque)
            return;
        for (auto it = hooked.cbegin(); it != hooked.cend(); ++it)
            if (params.contains(it.key()) && std::all_of(it.value().cbegin(), it.value().cend(), [&](const QString &d) {
                    bool literal = false;
                    d.toInt(&literal);
                    return literal || params.contains(d);
                })) {
                blocks.insert(it.key(), it.value());
                conflicting.remove(it.key());
            }
        kernel.notes << QStringLiteral("host descriptor block shapes from the autotune pre_hook %1").arg(hooks.join(QStringLiteral(", ")));
    }
    for (auto it = blocks.cbegin(); it != blocks.cend(); ++it)
        if (!conflicting.contains(it.key()))
            kernel.descriptorBlocks.insert(it.key(), it.value());
}

} // namespace tileport::triton
