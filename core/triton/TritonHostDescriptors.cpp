// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "TritonHostDescriptors.h"

#include "SyntaxNode.h"

#include <QHash>
#include <QRegularExpression>

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
    if (preHook)
        return;
    for (auto it = blocks.cbegin(); it != blocks.cend(); ++it)
        if (!conflicting.contains(it.key()))
            kernel.descriptorBlocks.insert(it.key(), it.value());
}

} // namespace tileport::triton
