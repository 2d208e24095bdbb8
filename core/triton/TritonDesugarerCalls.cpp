// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// Calls of the Triton -> cuTile rewrite: tl.* functions, methods, builtins.
#include "TritonDesugarer.h"

#include "SyntaxNode.h"

#include <QRegularExpression>

#include <algorithm>
#include <tuple>

namespace tileport::triton {

using namespace tileport::frontend;

namespace {

const QSet<QString> &unaryMath()
{
    static const QSet<QString> names{QStringLiteral("exp"), QStringLiteral("exp2"), QStringLiteral("log"),
                                     QStringLiteral("log2"), QStringLiteral("sqrt"), QStringLiteral("rsqrt"),
                                     QStringLiteral("sin"), QStringLiteral("cos"), QStringLiteral("tanh"),
                                     QStringLiteral("abs"), QStringLiteral("floor"), QStringLiteral("ceil")};
    return names;
}

} // namespace

TritonValue TritonDesugarer::call(TSNode n)
{
    const TSNode callee = node::field(n, "function");
    const QString lf = m_imports.languageFunction(m_src, callee);
    if (!lf.isEmpty()) {
        if (!m_kernel.ops.contains(lf))
            m_kernel.ops << lf;
        return languageCall(lf, n);
    }
    const QString resolved = m_imports.resolve(m_src, callee);
    if (resolved == QLatin1String("cdiv"))
        return languageCall(QStringLiteral("cdiv"), n);
    if (node::is(callee, "attribute")) {
        // A @triton.jit function of a project module (`tle.program_id(0)`).
        if (const auto def = m_jitFunctions.constFind(m_src.text(callee)); def != m_jitFunctions.constEnd())
            return inlineCall(*def, n);
        const QString method = m_src.text(node::field(callee, "attribute"));
        const TSNode obj = node::field(callee, "object");
        if (method == QLatin1String("to") || method == QLatin1String("cast")) { // x.cast(dt) is x.to(dt)
            TritonValue v = expr(obj);
            const QString dt = dtypeName(argument(n, 0, "dtype"));
            v.text = QStringLiteral("ct.astype(%1, %2)").arg(text(v, obj), dt);
            if (v.kind != TritonValue::Kind::Scalar)
                v.shape = shapeOf(v), v.kind = TritonValue::Kind::Tile;
            v.dtype = dt.endsWith(QLatin1String(".dtype")) ? QLatin1Char('@') + dt.section(QLatin1Char('.'), 0, 0) : dt;
            v.quotient.clear();
            return v;
        }
        if (method == QLatin1String("reshape") || method == QLatin1String("view")) // x.reshape(shape) is tl.reshape(x, shape)
            return reshapeTo(obj, shapeArguments(n, 0));
        if (TritonValue loaded; descriptorAccess(n, &loaded)) {
            if (method == QLatin1String("store"))
                fail(n, QStringLiteral("desc.store"), QStringLiteral("desc.store used as a value"));
            return loaded;
        }
        fail(n, QStringLiteral(".%1()").arg(method), QStringLiteral("method not mapped"));
    }
    if (node::is(callee, "identifier")) {
        const QString f = m_src.text(callee);
        if (const auto def = m_jitFunctions.constFind(f); def != m_jitFunctions.constEnd() && !m_env.contains(f))
            return inlineCall(*def, n);
        if (f == QLatin1String("float")) {
            const QString a = m_src.text(node::positional(n, 0)).remove(QLatin1Char('\'')).remove(QLatin1Char('"'));
            TritonValue v;
            v.kind = TritonValue::Kind::Scalar;
            v.text = QStringLiteral("float(\"%1\")").arg(a);
            return v;
        }
        if (f == QLatin1String("min") || f == QLatin1String("max")) {
            const TritonValue a = expr(node::positional(n, 0)), b = expr(node::positional(n, 1));
            if (a.kind == TritonValue::Kind::Scalar && b.kind == TritonValue::Kind::Scalar) {
                TritonValue v = a;
                v.text = QStringLiteral("%1(%2, %3)").arg(f, a.text, b.text);
                v.quotient.clear();
                return v;
            }
        }
        fail(n, QStringLiteral("call to %1()").arg(f),
             QStringLiteral("helper functions and builtins are not inlined by the Triton front-end"));
    }
    fail(n, QStringLiteral("call"), QStringLiteral("callee not mapped"));
}

// tl.reshape(x, shape) / x.reshape(shape): ct.reshape; a lifted kernel's
// 1-D result lives as (1, N).
QList<TSNode> TritonDesugarer::shapeArguments(TSNode n, int at) const
{
    QList<TSNode> dims;
    const TSNode sn = node::unparen(argument(n, at, "shape"));
    if (node::is(sn, "list") || node::is(sn, "tuple")) {
        for (TSNode d : node::children(sn))
            dims << d;
        return dims;
    }
    for (TSNode a : node::children(node::field(n, "arguments")))
        if (!node::is(a, "keyword_argument"))
            dims << a;
    return dims.mid(std::min<qsizetype>(at, dims.size()));
}

TritonValue TritonDesugarer::reshapeTo(TSNode xn, const QList<TSNode> &dims)
{
    TritonValue x = expr(xn);
    const QString xt = text(x, xn);
    QStringList shape;
    for (TSNode d : dims)
        shape << expr(d).text;
    if (shape.isEmpty())
        fail(xn, QStringLiteral("reshape"), QStringLiteral("a shape is expected"));
    x.rank = int(shape.size());
    if (m_lift && shape.size() == 1)
        shape.prepend(QStringLiteral("1"));
    x.shape = shape;
    x.kind = TritonValue::Kind::Tile;
    x.text = QStringLiteral("ct.reshape(%1, (%2%3))").arg(xt, shape.join(QStringLiteral(", ")), shape.size() == 1 ? QStringLiteral(",") : QString());
    return x;
}

// tl.atomic_*(ptr, val, mask=, sem=, scope=) and tl.atomic_cas(ptr, cmp,
// val): cuTile's lane atomics (ct.atomic_add(array, offsets, update, ...)),
// so the array is addressed flat, as a gather's; Triton's sem= and scope=
// become memory_order= and memory_scope=. The value is the old contents.
TritonValue TritonDesugarer::atomic(const QString &fn, TSNode n)
{
    static const QSet<QString> modes{QStringLiteral("add"), QStringLiteral("max"), QStringLiteral("min"), QStringLiteral("xchg"),
                                     QStringLiteral("and"), QStringLiteral("or"), QStringLiteral("xor"), QStringLiteral("cas")};
    const QString mode = fn.mid(7);
    if (!modes.contains(mode))
        fail(n, QStringLiteral("tl.%1").arg(fn), QStringLiteral("no cuTile atomic (ct.atomic_add/max/min/xchg/and/or/xor/cas) matches"));
    const TSNode pn = argument(n, 0, "pointer");
    const TritonValue ptr = expr(pn);
    if (ptr.kind != TritonValue::Kind::Pointer)
        fail(pn, QStringLiteral("tl.%1").arg(fn), QStringLiteral("the address is not a pointer into a kernel parameter"));
    if (!ptr.gather) {
        if (ptr.blockPointer)
            fail(pn, QStringLiteral("tl.%1").arg(fn), QStringLiteral("an atomic through a block pointer has no cuTile form"));
        toGather(ptr.array, Failure{n, QStringLiteral("tl.%1").arg(fn), QStringLiteral("atomics address lanes (ct.atomic_*)")});
    }
    const bool cas = mode == QLatin1String("cas");
    QStringList args{ptr.array, ptr.flat.isEmpty() ? QStringLiteral("0") : ptr.flat};
    TritonValue r;
    r.kind = TritonValue::Kind::Tile;
    r.dtype = QLatin1Char('@') + ptr.array;
    r.shape = ptr.shape;
    r.rank = ptr.rank;
    // Named lists: a conditional of two braced lists would leave the
    // loop reading a destroyed temporary array.
    static const std::initializer_list<const char *> casValues{"cmp", "val"}, rmwValues{"val"};
    for (const char *kw : cas ? casValues : rmwValues) {
        const TSNode vn = argument(n, cas && qstrcmp(kw, "val") == 0 ? 2 : 1, kw);
        if (node::isNull(vn))
            fail(n, QStringLiteral("tl.%1").arg(fn), QStringLiteral("no %1= value").arg(QLatin1String(kw)));
        const TritonValue v = expr(vn);
        QString t = text(v, vn);
        if (v.dtype.startsWith(QLatin1String("ct.")) && v.kind != TritonValue::Kind::Scalar)
            t = QStringLiteral("ct.astype(%1, %2.dtype)").arg(t, ptr.array);
        r.shape = broadcastShape(r.shape, shapeOf(v));
        args << t;
    }
    if (!cas) {
        int rank = r.rank;
        const QString mask = gatherMask(argument(n, 2, "mask"), r.shape, rank);
        if (!mask.isEmpty())
            args << QStringLiteral("mask=%1").arg(mask);
    }
    static const QHash<QString, QString> orders{{QStringLiteral("relaxed"), QStringLiteral("RELAXED")},
                                                {QStringLiteral("acquire"), QStringLiteral("ACQUIRE")},
                                                {QStringLiteral("release"), QStringLiteral("RELEASE")},
                                                {QStringLiteral("acq_rel"), QStringLiteral("ACQ_REL")}};
    static const QHash<QString, QString> scopes{{QStringLiteral("cta"), QStringLiteral("BLOCK")},
                                                {QStringLiteral("gpu"), QStringLiteral("DEVICE")},
                                                {QStringLiteral("sys"), QStringLiteral("SYS")}};
    for (const auto &[kw, table, cuName, enumName] :
         {std::tuple{"sem", &orders, "memory_order", "MemoryOrder"}, std::tuple{"scope", &scopes, "memory_scope", "MemoryScope"}}) {
        const TSNode a = argument(n, 99, kw);
        if (node::isNull(a))
            continue;
        const QString v = m_src.text(a).remove(QLatin1Char('"')).remove(QLatin1Char('\''));
        if (!table->contains(v))
            fail(a, QStringLiteral("tl.%1 %2=").arg(fn, QLatin1String(kw)), QStringLiteral("'%1' has no cuTile counterpart").arg(v));
        args << QStringLiteral("%1=ct.%2.%3").arg(QLatin1String(cuName), QLatin1String(enumName), table->value(v));
    }
    r.text = QStringLiteral("ct.atomic_%1(%2)").arg(mode, args.join(QStringLiteral(", ")));
    m_kernel.notes << QStringLiteral("tl.%1 at line %2: ct.atomic_%3 on '%4' (lanes)").arg(fn).arg(m_src.range(n).line).arg(mode, ptr.array);
    return r;
}

// A call to a @triton.jit helper, inlined as Triton inlines it: the
// arguments bound to its parameters (pointers, offsets and masks stay
// symbolic, computed tiles and scalars get a variable), its body desugared
// in place with its locals prefixed, its last `return` the call's value.
TritonValue TritonDesugarer::inlineCall(TSNode def, TSNode n, QList<TritonValue> *items)
{
    constexpr int kMaxInlineDepth = 8;
    const QString fn = m_src.text(node::field(def, "name"));
    if (m_inlineDepth >= kMaxInlineDepth)
        fail(n, QStringLiteral("call to %1()").arg(fn),
             QStringLiteral("helpers nested more than %1 deep (recursion) are not inlined").arg(kMaxInlineDepth));
    const QString prefix = QStringLiteral("%1_%2_").arg(fn).arg(++m_inlined);
    QList<TSNode> positional;
    for (TSNode a : node::children(node::field(n, "arguments")))
        if (!node::is(a, "keyword_argument"))
            positional << a;
    QHash<QString, TritonValue> bound;
    // A parameter the helper re-binds inside a branch or a loop is carried
    // there: it gets a variable even where its argument is a plain name.
    const QSet<QString> rebound = reboundInBlocks(node::field(def, "body"));
    int i = 0;
    for (TSNode p : node::children(node::field(def, "parameters"))) {
        TSNode nameNode = p, fallback{};
        if (node::is(p, "typed_parameter"))
            nameNode = firstNamed(p);
        else if (node::is(p, "default_parameter") || node::is(p, "typed_default_parameter"))
            nameNode = node::field(p, "name"), fallback = node::field(p, "value");
        else if (!node::is(p, "identifier"))
            fail(p, QStringLiteral("helper parameter"), QStringLiteral("variadic or keyword-only helper parameters are not inlined"));
        const QString name = m_src.text(nameNode);
        TSNode a = argument(n, 1000, name.toUtf8().constData());
        if (node::isNull(a))
            a = i < positional.size() ? positional[i] : fallback;
        ++i;
        if (node::isNull(a))
            fail(n, QStringLiteral("call to %1()").arg(fn), QStringLiteral("no argument for its parameter '%1'").arg(name));
        TritonValue v = expr(a);
        static const QRegularExpression plain(QStringLiteral("^(-?[0-9.]+(e-?[0-9]+)?|[A-Za-z_][A-Za-z_0-9]*)$"));
        if ((v.kind == TritonValue::Kind::Scalar || v.kind == TritonValue::Kind::Tile)
            && (!plain.match(v.text).hasMatch() || rebound.contains(name))) {
            emit(QStringLiteral("%1%2 = %3").arg(prefix, name, v.text), a);
            v.text = prefix + name;
            v.quotient.clear();
        }
        bound.insert(name, v);
    }
    if (i < positional.size())
        fail(n, QStringLiteral("call to %1()").arg(fn), QStringLiteral("more arguments than parameters"));
    const QHash<QString, TritonValue> env = m_env;
    const QString outerPrefix = m_prefix;
    const TSNode outerBody = m_helperBody;
    const bool outerReturned = m_returned;
    const TritonValue outerValue = m_returnValue;
    const QList<TritonValue> outerItems = m_returnItems;
    m_env = bound;
    m_prefix = prefix;
    m_helperBody = node::field(def, "body");
    m_returned = false;
    m_returnValue = TritonValue{};
    m_returnItems.clear();
    ++m_inlineDepth;
    const qsizetype issues = m_kernel.unsupported.size();
    block(m_helperBody);
    --m_inlineDepth;
    TritonValue result = m_returnValue;
    const QList<TritonValue> resultItems = m_returnItems;
    m_returnItems = outerItems;
    m_env = env;
    m_prefix = outerPrefix;
    m_helperBody = outerBody;
    m_returned = outerReturned;
    m_returnValue = outerValue;
    if (m_kernel.unsupported.size() != issues)
        fail(n, {}, {}); // reported inside the helper, at its line
    const QString note = QStringLiteral("@triton.jit helper %1() inlined at line %2").arg(fn).arg(m_src.range(n).line);
    if (!m_kernel.notes.contains(note))
        m_kernel.notes << note;
    if (!resultItems.isEmpty()) {
        if (!items)
            fail(n, QStringLiteral("call to %1()").arg(fn),
                 QStringLiteral("it returns %1 values; only a tuple assignment (`a, b = %2(...)`) unpacks them").arg(resultItems.size()).arg(fn));
        *items = resultItems;
    }
    return result;
}

// tl.split(x): x's last axis has two lanes; each half is ct.extract of a
// (..., 1) sub-tile reshaped to x's shape without that axis. x is held in a
// variable so it is computed once.
QList<TritonValue> TritonDesugarer::splitTile(TSNode n)
{
    const TSNode xn = argument(n, 0, "a");
    if (node::isNull(xn))
        fail(n, QStringLiteral("tl.split"), QStringLiteral("one tile argument expected"));
    const TritonValue x = expr(xn);
    const QStringList shape = shapeOf(x);
    const int rank = x.rank > 0 ? x.rank : int(shape.size());
    if (x.kind == TritonValue::Kind::Scalar || rank < 2 || shape.size() != rank)
        fail(n, QStringLiteral("tl.split"), QStringLiteral("a tile of rank 2 or more is expected (splitting a 1-D pair into scalars is not mapped)"));
    if (shape.last() != QLatin1String("2"))
        fail(n, QStringLiteral("tl.split"), QStringLiteral("the last axis must have 2 lanes (it has %1)").arg(shape.last()));
    int line = 0, col = 0;
    m_src.position(ts_node_start_byte(n), line, col);
    static const QRegularExpression name(QStringLiteral("^[A-Za-z_][A-Za-z_0-9]*$"));
    QString held = text(x, xn);
    if (!name.match(held).hasMatch()) {
        held = local(QStringLiteral("split_%1_%2").arg(line).arg(col));
        emit(QStringLiteral("%1 = %2").arg(held, text(x, xn)), n);
    }
    QStringList part = shape;
    part.last() = QStringLiteral("1");
    QStringList out = shape.mid(0, shape.size() - 1);
    QStringList physical = out;
    if (m_lift && physical.size() == 1)
        physical.prepend(QStringLiteral("1"));
    const auto tuple = [](const QStringList &l) {
        return QStringLiteral("(%1%2)").arg(l.join(QStringLiteral(", ")), l.size() == 1 ? QStringLiteral(",") : QString());
    };
    QList<TritonValue> halves;
    for (int k = 0; k < 2; ++k) {
        QStringList index(shape.size(), QStringLiteral("0"));
        index.last() = QString::number(k);
        TritonValue h;
        h.kind = TritonValue::Kind::Tile;
        h.dtype = x.dtype;
        h.rank = rank - 1;
        h.shape = physical;
        h.text = QStringLiteral("ct.reshape(ct.extract(%1, %2, shape=%3), %4)").arg(held, tuple(index), tuple(part), tuple(physical));
        halves << h;
    }
    return halves;
}

// tl.join(a, b): a new last axis of 2 lanes holding a and b, as ct.cat of
// the two reshaped to (..., 1). Both must have one shape (Triton would
// broadcast them first: not mapped).
TritonValue TritonDesugarer::joinTiles(TSNode n)
{
    const TSNode an = argument(n, 0, "a"), bn = argument(n, 1, "b");
    if (node::isNull(an) || node::isNull(bn))
        fail(n, QStringLiteral("tl.join"), QStringLiteral("two tile arguments expected"));
    const TritonValue a = expr(an), b = expr(bn);
    if (a.kind == TritonValue::Kind::Scalar || b.kind == TritonValue::Kind::Scalar)
        fail(n, QStringLiteral("tl.join"), QStringLiteral("joining scalars is not mapped"));
    const QStringList sa = shapeOf(a), sb = shapeOf(b);
    if (sa != sb || a.rank != b.rank || sa.isEmpty())
        fail(n, QStringLiteral("tl.join"), QStringLiteral("the two tiles must have one shape (broadcasting them is not mapped)"));
    QStringList logical = sa;
    if (m_lift && a.rank == 1 && logical.size() == 2)
        logical.removeFirst();
    if (logical.size() != qMax(a.rank, 1))
        fail(n, QStringLiteral("tl.join"), QStringLiteral("the tiles' shape is not known"));
    const QString part = QStringLiteral("(%1, 1)").arg(logical.join(QStringLiteral(", ")));
    TritonValue r;
    r.kind = TritonValue::Kind::Tile;
    r.dtype = a.dtype == b.dtype ? a.dtype : QString();
    r.rank = int(logical.size()) + 1;
    r.shape = logical;
    r.shape << QStringLiteral("2");
    r.text = QStringLiteral("ct.cat((ct.reshape(%1, %2), ct.reshape(%3, %2)), %4)")
                 .arg(text(a, an), part, text(b, bn)).arg(logical.size());
    return r;
}

// A module-level constant used in a kernel: `NAME = 3`, `NAME = -1.5`,
// `NAME = tl.constexpr(2)`, `NAME: tl.constexpr = True`: its literal value.
bool TritonDesugarer::moduleConstant(const QString &name, TritonValue *value)
{
    TSNode v = m_moduleValues.value(name);
    if (node::isNull(v))
        return false;
    v = node::unparen(v);
    if (node::is(v, "call")) {
        const QString f = m_imports.languageFunction(m_src, node::field(v, "function"));
        if (f != QLatin1String("constexpr"))
            return false;
        v = node::unparen(node::positional(v, 0));
    }
    TSNode lit = node::is(v, "unary_operator") ? node::field(v, "argument") : v;
    if (!node::is(lit, "integer") && !node::is(lit, "float") && !node::is(lit, "true") && !node::is(lit, "false"))
        return false;
    value->kind = TritonValue::Kind::Scalar;
    value->text = m_src.text(v).remove(QLatin1Char(' '));
    value->isInt = node::is(lit, "integer");
    if (!m_kernel.notes.contains(QStringLiteral("module constant %1 = %2 substituted").arg(name, value->text)))
        m_kernel.notes << QStringLiteral("module constant %1 = %2 substituted").arg(name, value->text);
    return true;
}

TritonValue TritonDesugarer::reduce(const QString &fn, TSNode n)
{
    const TSNode xn = argument(n, 0, "input");
    const TritonValue x = expr(xn);
    TritonValue r;
    r.kind = TritonValue::Kind::Tile;
    r.dtype = x.dtype;
    const QString xt = text(x, xn);
    const int rank = x.kind == TritonValue::Kind::Offsets ? x.rank : x.rank;
    const TSNode an = argument(n, 1, "axis");
    int axis = 0;
    if (!node::isNull(an) && !node::is(an, "none")) {
        bool ok = false;
        axis = m_src.text(an).toInt(&ok);
        if (!ok || axis < 0 || axis >= qMax(rank, 1))
            fail(an, QStringLiteral("tl.%1 axis").arg(fn), QStringLiteral("the axis must be a literal within the tile's rank"));
    }
    const TSNode kd = argument(n, 2, "keep_dims");
    const bool keep = !node::isNull(kd) && m_src.text(kd) == QLatin1String("True");
    if ((node::isNull(an) || node::is(an, "none")) && rank > 1) {
        // Every axis at once (cuTile's axis=None): a rank-0 result, or
        // all-1 dims with keep_dims.
        const QStringList shape = shapeOf(x);
        r.shape = keep || m_lift ? QStringList(shape.size(), QStringLiteral("1")) : QStringList{};
        r.rank = keep ? rank : 0;
        if (m_lift && !keep && shape.size() != 2) {
            r.text = QStringLiteral("ct.reshape(ct.%1(%2), (1, 1))").arg(fn, xt);
            r.shape = {QStringLiteral("1"), QStringLiteral("1")};
        } else {
            r.text = QStringLiteral("ct.%1(%2%3)").arg(fn, xt, keep || m_lift ? QStringLiteral(", keepdims=True") : QString());
        }
        return r;
    }
    if (m_lift && rank == 1) {
        r.text = QStringLiteral("ct.%1(%2, axis=1, keepdims=True)").arg(fn, xt);
        r.shape = {QStringLiteral("1"), QStringLiteral("1")};
        r.rank = keep ? 1 : 0;
        return r;
    }
    const QStringList shape = shapeOf(x);
    r.text = QStringLiteral("ct.%1(%2, axis=%3%4)").arg(fn, xt).arg(axis).arg(keep ? QStringLiteral(", keepdims=True") : QString());
    r.shape = shape;
    if (keep)
        r.shape[axis] = QStringLiteral("1");
    else
        r.shape.removeAt(axis);
    r.rank = keep ? rank : rank - 1;
    return r;
}

TritonValue TritonDesugarer::languageCall(const QString &fn, TSNode n)
{
    TritonValue v;
    v.kind = TritonValue::Kind::Tile;
    const auto scalarOf = [&](const QString &cuName) {
        const TSNode a = argument(n, 0, "axis");
        const TritonValue ax = expr(a);
        TritonValue s;
        s.kind = TritonValue::Kind::Scalar;
        s.isInt = true;
        s.text = QStringLiteral("%1(%2)").arg(cuName, ax.text);
        return s;
    };
    if (fn == QLatin1String("program_id"))
        return scalarOf(QStringLiteral("ct.bid"));
    // tl.constexpr(x): x, marked compile-time; the value is what matters here.
    if (fn == QLatin1String("constexpr")) {
        const TSNode xn = node::positional(n, 0);
        if (node::isNull(xn))
            fail(n, QStringLiteral("tl.constexpr()"), QStringLiteral("one argument expected"));
        return expr(xn);
    }
    static const QRegularExpression dtypeNames(QStringLiteral("^(float(16|32|64)|bfloat16|u?int(8|16|32|64)|int1)$"));
    if (dtypeNames.match(fn).hasMatch()) {
        // tl.float32(x), tl.int64(x): a value of that type.
        const TritonValue dt = expr(node::field(n, "function"));
        if (dt.kind == TritonValue::Kind::Dtype) {
            const TSNode xn = node::positional(n, 0);
            if (node::isNull(xn))
                fail(n, QStringLiteral("tl.%1()").arg(fn), QStringLiteral("one argument expected"));
            TritonValue x = expr(xn);
            // A literal keeps its text: cuTile types it where it meets a tile.
            static const QRegularExpression literal(QStringLiteral("^\\(?-?([0-9.]+(e-?[0-9]+)?|float\\(\"-?(inf|nan)\"\\))\\)?$"));
            if (x.kind == TritonValue::Kind::Scalar && literal.match(x.text.remove(QLatin1Char(' '))).hasMatch())
                return x;
            x.text = QStringLiteral("ct.astype(%1, %2)").arg(text(x, xn), dt.text);
            if (x.kind != TritonValue::Kind::Scalar)
                x.shape = shapeOf(x), x.kind = TritonValue::Kind::Tile;
            x.dtype = dt.text;
            x.isInt = dt.text.contains(QLatin1String("int"));
            x.quotient.clear();
            return x;
        }
    }
    if (fn == QLatin1String("num_programs"))
        return scalarOf(QStringLiteral("ct.num_blocks"));
    if (fn == QLatin1String("arange")) {
        const TritonValue s = expr(argument(n, 0, "start")), e = expr(argument(n, 1, "end"));
        if (s.text != QLatin1String("0"))
            fail(n, QStringLiteral("tl.arange"), QStringLiteral("only tl.arange(0, N) is mapped (a tile of N lanes)"));
        v.kind = TritonValue::Kind::Offsets;
        v.offIndex = QStringLiteral("0");
        v.offSize = e.text;
        v.rank = 1;
        v.dtype = QStringLiteral("ct.int32");
        return v;
    }
    if (fn == QLatin1String("load"))
        return load(n);
    if (fn == QLatin1String("make_block_ptr"))
        return makeBlockPointer(n);
    if (fn == QLatin1String("advance")) {
        TritonValue p = expr(argument(n, 0, "base"));
        if (p.kind != TritonValue::Kind::Pointer)
            fail(n, QStringLiteral("tl.advance"), QStringLiteral("the base is not a block pointer"));
        const QList<int> steps = advanceSteps(p, argument(n, 1, "offsets"), true);
        p.dims = resolveDims(p, n);
        p.blockPointer = true;
        for (int d = 0; d < p.dims.size(); ++d)
            if (steps.value(d))
                p.dims[d].index = QStringLiteral("%1 + %2").arg(p.dims[d].index).arg(steps[d]);
        return p;
    }
    if (fn == QLatin1String("multiple_of") || fn == QLatin1String("max_contiguous") || fn == QLatin1String("max_constancy"))
        return expr(argument(n, 0, "input"));
    if (fn == QLatin1String("cdiv")) {
        TritonValue s;
        s.kind = TritonValue::Kind::Scalar;
        s.isInt = true;
        QStringList parts;
        const TSNode an = node::positional(n, 0), bn = node::positional(n, 1);
        if (node::isNull(an) || node::isNull(bn))
            fail(n, QStringLiteral("cdiv"), QStringLiteral("two positional operands expected"));
        if (const TritonValue a = expr(an), b = expr(bn); a.kind != TritonValue::Kind::Scalar || b.kind != TritonValue::Kind::Scalar) {
            // Of a tile (a loaded length, a block of them): Triton's own
            // definition, (x + div - 1) // div, element-wise.
            TritonValue one;
            one.kind = TritonValue::Kind::Scalar;
            one.isInt = true;
            one.text = QStringLiteral("1");
            const TritonValue top = combine(QStringLiteral("-"), combine(QStringLiteral("+"), a, b, an, bn, n), one, n, bn, n);
            return combine(QStringLiteral("//"), top, b, n, bn, n);
        }
        for (int i = 0; i < 2; ++i) {
            const TSNode a = node::positional(n, i);
            const TritonValue x = expr(a);
            if (node::is(a, "identifier") && x.text == m_src.text(a))
                m_intParams.insert(x.text);
            parts << x.text;
        }
        s.text = QStringLiteral("ct.cdiv(%1, %2)").arg(parts[0], parts[1]);
        return s;
    }
    if (fn == QLatin1String("zeros") || fn == QLatin1String("full")) {
        const TSNode sn = node::unparen(argument(n, 0, "shape"));
        QStringList shape;
        if (node::is(sn, "list") || node::is(sn, "tuple")) {
            for (TSNode d : node::children(sn))
                shape << expr(d).text;
        } else if (node::is(sn, "attribute") && m_src.text(node::field(sn, "attribute")) == QLatin1String("shape")) {
            // tl.zeros(x.shape, ...): the tile x's (logical) shape.
            const TritonValue like = expr(node::field(sn, "object"));
            shape = shapeOf(like);
            if (like.kind == TritonValue::Kind::Scalar || shape.isEmpty())
                fail(sn, QStringLiteral("x.shape"), QStringLiteral("the shape of a scalar or of an unknown tile is not mapped"));
            if (m_lift && like.rank == 1 && shape.size() == 2)
                shape.removeFirst();
            if (shape.size() != qMax(like.rank, 1))
                fail(sn, QStringLiteral("x.shape"), QStringLiteral("the tile's shape is not known"));
        } else {
            shape << expr(sn).text;
        }
        if (shape.isEmpty()) {
            // tl.zeros(()) / tl.full((), v): a 0-d fp32 or int32 tensor is
            // that Triton scalar (an accumulator of full reductions stays one).
            const QString dt = dtypeName(argument(n, fn == QLatin1String("zeros") ? 1 : 2, "dtype"));
            if (dt != QLatin1String("ct.float32") && dt != QLatin1String("ct.int32"))
                fail(n, QStringLiteral("tl.%1(())").arg(fn), QStringLiteral("a 0-d tile of %1 is not mapped (fp32 and int32 are)").arg(dt));
            const TritonValue filled = fn == QLatin1String("zeros") ? TritonValue{} : expr(argument(n, 1, "value"));
            const QString value = fn == QLatin1String("zeros") ? QStringLiteral("0") : filled.text;
            static const QRegularExpression literal(QStringLiteral("^\\(?-?([0-9.]+(e-?[0-9]+)?|float\\(\"-?(inf|nan)\"\\))\\)?$"));
            if (!literal.match(value).hasMatch()) {
                // A run-time scalar (`tl.full((), eps, tl.float32)`): that
                // value converted to the 0-d tensor's type, a Triton scalar.
                if (filled.kind != TritonValue::Kind::Scalar)
                    fail(n, QStringLiteral("tl.%1(())").arg(fn), QStringLiteral("the fill value is not a scalar"));
                TritonValue s;
                s.kind = TritonValue::Kind::Scalar;
                s.isInt = dt == QLatin1String("ct.int32");
                s.text = QStringLiteral("ct.astype(%1, %2)").arg(value, dt);
                s.dtype = dt;
                return s;
            }
            TritonValue s;
            s.kind = TritonValue::Kind::Scalar;
            s.isInt = dt == QLatin1String("ct.int32");
            const bool isFloatText = value.contains(QLatin1Char('.')) || value.contains(QLatin1Char('e')) || value.contains(QLatin1String("float"));
            s.text = s.isInt ? value : (isFloatText ? value : value + QStringLiteral(".0"));
            if (s.isInt && isFloatText)
                fail(n, QStringLiteral("tl.%1(())").arg(fn), QStringLiteral("a float fill of an int32 tile is not mapped"));
            s.dtype = dt;
            return s;
        }
        v.rank = int(shape.size());
        if (m_lift && shape.size() == 1)
            shape.prepend(QStringLiteral("1"));
        v.shape = shape;
        const QString dt = dtypeName(argument(n, fn == QLatin1String("zeros") ? 1 : 2, "dtype"));
        v.dtype = dt;
        const QString sh = QStringLiteral("(%1%2)").arg(shape.join(QStringLiteral(", ")), shape.size() == 1 ? QStringLiteral(",") : QString());
        if (fn == QLatin1String("zeros"))
            v.text = QStringLiteral("ct.zeros(%1, %2)").arg(sh, dt);
        else
            v.text = QStringLiteral("ct.full(%1, %2, %3)").arg(sh, expr(argument(n, 1, "value")).text, dt);
        return v;
    }
    if (fn == QLatin1String("dot")) {
        const TSNode an = argument(n, 0, "input"), bn = argument(n, 1, "other"), cn = argument(n, 2, "acc");
        const TritonValue a = expr(an), b = expr(bn);
        if (a.shape.size() != 2 || b.shape.size() != 2)
            fail(n, QStringLiteral("tl.dot"), QStringLiteral("only rank-2 operands are mapped"));
        for (const char *kw : {"allow_tf32", "input_precision", "out_dtype", "max_num_imprecise_acc"})
            if (!node::isNull(argument(n, 99, kw)))
                m_kernel.notes << QStringLiteral("tl.dot %1= is not carried over (line %2)").arg(QLatin1String(kw)).arg(m_src.range(n).line);
        v.shape = {a.shape[0], b.shape[1]};
        v.rank = 2;
        v.dtype = QStringLiteral("ct.float32");
        const QString acc = node::isNull(cn) ? QStringLiteral("ct.zeros((%1, %2), ct.float32)").arg(v.shape[0], v.shape[1])
                                             : text(expr(cn), cn);
        v.text = QStringLiteral("ct.mma(%1, %2, %3)").arg(text(a, an), text(b, bn), acc);
        return v;
    }
    if (fn == QLatin1String("sum") || fn == QLatin1String("max") || fn == QLatin1String("min"))
        return reduce(fn, n);
    if (fn == QLatin1String("cumsum")) {
        // An inclusive scan along an axis: ct.cumsum; a lifted 1-D tile scans axis 1.
        const TSNode xn = argument(n, 0, "input");
        TritonValue x = expr(xn);
        const QString xt = text(x, xn);
        int axis = 0;
        if (const TSNode an = argument(n, 1, "axis"); !node::isNull(an)) {
            bool ok = false;
            axis = m_src.text(an).toInt(&ok);
            if (!ok || axis < 0 || axis >= qMax(x.rank, 1))
                fail(an, QStringLiteral("tl.cumsum axis"), QStringLiteral("the axis must be a literal within the tile's rank"));
        }
        const TSNode rn = argument(n, 2, "reverse");
        const bool reverse = !node::isNull(rn) && m_src.text(rn) == QLatin1String("True");
        x.shape = shapeOf(x);
        x.kind = TritonValue::Kind::Tile;
        const QString opts = reverse ? QStringLiteral(", reverse=True") : QString();
        if (m_lift && x.rank == 1 && x.shape.size() == 2) // a lifted (1, N) tile scans as (N,): cutile scans dim 0
            x.text = QStringLiteral("ct.reshape(ct.cumsum(ct.reshape(%1, (%2,)), axis=0%3), (1, %2))").arg(xt, x.shape[1], opts);
        else
            x.text = QStringLiteral("ct.cumsum(%1, axis=%2%3)").arg(xt).arg(axis).arg(opts);
        return x;
    }
    if (fn == QLatin1String("reshape") || fn == QLatin1String("view"))
        return reshapeTo(argument(n, 0, "input"), shapeArguments(n, 1));
    if (unaryMath().contains(fn) || fn == QLatin1String("sigmoid")) {
        const TSNode xn = argument(n, 0, "x");
        TritonValue x = expr(xn);
        const QString xt = text(x, xn);
        x.shape = shapeOf(x);
        if (x.kind != TritonValue::Kind::Scalar)
            x.kind = TritonValue::Kind::Tile;
        x.text = fn == QLatin1String("sigmoid") ? QStringLiteral("(1.0 / (1.0 + ct.exp(-%1)))").arg(xt)
                                                 : QStringLiteral("ct.%1(%2)").arg(fn, xt);
        x.quotient.clear();
        return x;
    }
    if (fn == QLatin1String("erf")) {
        // cuTile has no erf: a rational approximation in float32
        // (erfHelper), within 1.5e-7 of it; a note says so.
        const TSNode xn = argument(n, 0, "x");
        TritonValue x = expr(xn);
        QString xt = text(x, xn);
        if (!x.dtype.isEmpty() && x.dtype != QLatin1String("ct.float32"))
            xt = QStringLiteral("ct.astype(%1, ct.float32)").arg(xt);
        x.shape = shapeOf(x);
        if (x.kind != TritonValue::Kind::Scalar)
            x.kind = TritonValue::Kind::Tile;
        x.dtype = QStringLiteral("ct.float32");
        x.text = QStringLiteral("%1(%2)").arg(erfHelperName(), xt);
        x.quotient.clear();
        x.multipleOf.clear();
        m_kernel.notes << QStringLiteral("tl.erf at line %1: cuTile has no erf; %2 computes it in float32 within 1.5e-7 "
                                         "(Abramowitz and Stegun 7.1.26)").arg(m_src.range(n).line).arg(erfHelperName());
        return x;
    }
    if (fn == QLatin1String("pow")) {
        // tl.pow / libdevice pow: ct.pow, element-wise with Python's broadcast.
        const TSNode an = argument(n, 0, "x"), bn = argument(n, 1, "y");
        if (node::isNull(an) || node::isNull(bn))
            fail(n, QStringLiteral("tl.pow"), QStringLiteral("a base and an exponent are expected"));
        const TritonValue a = expr(an), b = expr(bn);
        if (a.kind == TritonValue::Kind::Scalar && b.kind == TritonValue::Kind::Scalar)
            fail(n, QStringLiteral("tl.pow"), QStringLiteral("of two scalars is not mapped (cuTile's ct.pow takes a tile)"));
        TritonValue r = tileOp(QStringLiteral(","), a, b, false);
        r.text = QStringLiteral("ct.pow(%1, %2)").arg(text(a, an), text(b, bn));
        r.rank = qMax(a.kind == TritonValue::Kind::Scalar ? 0 : a.rank, b.kind == TritonValue::Kind::Scalar ? 0 : b.rank);
        return r;
    }
    if (fn == QLatin1String("zeros_like") || fn == QLatin1String("full_like")) {
        // A tile of x's shape and dtype (or the dtype= given).
        const TSNode xn = argument(n, 0, "input");
        const TritonValue x = expr(xn);
        if (x.kind == TritonValue::Kind::Scalar || x.kind == TritonValue::Kind::Pointer)
            fail(xn, QStringLiteral("tl.%1").arg(fn), QStringLiteral("the argument must be a tile"));
        const bool zeros = fn == QLatin1String("zeros_like");
        const TSNode dn = argument(n, zeros ? 1 : 2, "dtype");
        QString dt = node::isNull(dn) || node::is(dn, "none") ? x.dtype : dtypeName(dn);
        if (dt.startsWith(QLatin1Char('@')))
            dt = dt.mid(1) + QStringLiteral(".dtype");
        if (dt.isEmpty())
            fail(n, QStringLiteral("tl.%1").arg(fn), QStringLiteral("the tile's dtype is not known; give dtype="));
        TritonValue r;
        r.kind = TritonValue::Kind::Tile;
        r.shape = shapeOf(x);
        r.rank = x.rank;
        r.dtype = dt.endsWith(QLatin1String(".dtype")) ? QLatin1Char('@') + dt.section(QLatin1Char('.'), 0, 0) : dt;
        const QString sh = QStringLiteral("(%1%2)").arg(r.shape.join(QStringLiteral(", ")), r.shape.size() == 1 ? QStringLiteral(",") : QString());
        r.text = zeros ? QStringLiteral("ct.zeros(%1, %2)").arg(sh, dt)
                       : QStringLiteral("ct.full(%1, %2, %3)").arg(sh, expr(argument(n, 1, "value")).text, dt);
        return r;
    }
    if (fn == QLatin1String("broadcast_to")) {
        const TSNode xn = argument(n, 0, "input");
        TritonValue x = expr(xn);
        QStringList shape;
        for (TSNode d : shapeArguments(n, 1))
            shape << expr(d).text;
        if (shape.isEmpty())
            fail(n, QStringLiteral("tl.broadcast_to"), QStringLiteral("a shape is expected"));
        const QString xt = text(x, xn);
        x.kind = TritonValue::Kind::Tile;
        x.rank = int(shape.size());
        if (m_lift && shape.size() == 1)
            shape.prepend(QStringLiteral("1"));
        x.shape = shape;
        x.text = QStringLiteral("ct.broadcast_to(%1, (%2%3))").arg(xt, shape.join(QStringLiteral(", ")), shape.size() == 1 ? QStringLiteral(",") : QString());
        x.quotient.clear();
        x.multipleOf.clear();
        return x;
    }
    if (fn == QLatin1String("clamp")) {
        // tl.clamp(x, lo, hi) on a tile: max then min, what Triton computes
        // for lo <= hi (it leaves lo > hi undefined); NaN handling other than
        // its default is not mapped.
        const TSNode xn = argument(n, 0, "x"), lon = argument(n, 1, "min"), hin = argument(n, 2, "max");
        if (node::isNull(xn) || node::isNull(lon) || node::isNull(hin))
            fail(n, QStringLiteral("tl.clamp"), QStringLiteral("needs x, min and max"));
        const TSNode nan = argument(n, 3, "propagate_nan");
        if (!node::isNull(nan) && !m_src.text(nan).endsWith(QLatin1String("NONE")))
            fail(nan, QStringLiteral("tl.clamp propagate_nan"), QStringLiteral("only the default (PropagateNan.NONE) is mapped"));
        TritonValue x = expr(xn);
        if (x.kind == TritonValue::Kind::Scalar)
            fail(xn, QStringLiteral("tl.clamp"), QStringLiteral("a scalar x is not mapped; clamp a tile"));
        const TritonValue lo = expr(lon), hi = expr(hin);
        x.shape = shapeOf(x);
        x.kind = TritonValue::Kind::Tile;
        x.text = QStringLiteral("ct.minimum(ct.maximum(%1, %2), %3)").arg(text(x, xn), text(lo, lon), text(hi, hin));
        x.quotient.clear();
        x.multipleOf.clear();
        return x;
    }
    if (fn == QLatin1String("maximum") || fn == QLatin1String("minimum") || fn == QLatin1String("where")) {
        const int n0 = fn == QLatin1String("where") ? 3 : 2;
        QList<TritonValue> args;
        QStringList texts;
        for (int i = 0; i < n0; ++i) {
            const TSNode a = node::positional(n, i);
            if (node::isNull(a))
                fail(n, QStringLiteral("tl.%1").arg(fn), QStringLiteral("positional arguments expected"));
            args << expr(a);
            texts << text(args.last(), a);
        }
        if (n0 == 2 && args[0].kind == TritonValue::Kind::Scalar && args[1].kind == TritonValue::Kind::Scalar && args[0].isInt && args[1].isInt) {
            // tl.minimum/tl.maximum of two integer scalars (a group size, a
            // bound): a scalar, as Python's min/max.
            TritonValue r = args[0];
            r.text = QStringLiteral("%1(%2, %3)").arg(fn == QLatin1String("minimum") ? QStringLiteral("min") : QStringLiteral("max"), texts[0], texts[1]);
            r.dtype = args[0].dtype == args[1].dtype ? args[0].dtype : QString();
            r.quotient.clear();
            r.multipleOf.clear();
            return r;
        }
        const auto fp32 = [](const TritonValue &a) { return !a.isInt && (a.dtype.isEmpty() || a.dtype == QLatin1String("ct.float32")); };
        if (n0 == 2 && args[0].kind == TritonValue::Kind::Scalar && args[1].kind == TritonValue::Kind::Scalar && fp32(args[0]) && fp32(args[1])) {
            // tl.minimum/tl.maximum of two fp32 scalars: on a one-element
            // tile, where ct.maximum/minimum take floats without NaN
            // propagation (Triton's default); the result is that Triton
            // scalar (a one-element tile).
            const QStringList one = m_lift ? QStringList{QStringLiteral("1"), QStringLiteral("1")} : QStringList{QStringLiteral("1")};
            TritonValue r;
            r.kind = TritonValue::Kind::Tile;
            r.rank = 0;
            r.shape = one;
            r.dtype = QStringLiteral("ct.float32");
            r.text = QStringLiteral("ct.%1(ct.full((%2%3), %4, ct.float32), %5)")
                         .arg(fn, one.join(QStringLiteral(", ")), one.size() == 1 ? QStringLiteral(",") : QString(), texts[0], texts[1]);
            return r;
        }
        if (n0 == 3 && std::all_of(args.cbegin(), args.cend(), [](const TritonValue &a) { return a.kind == TritonValue::Kind::Scalar; })) {
            // tl.where on scalars picks a scalar: a Python conditional.
            TritonValue r = args[1];
            r.text = QStringLiteral("(%1 if %2 else %3)").arg(texts[1], texts[0], texts[2]);
            r.isInt = args[1].isInt && args[2].isInt;
            r.dtype = args[1].dtype == args[2].dtype ? args[1].dtype : QString();
            r.quotient.clear();
            r.multipleOf.clear();
            return r;
        }
        if (n0 == 3 && args[1].kind == TritonValue::Kind::Scalar && args[2].kind == TritonValue::Kind::Scalar) {
            // tl.where(tile, a, b) choosing between two scalars: a tile of
            // a's value in the type Triton promotes a and b to (int32, int64
            // or fp32) gives ct.where its tile operand.
            QString dt;
            if (args[1].isInt && args[2].isInt)
                dt = args[1].dtype == QLatin1String("ct.int64") || args[2].dtype == QLatin1String("ct.int64") ? QStringLiteral("ct.int64")
                                                                                                               : QStringLiteral("ct.int32");
            else if ((args[1].dtype.isEmpty() || args[1].dtype == QLatin1String("ct.float32"))
                     && (args[2].dtype.isEmpty() || args[2].dtype == QLatin1String("ct.float32")))
                dt = QStringLiteral("ct.float32");
            else
                fail(n, QStringLiteral("tl.where"), QStringLiteral("choosing between scalars of types %1 and %2 is not mapped")
                                                       .arg(args[1].dtype.isEmpty() ? QStringLiteral("?") : args[1].dtype,
                                                            args[2].dtype.isEmpty() ? QStringLiteral("?") : args[2].dtype));
            const QStringList sh = shapeOf(args[0]);
            texts[1] = QStringLiteral("ct.full((%1%2), %3, %4)")
                           .arg(sh.join(QStringLiteral(", ")), sh.size() == 1 ? QStringLiteral(",") : QString(), texts[1], dt);
            args[1].kind = TritonValue::Kind::Tile;
            args[1].shape = sh;
            args[1].rank = args[0].rank;
            args[1].dtype = dt;
        }
        TritonValue r = tileOp(QStringLiteral(","), args[n0 - 2], args[n0 - 1], false);
        if (n0 == 3)
            r.shape = tileOp(QStringLiteral(","), args[0], r, false).shape;
        r.text = QStringLiteral("ct.%1(%2)").arg(fn, texts.join(QStringLiteral(", ")));
        r.rank = 0;
        for (const TritonValue &a : std::as_const(args))
            r.rank = qMax(r.rank, a.kind == TritonValue::Kind::Scalar ? 0 : a.rank);
        return r;
    }
    if (fn == QLatin1String("cast")) {
        TritonValue x = expr(argument(n, 0, "input"));
        const QString dt = dtypeName(argument(n, 1, "dtype"));
        x.text = QStringLiteral("ct.astype(%1, %2)").arg(text(x, n), dt);
        x.shape = shapeOf(x);
        if (x.kind != TritonValue::Kind::Scalar)
            x.kind = TritonValue::Kind::Tile;
        x.dtype = dt;
        return x;
    }
    if (fn == QLatin1String("trans")) {
        TritonValue x = expr(argument(n, 0, "input"));
        if (x.shape.size() != 2)
            fail(n, QStringLiteral("tl.trans"), QStringLiteral("rank-2 tiles only"));
        x.text = QStringLiteral("ct.transpose(%1)").arg(x.text);
        x.shape = {x.shape[1], x.shape[0]};
        return x;
    }
    if (fn == QLatin1String("permute")) {
        // tl.permute(x, dims): ct.permute with the same axis order.
        const TSNode xn = argument(n, 0, "input");
        TritonValue x = expr(xn);
        const QStringList shape = shapeOf(x);
        QList<int> order;
        for (TSNode d : shapeArguments(n, 1)) {
            bool ok = false;
            order << m_src.text(d).toInt(&ok);
            if (!ok || order.last() < 0 || order.last() >= shape.size())
                fail(d, QStringLiteral("tl.permute"), QStringLiteral("the dims must be literal axes of the tile"));
        }
        if (x.kind == TritonValue::Kind::Scalar || order.size() != shape.size() || shape.size() != qMax(x.rank, 1))
            fail(n, QStringLiteral("tl.permute"), QStringLiteral("one literal axis per dim of a tile is expected"));
        QStringList dims, permuted;
        for (int d : std::as_const(order))
            dims << QString::number(d), permuted << shape[d];
        x.text = QStringLiteral("ct.permute(%1, (%2%3))").arg(text(x, xn), dims.join(QStringLiteral(", ")), dims.size() == 1 ? QStringLiteral(",") : QString());
        x.shape = permuted;
        x.kind = TritonValue::Kind::Tile;
        return x;
    }
    if (fn == QLatin1String("rand")) {
        // Philox from integer ops (philoxHelper), bit for bit what Triton computes.
        const TSNode sn = argument(n, 0, "seed"), on = argument(n, 1, "offset"), rn = argument(n, 2, "n_rounds");
        if (node::isNull(sn) || node::isNull(on))
            fail(n, QStringLiteral("tl.rand"), QStringLiteral("a seed and an offset block are expected"));
        if (!node::isNull(rn) && m_src.text(rn) != QLatin1String("10"))
            fail(rn, QStringLiteral("tl.rand n_rounds"), QStringLiteral("only Triton's default of 10 Philox rounds is generated"));
        const TritonValue seed = expr(sn);
        if (seed.kind != TritonValue::Kind::Scalar)
            fail(sn, QStringLiteral("tl.rand seed"), QStringLiteral("the seed must be a scalar"));
        const TritonValue off = expr(on);
        if (off.kind == TritonValue::Kind::Scalar)
            fail(on, QStringLiteral("tl.rand offset"), QStringLiteral("the offset must be a block (a scalar offset is not mapped)"));
        if (off.dtype.contains(QLatin1String("64")))
            fail(on, QStringLiteral("tl.rand offset"), QStringLiteral("64-bit offsets (Philox's high counter word) are not mapped"));
        v.text = QStringLiteral("%1(%2, %3)").arg(philoxHelperName(), text(seed, sn), text(off, on));
        v.shape = shapeOf(off);
        v.rank = off.rank;
        v.dtype = QStringLiteral("ct.float32");
        return v;
    }
    if (fn.startsWith(QLatin1String("rand")))
        fail(n, QStringLiteral("tl.%1").arg(fn),
             QStringLiteral("only tl.rand is generated (Philox from integer ops); tl.%1 is not").arg(fn));
    if (fn.startsWith(QLatin1String("atomic_")))
        return atomic(fn, n);
    if (fn == QLatin1String("fma")) {
        // a * b + c written inline: cuTile contracts a product feeding a sum
        // into one fused multiply-add (kir.fma), Triton's single rounding.
        QList<TritonValue> ops;
        for (const char *kw : {"x", "y", "z"}) {
            const TSNode a = argument(n, int(ops.size()), kw);
            if (node::isNull(a))
                fail(n, QStringLiteral("tl.fma"), QStringLiteral("three arguments expected"));
            TritonValue v = expr(a);
            v.text = text(v, a);
            ops << v;
        }
        if (std::all_of(ops.cbegin(), ops.cend(), [](const TritonValue &o) { return o.kind == TritonValue::Kind::Scalar; }))
            fail(n, QStringLiteral("tl.fma"), QStringLiteral("scalar operands are not mapped (cuTile contracts tile arithmetic only)"));
        TritonValue r = tileOp(QStringLiteral("+"), tileOp(QStringLiteral("*"), ops[0], ops[1], false), ops[2], false);
        r.rank = 0;
        for (const TritonValue &o : std::as_const(ops))
            r.rank = qMax(r.rank, o.kind == TritonValue::Kind::Scalar ? 0 : o.rank);
        m_kernel.notes << QStringLiteral("tl.fma at line %1 is a * b + c, which cuTile contracts into one fma").arg(m_src.range(n).line);
        return r;
    }
    if (fn == QLatin1String("join"))
        return joinTiles(n);
    if (fn == QLatin1String("split"))
        fail(n, QStringLiteral("tl.split"), QStringLiteral("its two halves are unpacked only by a tuple assignment (`a, b = tl.split(x)`)"));
    if (fn == QLatin1String("store"))
        fail(n, QStringLiteral("tl.store"), QStringLiteral("tl.store used as a value"));
    if (fn == QLatin1String("make_tensor_descriptor"))
        return makeTensorDescriptor(n);
    if (fn == QLatin1String("load_tensor_descriptor") || fn == QLatin1String("store_tensor_descriptor"))
        fail(n, QStringLiteral("tl.%1").arg(fn), QStringLiteral("use desc.load/desc.store on a tl.make_tensor_descriptor"));
    fail(n, QStringLiteral("tl.%1").arg(fn),
         QStringLiteral("no cuTile mapping: the cuTile Python 1.7 API (and cutile) has no ct.%1 counterpart the front-end knows").arg(fn));
}

QStringList TritonDesugarer::erfHelper()
{
    // erf(x) = 1 - t (a1 + t (a2 + t (a3 + t (a4 + t a5)))) exp(-x^2) for
    // x >= 0, t = 1 / (1 + p x); odd in x.
    return {QStringLiteral("def %1(x):").arg(erfHelperName()),
            QStringLiteral("    a = ct.abs(x)"),
            QStringLiteral("    t = 1.0 / (1.0 + 0.3275911 * a)"),
            QStringLiteral("    poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))))"),
            QStringLiteral("    y = 1.0 - poly * ct.exp(-(a * a))"),
            QStringLiteral("    return ct.where(x < 0.0, -y, y)")};
}

QStringList TritonDesugarer::philoxHelper()
{
    // Words are kept in int64 lanes below 2^32: a product's high half is
    // then a shift, and no unsigned constant needs typing. Triton's
    // uint_to_uniform_float: the word as int32, negative ones inverted,
    // times 4.6566127342e-10 in float32.
    const QString mask = QStringLiteral("0xFFFFFFFF");
    const auto lo = [&](const QString &x) { return QStringLiteral("ct.bitwise_and(%1, %2)").arg(x, mask); };
    const auto hi = [&](const QString &x) { return lo(QStringLiteral("ct.bitwise_rshift(%1, 32)").arg(x)); };
    const auto xor3 = [](const QString &a, const QString &b, const QString &c) {
        return QStringLiteral("ct.bitwise_xor(ct.bitwise_xor(%1, %2), %3)").arg(a, b, c);
    };
    QStringList t{QStringLiteral("def %1(seed, offsets):").arg(philoxHelperName()),
                  QStringLiteral("    c0 = ") + lo(QStringLiteral("ct.astype(offsets, ct.int64)")),
                  QStringLiteral("    zero = c0 * 0"),
                  QStringLiteral("    c1 = zero"),
                  QStringLiteral("    c2 = zero"),
                  QStringLiteral("    c3 = zero"),
                  QStringLiteral("    k0 = ") + lo(QStringLiteral("zero + seed")),
                  QStringLiteral("    k1 = ") + hi(QStringLiteral("zero + seed"))};
    for (int round = 0; round < 10; ++round) {
        t << QStringLiteral("    pa = c0 * 0xD2511F53") << QStringLiteral("    pb = c2 * 0xCD9E8D57")
          << QStringLiteral("    c0 = ") + xor3(hi(QStringLiteral("pb")), QStringLiteral("c1"), QStringLiteral("k0"))
          << QStringLiteral("    c2 = ") + xor3(hi(QStringLiteral("pa")), QStringLiteral("c3"), QStringLiteral("k1"))
          << QStringLiteral("    c1 = ") + lo(QStringLiteral("pb")) << QStringLiteral("    c3 = ") + lo(QStringLiteral("pa"));
        if (round < 9)
            t << QStringLiteral("    k0 = ") + lo(QStringLiteral("k0 + 0x9E3779B9"))
              << QStringLiteral("    k1 = ") + lo(QStringLiteral("k1 + 0xBB67AE85"));
    }
    t << QStringLiteral("    x = ct.where(c0 >= 0x80000000, ct.bitwise_xor(c0, %1), c0)").arg(mask)
      << QStringLiteral("    return ct.astype(x, ct.float32) * 4.6566127342e-10");
    return t;
}

} // namespace tileport::triton
