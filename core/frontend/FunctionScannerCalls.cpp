// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// Expressions: cuTile op calls (resolved through the imports), helper calls,
// parameter evidence (array/scalar/rank/dtype), tile shapes and the
// expression kinds outside the cuTile subset.
#include "CuTileApi.h"
#include "FunctionScanner.h"
#include "ImportTable.h"
#include "ModuleConstant.h"
#include "PythonSource.h"
#include "SyntaxNode.h"

namespace tileport::frontend {

namespace {

// Python builtins that tile code has no implementation for.
constexpr const char *kOtherBuiltins[] = {
    "all", "any", "ascii", "bin", "bytearray", "bytes", "callable", "chr", "classmethod", "compile", "complex",
    "delattr", "dict", "dir", "enumerate", "eval", "exec", "filter", "format", "frozenset", "globals", "hasattr",
    "hash", "hex", "id", "input", "isinstance", "issubclass", "iter", "list", "locals", "map", "memoryview",
    "next", "object", "oct", "open", "ord", "pow", "property", "reversed", "round", "set", "setattr", "sorted",
    "staticmethod", "sum", "super", "type", "vars", "zip",
};

bool isOtherBuiltin(const QString &name)
{
    for (const char *b : kOtherBuiltins)
        if (name == QLatin1String(b))
            return true;
    return false;
}

} // namespace

void FunctionScanner::expression(TSNode n, int depth)
{
    using namespace node;
    if (isNull(n) || tooDeep(n, depth))
        return;
    const PythonSource &src = *m_module.source;
    const std::string_view t = type(n);
    if (t == "call") {
        call(n, depth);
        return;
    }
    if (t == "attribute") {
        attribute(n, depth);
        return;
    }
    if (t == "lambda") {
        unsupported(n, QStringLiteral("lambda"),
                    QStringLiteral("lambdas (closures) have no counterpart in the cuTile Rust DSL; use a named helper function"));
        return;
    }
    if (t == "list_comprehension" || t == "set_comprehension" || t == "dictionary_comprehension"
        || t == "generator_expression") {
        unsupported(n, QStringLiteral("comprehension"),
                    QStringLiteral("comprehensions are not portable: cuTile Python only accepts tuple(... for x in "
                                   "ct.static_iter(...)) and the Rust DSL has no compile-time iteration"));
        return;
    }
    if (t == "list" || t == "set" || t == "dictionary") {
        unsupported(n, QStringLiteral("%1 literal").arg(QString::fromLatin1(t.data(), qsizetype(t.size()))),
                    QStringLiteral("tile code has no lists, sets or dicts; use a tuple"));
        return;
    }
    if (t == "named_expression") {
        unsupported(n, QStringLiteral("assignment expression"),
                    QStringLiteral("`:=` is not in the cuTile subset"));
        expression(field(n, "value"), depth + 1);
        return;
    }
    if (t == "await" || t == "yield") {
        unsupported(n, QString::fromLatin1(t.data(), qsizetype(t.size())),
                    QStringLiteral("generators and coroutines are not in the cuTile subset"));
        return;
    }
    if (t == "subscript") {
        const TSNode value = unparen(field(n, "value"));
        if (is(value, "attribute") && src.text(field(value, "attribute")) == QLatin1String("shape")) {
            const auto subs = fieldChildren(n, "subscript");
            const QStringList params = m_scope->paramsOf(field(value, "object"));
            if (subs.size() == 1 && is(subs.front(), "integer") && !params.isEmpty()) {
                const int i = src.text(subs.front()).toInt();
                for (const QString &p : params)
                    usage(p).minRank = std::max(usage(p).minRank, i + 1);
            }
        } else {
            for (const QString &p : m_scope->paramsOf(value))
                usage(p).listEvidence.append(QStringLiteral("%1: indexed with []").arg(where(n)));
        }
        for (TSNode ch : children(n))
            expression(ch, depth + 1);
        return;
    }
    if (t == "binary_operator") {
        const std::string_view op = operatorOf(n);
        const bool intContext = op == "//" || op == "%" || op == "<<" || op == ">>" || op == "&" || op == "|"
            || op == "^";
        const TSNode left = field(n, "left");
        const TSNode right = field(n, "right");
        const auto isFloat = [&](TSNode x) {
            x = unparen(x);
            if (is(x, "unary_operator"))
                x = unparen(field(x, "argument"));
            if (is(x, "float"))
                return true;
            if (is(x, "identifier") && m_scope->isModuleConstant(src.text(x)))
                return m_module.constants->value(src.text(x)).value.type == ConstantValue::Type::Float;
            return false;
        };
        const QString why = QStringLiteral("operand of '%1'").arg(QString::fromLatin1(op.data(), qsizetype(op.size())));
        scalarOperand(left, why, intContext, isFloat(right));
        scalarOperand(right, why, intContext, isFloat(left));
        expression(left, depth + 1);
        expression(right, depth + 1);
        return;
    }
    if (t == "comparison_operator" || t == "unary_operator") {
        for (TSNode ch : children(n)) {
            scalarOperand(ch, t == "unary_operator" ? QStringLiteral("operand of a unary operator")
                                                    : QStringLiteral("compared"), false, false);
            expression(ch, depth + 1);
        }
        return;
    }
    if (t == "identifier" || t == "integer" || t == "float" || t == "true" || t == "false" || t == "none"
        || t == "ERROR")
        return;
    for (TSNode ch : children(n))
        expression(is(ch, "keyword_argument") ? field(ch, "value") : ch, depth + 1);
}

void FunctionScanner::scalarOperand(TSNode operand, const QString &why, bool intContext, bool floatContext)
{
    for (const QString &p : m_scope->paramsOf(operand)) {
        ParamUsage &u = usage(p);
        u.scalarEvidence.append(QStringLiteral("%1: %2").arg(where(operand), why));
        u.intUse = u.intUse || intContext;
        u.floatUse = u.floatUse || floatContext;
    }
}

void FunctionScanner::attribute(TSNode n, int depth)
{
    using namespace node;
    const PythonSource &src = *m_module.source;
    const QString q = m_module.imports->resolve(src, n);
    if (q.startsWith(QLatin1String("cuda.tile."))) {
        const QString head = q.mid(10).section(QLatin1Char('.'), 0, 0);
        if (!CuTileApi::isExport(head))
            unsupported(n, QStringLiteral("unknown cuTile name"),
                        QStringLiteral("ct.%1 is not part of the cuTile Python 1.7 API").arg(head));
        return;
    }
    if (!q.isEmpty())
        return; // math.pi and other module attributes
    const QString attr = src.text(field(n, "attribute"));
    const TSNode obj = field(n, "object");
    for (const QString &p : m_scope->paramsOf(obj)) {
        ParamUsage &u = usage(p);
        if (attr == QLatin1String("shape") || attr == QLatin1String("strides") || attr == QLatin1String("ndim")) {
            u.arrayEvidence.append(QStringLiteral("%1: .%2 read").arg(where(n), attr));
            u.shapeRead = u.shapeRead || attr == QLatin1String("shape");
            u.stridesRead = u.stridesRead || attr == QLatin1String("strides");
        } else if (attr == QLatin1String("dtype")) {
            u.dtypeRead = true;
        }
    }
    expression(obj, depth + 1);
}

void FunctionScanner::call(TSNode n, int depth)
{
    using namespace node;
    const PythonSource &src = *m_module.source;
    const TSNode fn = field(n, "function");
    const TSNode args = field(n, "arguments");
    const auto scanArgs = [&]() {
        for (TSNode a : children(args))
            expression(is(a, "keyword_argument") ? field(a, "value") : a, depth + 1);
    };
    if (is(args, "generator_expression")) {
        unsupported(args, QStringLiteral("comprehension"),
                    QStringLiteral("comprehensions are not portable: cuTile Python only accepts tuple(... for x in "
                                   "ct.static_iter(...)) and the Rust DSL has no compile-time iteration"));
        return;
    }
    const QString q = m_module.imports->resolve(src, fn);
    if (q.startsWith(QLatin1String("cuda.tile."))) {
        const QString rest = q.mid(10);
        const CuTileApi::Function *f = rest.contains(QLatin1Char('.')) ? nullptr : CuTileApi::function(rest);
        const QString head = rest.section(QLatin1Char('.'), 0, 0);
        if (head == QLatin1String("tune") || head == QLatin1String("compilation") || (f && qstrcmp(f->category, "host") == 0))
            unsupported(n, QStringLiteral("host API in device code"),
                        QStringLiteral("ct.%1 runs on the host; it cannot be called from a kernel").arg(rest));
        else if (!f)
            unsupported(n, QStringLiteral("unknown cuTile call"),
                        QStringLiteral("ct.%1 is not part of the cuTile Python 1.7 API").arg(rest));
        else
            recordOp(n, rest, q, f->category, false, TSNode{}, f->shapeArg, f->shapeKeyword);
        if (rest == QLatin1String("static_assert")) {
            // Its message is Python that cuTile Python evaluates only on failure.
            const auto a = children(args);
            if (!a.empty())
                expression(is(a.front(), "keyword_argument") ? field(a.front(), "value") : a.front(), depth + 1);
            return;
        }
        scanArgs();
        return;
    }
    if (!q.isEmpty() && is(fn, "identifier") && m_module.importedHelpers && m_module.importedHelpers->contains(src.text(fn))) {
        // A helper of another module of the project: inlined from there.
        addSignature(QStringLiteral("call:") + src.text(fn));
        scanArgs();
        return;
    }
    if (!q.isEmpty()) {
        if (is(fn, "identifier"))
            unsupported(n, QStringLiteral("call to an imported function"),
                        QStringLiteral("'%1' comes from %2; its body is not in this file, so it cannot be analyzed "
                                       "or ported with the kernel").arg(src.text(fn), q));
        else
            unsupported(n, QStringLiteral("call to a host function"),
                        QStringLiteral("%1 is host Python; device code may call only cuTile operations, helpers "
                                       "defined in this file and a few builtins").arg(q));
        scanArgs();
        return;
    }
    if (is(fn, "identifier")) {
        const QString name = src.text(fn);
        if (m_scope->isParam(name) || m_scope->isLocal(name)) {
            unsupported(n, QStringLiteral("call through a variable"),
                        QStringLiteral("'%1' is a parameter or local, not a function of this file").arg(name));
        } else if (m_module.kernels && m_module.kernels->contains(name)) {
            unsupported(n, QStringLiteral("kernel called from device code"),
                        QStringLiteral("'%1' is a kernel; kernels run only through ct.launch").arg(name));
        } else if (m_module.functions && m_module.functions->contains(name)) {
            HelperCall hc;
            hc.callee = name;
            hc.function = m_name;
            hc.range = src.range(n);
            for (TSNode a : children(args)) {
                const bool kw = is(a, "keyword_argument");
                const TSNode v = kw ? field(a, "value") : a;
                hc.arguments.append(src.flatText(v));
                hc.keywords.append(kw ? src.text(field(a, "name")) : QString());
                hc.argumentParams.append(m_scope->paramsOf(v));
                hc.argumentConstant.append(m_scope->isConstant(v));
            }
            m_facts.calls.append(hc);
            addSignature(QStringLiteral("call:") + name);
        } else if (CuTileApi::isBuiltin(name)) {
            const bool range = name == QLatin1String("range");
            const bool minMax = name == QLatin1String("min") || name == QLatin1String("max");
            for (TSNode a : children(args)) {
                if (is(a, "keyword_argument"))
                    continue;
                if (range || minMax)
                    scalarOperand(a, QStringLiteral("%1() argument").arg(name), range, false);
                if (name == QLatin1String("len"))
                    for (const QString &p : m_scope->paramsOf(a))
                        usage(p).listEvidence.append(QStringLiteral("%1: len()").arg(where(n)));
            }
        } else if (isOtherBuiltin(name)) {
            unsupported(n, QStringLiteral("unsupported builtin"),
                        QStringLiteral("builtin '%1' is not implemented for tile code").arg(name));
        } else {
            unsupported(n, QStringLiteral("call to an undefined name"),
                        QStringLiteral("'%1' is not defined in this file, imported, or a builtin").arg(name));
        }
        scanArgs();
        return;
    }
    if (is(fn, "attribute")) {
        const TSNode obj = field(fn, "object");
        const QString m = src.text(field(fn, "attribute"));
        if (const CuTileApi::Function *f = CuTileApi::method(m)) {
            recordOp(n, m, QStringLiteral(".") + m, f->category, true, obj, f->shapeArg, f->shapeKeyword);
            if (m == QLatin1String("tiled_view") || m == QLatin1String("slice") || m == QLatin1String("get_raw_memory"))
                for (const QString &p : m_scope->paramsOf(obj)) {
                    usage(p).arrayEvidence.append(QStringLiteral("%1: .%2()").arg(where(n), m));
                    usage(p).loaded = true;
                    usage(p).rawMemory = usage(p).rawMemory || m == QLatin1String("get_raw_memory");
                }
            // A tiled view's tile shape has the array's rank.
            if (m == QLatin1String("tiled_view")) {
                TSNode shape = positional(n, 0);
                for (TSNode a : children(args))
                    if (is(a, "keyword_argument") && src.text(field(a, "name")) == QLatin1String("tile_shape"))
                        shape = field(a, "value");
                shape = unparen(shape);
                if (is(shape, "tuple"))
                    for (const QString &p : m_scope->paramsOf(obj)) {
                        usage(p).ranks.append(int(children(shape).size()));
                        usage(p).rankEvidence.append(QStringLiteral("%1: .tiled_view() tile shape").arg(where(n)));
                    }
            }
        } else if (m == QLatin1String("replace_hints")) {
            unsupported(n, QStringLiteral("host API in device code"),
                        QStringLiteral(".replace_hints() runs on the host; it cannot be called from a kernel"));
        } else {
            unsupported(n, QStringLiteral("unknown method"),
                        QStringLiteral("'.%1()' is not a method of a cuTile Array, Tile, TiledView or RawArrayMemory").arg(m));
        }
        expression(obj, depth + 1);
        scanArgs();
        return;
    }
    unsupported(n, QStringLiteral("indirect call"),
                QStringLiteral("the callee is an expression that cannot be resolved to a device function"));
    expression(fn, depth + 1);
    scanArgs();
}

void FunctionScanner::recordOp(TSNode call, const QString &name, const QString &qualified, const char *category,
                               bool method, TSNode receiver, int shapeArg, const char *shapeKeyword)
{
    using namespace node;
    const PythonSource &src = *m_module.source;
    OpUse op;
    op.name = name;
    op.qualified = qualified;
    op.callee = src.flatText(field(call, "function"));
    op.category = QString::fromLatin1(category);
    op.method = method;
    if (method)
        op.receiver = src.flatText(receiver);
    op.function = m_name;
    op.range = src.range(call);
    QString order;
    for (TSNode a : children(field(call, "arguments"))) {
        OpUse::Argument arg;
        if (is(a, "keyword_argument")) {
            arg.keyword = src.text(field(a, "name"));
            arg.text = src.flatText(field(a, "value"));
            if (arg.keyword == QLatin1String("order"))
                order = arg.text;
        } else if (is(a, "list_splat")) {
            arg.keyword = QStringLiteral("*");
            arg.text = src.flatText(a).mid(1);
        } else if (is(a, "dictionary_splat")) {
            arg.keyword = QStringLiteral("**");
            arg.text = src.flatText(a).mid(2);
        } else {
            arg.text = src.flatText(a);
        }
        arg.range = src.range(a);
        op.arguments.append(arg);
    }
    m_facts.ops.append(op);

    const QString cat = op.category;
    if (cat == QLatin1String("memory"))
        addSignature(QStringLiteral("memory:") + name + (order.isEmpty() ? QString() : QStringLiteral("[order=%1]").arg(order)));
    else if (cat == QLatin1String("mma") || cat == QLatin1String("reduce") || cat == QLatin1String("scan"))
        addSignature(cat + QLatin1Char(':') + name);
    else if (cat == QLatin1String("shape") && name != QLatin1String("reshape"))
        addSignature(QStringLiteral("shape_op:") + name);

    if (!method && (cat == QLatin1String("memory") || name == QLatin1String("num_tiles")))
        memoryEvidence(call, name);
    // An operand of a math or conversion function, or ct.full's fill value,
    // is a scalar or a tile, never an array: an unannotated parameter there
    // is a runtime scalar whose dtype its other uses decide.
    if (!method && (cat == QLatin1String("math") || cat == QLatin1String("convert") || name == QLatin1String("full"))) {
        int position = 0;
        for (TSNode a : children(field(call, "arguments"))) {
            const bool kw = is(a, "keyword_argument");
            const QString keyword = kw ? src.text(field(a, "name")) : QString();
            const bool operand = name == QLatin1String("full")
                ? (kw ? keyword == QLatin1String("fill_value") : position == 1)
                : (!kw || keyword == QLatin1String("x") || keyword == QLatin1String("y"));
            if (operand)
                scalarOperand(kw ? field(a, "value") : a, QStringLiteral("operand of ct.%1").arg(name), false, false);
            if (!kw)
                ++position;
        }
    }
    if (shapeArg >= 0) {
        TSNode shape = node::positional(call, shapeArg);
        for (TSNode a : children(field(call, "arguments")))
            if (is(a, "keyword_argument") && shapeKeyword && src.text(field(a, "name")) == QLatin1String(shapeKeyword))
                shape = field(a, "value");
        tileShape(call, name, shape, name == QLatin1String("arange"));
    }
}

} // namespace tileport::frontend
