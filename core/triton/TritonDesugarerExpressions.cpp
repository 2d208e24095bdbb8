// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// Expressions of the Triton -> cuTile rewrite: names, arithmetic, tl.* calls.
#include "TritonDesugarer.h"

#include "SyntaxNode.h"

#include <functional>

#include <algorithm>

namespace tileport::triton {

using namespace tileport::frontend;

namespace {

QString str(std::string_view s) { return QString::fromUtf8(s.data(), int(s.size())); }

QString combineDtype(const QString &a, const QString &b)
{
    if (a == QLatin1String("ct.float32") || b == QLatin1String("ct.float32"))
        return QStringLiteral("ct.float32");
    if (a.startsWith(QLatin1String("ct.")))
        return a;
    if (b.startsWith(QLatin1String("ct.")))
        return b;
    return a.isEmpty() ? b : a;
}

} // namespace

TSNode TritonDesugarer::argument(TSNode call, int pos, const char *keyword) const
{
    const TSNode args = node::field(call, "arguments");
    for (TSNode a : node::children(args))
        if (node::is(a, "keyword_argument") && m_src.text(node::field(a, "name")) == QLatin1String(keyword))
            return node::field(a, "value");
    return node::positional(call, pos);
}

QString TritonDesugarer::text(const TritonValue &v, TSNode at)
{
    switch (v.kind) {
    case TritonValue::Kind::Scalar:
    case TritonValue::Kind::Tile:
    case TritonValue::Kind::Dtype:
        return v.text;
    case TritonValue::Kind::Mask:
        return v.maskText;
    case TritonValue::Kind::Offsets: {
        QString t = QStringLiteral("ct.arange(%1, dtype=ct.int32)").arg(v.offSize);
        if (v.offIndex != QLatin1String("0"))
            t = QStringLiteral("(%1 * %2 + %3)").arg(v.offIndex, v.offSize, t);
        if (v.rank == 2)
            return QStringLiteral("ct.reshape(%1, %2)").arg(t, v.offAxis == 0 ? QStringLiteral("(%1, 1)").arg(v.offSize)
                                                                               : QStringLiteral("(1, %1)").arg(v.offSize));
        return m_lift ? QStringLiteral("ct.reshape(%1, (1, %2))").arg(t, v.offSize) : t;
    }
    case TritonValue::Kind::Pointer:
        fail(at, QStringLiteral("pointer value"),
             QStringLiteral("a pointer is used other than as a tl.load/tl.store address: no tile view maps it"));
    case TritonValue::Kind::Descriptor:
        fail(at, QStringLiteral("tensor descriptor"), QStringLiteral("a TensorDescriptor is used as a value"));
    case TritonValue::Kind::Invalid:
        break;
    }
    fail(at, {}, {});
}

// Tile shape of a value as cuTile sees it (physical: lifted 1-D is (1, N)).
QStringList TritonDesugarer::shapeOf(const TritonValue &v) const
{
    if (v.kind == TritonValue::Kind::Tile || v.kind == TritonValue::Kind::Mask)
        return v.shape;
    if (v.kind == TritonValue::Kind::Offsets) {
        if (v.rank == 2)
            return v.offAxis == 0 ? QStringList{v.offSize, QStringLiteral("1")} : QStringList{QStringLiteral("1"), v.offSize};
        return m_lift ? QStringList{QStringLiteral("1"), v.offSize} : QStringList{v.offSize};
    }
    return {};
}

TritonValue TritonDesugarer::tileOp(const QString &op, const TritonValue &a, const TritonValue &b, bool compare)
{
    TritonValue r;
    r.kind = TritonValue::Kind::Tile;
    const QStringList sa = shapeOf(a), sb = shapeOf(b);
    if (sa.size() != sb.size()) {
        r.shape = sa.size() > sb.size() ? sa : sb;
    } else {
        for (int i = 0; i < sa.size(); ++i)
            r.shape << (sa[i] == QLatin1String("1") ? sb[i] : sa[i]);
    }
    r.rank = qMax(a.kind == TritonValue::Kind::Scalar ? 0 : a.rank, b.kind == TritonValue::Kind::Scalar ? 0 : b.rank);
    r.dtype = compare ? QStringLiteral("ct.bool_") : combineDtype(a.dtype, b.dtype);
    QString at = a.text, bt = b.text;
    // Two integer types meet: Triton promotes to the wider one (the unsigned
    // one at equal width, the signed one where it is wider, int64 over
    // uint32); cuTile converts nothing implicitly, so the other is cast.
    static const QHash<QString, std::pair<int, bool>> ints{
        {QStringLiteral("ct.int8"), {8, true}},     {QStringLiteral("ct.int16"), {16, true}},   {QStringLiteral("ct.int32"), {32, true}},
        {QStringLiteral("ct.int64"), {64, true}},   {QStringLiteral("ct.uint8"), {8, false}},   {QStringLiteral("ct.uint16"), {16, false}},
        {QStringLiteral("ct.uint32"), {32, false}}, {QStringLiteral("ct.uint64"), {64, false}}};
    if (op != QLatin1String(",") && a.dtype != b.dtype && ints.contains(a.dtype) && ints.contains(b.dtype)) {
        const auto [wa, sa] = ints.value(a.dtype);
        const auto [wb, sb] = ints.value(b.dtype);
        const bool toA = sa == sb ? wa > wb : (!sa ? wa >= wb : wa > wb);
        const QString to = toA ? a.dtype : b.dtype;
        (toA ? bt : at) = QStringLiteral("ct.astype(%1, %2)").arg(toA ? bt : at, to);
        if (!compare)
            r.dtype = to;
    }
    r.text = QStringLiteral("(%1 %2 %3)").arg(at, op, bt);
    return r;
}

TritonValue TritonDesugarer::expr(TSNode n)
{
    const DepthGuard guard(*this, n);
    const std::string_view t = node::type(n);
    if (t == "parenthesized_expression") {
        TritonValue v = expr(node::unparen(n));
        return v;
    }
    if (t == "identifier") {
        const QString name = m_src.text(n);
        const auto it = m_env.constFind(name);
        if (it == m_env.constEnd()) {
            if (TritonValue c; moduleConstant(name, &c))
                return c;
            const QString g = m_imports.resolve(m_src, n);
            fail(n, QStringLiteral("name '%1'").arg(name),
                 g.isEmpty() ? QStringLiteral("not defined in the kernel (module globals and helpers are not carried over)")
                             : QStringLiteral("a Triton name used as a value"));
        }
        if (it->kind == TritonValue::Kind::Invalid)
            fail(n, {}, {});
        return *it;
    }
    if (t == "integer" || t == "float" || t == "true" || t == "false" || t == "none") {
        TritonValue v;
        v.kind = TritonValue::Kind::Scalar;
        v.text = m_src.text(n);
        v.isInt = t == "integer";
        return v;
    }
    if (t == "unary_operator") {
        TritonValue v = expr(node::field(n, "argument"));
        const QString op = str(node::operatorOf(n));
        if (v.kind != TritonValue::Kind::Scalar && v.kind != TritonValue::Kind::Tile)
            v.text = text(v, n), v.kind = TritonValue::Kind::Tile, v.shape = shapeOf(v);
        v.text = QStringLiteral("(%1%2)").arg(op == QLatin1String("~") ? QStringLiteral("~") : op, v.text);
        v.quotient.clear();
        v.multipleOf.clear();
        return v;
    }
    if (t == "not_operator" || t == "boolean_operator") {
        // A Triton scalar that lives as a one-element boolean tile (a
        // comparison of a loaded value) takes part as its element: Triton
        // applies and/or/not to such scalars logically, as Python does to bools.
        const auto operand = [&](TritonValue v) {
            if (v.kind == TritonValue::Kind::Tile && v.rank == 0 && v.dtype == QLatin1String("ct.bool_")
                && std::all_of(v.shape.cbegin(), v.shape.cend(), [](const QString &d) { return d == QLatin1String("1"); })) {
                v.kind = TritonValue::Kind::Scalar;
                v.text = QStringLiteral("(%1).item()").arg(v.text);
                v.shape.clear();
            }
            return v;
        };
        if (t == "not_operator") {
            TritonValue v = operand(expr(node::field(n, "argument")));
            if (v.kind != TritonValue::Kind::Scalar)
                fail(n, QStringLiteral("not"), QStringLiteral("`not` applies to scalars (and one-element boolean tiles) only"));
            v.text = QStringLiteral("(not %1)").arg(v.text);
            return v;
        }
        const TSNode ln = node::field(n, "left"), rn = node::field(n, "right");
        const TritonValue a = operand(expr(ln)), b = operand(expr(rn));
        if (a.kind != TritonValue::Kind::Scalar || b.kind != TritonValue::Kind::Scalar) {
            // On tiles Triton's and/or are logical_and/logical_or: elementwise
            // on booleans (masks, comparisons), as & and | are.
            const auto boolean = [](const TritonValue &v) {
                return v.kind == TritonValue::Kind::Mask || v.dtype == QLatin1String("ct.bool_");
            };
            if (!boolean(a) || !boolean(b))
                fail(n, QStringLiteral("and/or"),
                     QStringLiteral("`and`/`or` on tiles are mapped for boolean operands (masks, comparisons); convert with != 0 first"));
            return combine(str(node::operatorOf(n)) == QLatin1String("and") ? QStringLiteral("&") : QStringLiteral("|"), a, b, ln, rn, n);
        }
        TritonValue v = a;
        v.text = QStringLiteral("(%1 %2 %3)").arg(a.text, str(node::operatorOf(n)), b.text);
        return v;
    }
    if (t == "conditional_expression") {
        // `a if c else b`: a Python conditional on a scalar, ct.where on a tile.
        const auto kids = node::children(n);
        if (kids.size() != 3)
            fail(n, QStringLiteral("conditional expression"), QStringLiteral("not mapped"));
        const TritonValue a = expr(kids[0]), c = expr(kids[1]), b = expr(kids[2]);
        using K = TritonValue::Kind;
        if (c.kind == K::Scalar && a.kind == K::Scalar && b.kind == K::Scalar) {
            TritonValue r = a;
            r.text = QStringLiteral("(%1 if %2 else %3)").arg(a.text, c.text, b.text);
            if (compileTime(n)) // folded while compiling, as Triton does; a tile shape may use it
                r.text = QStringLiteral("ct.static_eval%1").arg(r.text);
            r.isInt = a.isInt && b.isInt;
            r.quotient.clear();
            r.multipleOf.clear();
            return r;
        }
        if (c.kind == K::Scalar && a.kind == K::Dtype && b.kind == K::Dtype) {
            // `tl.float8e5 if FP8 else tl.float16`: a dtype chosen while
            // compiling (the condition on constexprs only).
            if (!compileTime(kids[1]))
                fail(n, QStringLiteral("conditional expression"), QStringLiteral("a dtype chosen at run time has no cuTile form"));
            TritonValue r = a;
            r.text = QStringLiteral("ct.static_eval(%1 if %2 else %3)").arg(a.text, c.text, b.text);
            return r;
        }
        if (c.kind == K::Scalar)
            fail(n, QStringLiteral("conditional expression"),
                 QStringLiteral("a scalar condition choosing between tiles is not mapped; use tl.where or an if statement"));
        TritonValue r = tileOp(QStringLiteral(","), a, b, false);
        r.shape = tileOp(QStringLiteral(","), c, r, false).shape;
        r.text = QStringLiteral("ct.where(%1, %2, %3)").arg(text(c, kids[1]), text(a, kids[0]), text(b, kids[2]));
        r.rank = qMax(c.rank, qMax(a.kind == K::Scalar ? 0 : a.rank, b.kind == K::Scalar ? 0 : b.rank));
        return r;
    }
    if (t == "binary_operator")
        return binary(n);
    if (t == "comparison_operator")
        return compare(n);
    if (t == "call")
        return call(n);
    if (t == "attribute") {
        const QString lf = m_imports.languageFunction(m_src, n);
        static const QSet<QString> dtypes{QStringLiteral("float16"), QStringLiteral("bfloat16"), QStringLiteral("float32"),
                                          QStringLiteral("float64"), QStringLiteral("int8"), QStringLiteral("int16"),
                                          QStringLiteral("int32"), QStringLiteral("int64"), QStringLiteral("uint8"),
                                          QStringLiteral("uint16"), QStringLiteral("uint32"), QStringLiteral("uint64")};
        TritonValue v;
        v.kind = TritonValue::Kind::Dtype;
        if (dtypes.contains(lf)) {
            v.text = QStringLiteral("ct.") + lf;
            return v;
        }
        if (lf == QLatin1String("int1")) {
            v.text = QStringLiteral("ct.bool_");
            return v;
        }
        // The NVIDIA 8-bit floats cuTile has (Triton's e4b15/e4b8/e5b16 it has not).
        if (lf == QLatin1String("float8e4nv") || lf == QLatin1String("float8e5")) {
            v.text = lf == QLatin1String("float8e5") ? QStringLiteral("ct.float8_e5m2") : QStringLiteral("ct.float8_e4m3fn");
            return v;
        }
        const QString full = m_src.text(n);
        const QString attr = m_src.text(node::field(n, "attribute"));
        const TSNode obj = node::field(n, "object");
        if (attr == QLatin1String("element_ty") && node::is(obj, "attribute")
            && (m_src.text(node::field(obj, "attribute")) == QLatin1String("dtype")
                || m_src.text(node::field(obj, "attribute")) == QLatin1String("type"))) {
            // p.dtype.element_ty or p.type.element_ty: the element type of the
            // array p points into (p a parameter or a local pointer derived from one).
            const TSNode base = node::field(obj, "object");
            const TritonValue o = node::is(base, "identifier") ? m_env.value(m_src.text(base)) : TritonValue{};
            if (o.kind == TritonValue::Kind::Pointer && !o.array.isEmpty()) {
                v.text = o.array + QStringLiteral(".dtype");
                return v;
            }
            v.text = m_src.text(base) + QStringLiteral(".dtype");
            return v;
        }
        // desc.type.block_type.element_ty (a descriptor's or pointer's element type): the array's.
        if (attr == QLatin1String("element_ty") && full.endsWith(QLatin1String(".type.block_type.element_ty"))) {
            const QString base = full.left(full.size() - int(qstrlen(".type.block_type.element_ty")));
            const TritonValue o = m_env.value(base);
            if ((o.kind == TritonValue::Kind::Descriptor || o.kind == TritonValue::Kind::Pointer) && !o.array.isEmpty()) {
                v.text = o.array + QStringLiteral(".dtype");
                return v;
            }
        }
        if (attr == QLatin1String("dtype")) {
            const TritonValue o = expr(obj);
            if (o.kind == TritonValue::Kind::Pointer && !o.array.isEmpty()) {
                v.text = o.array + QStringLiteral(".dtype");
                return v;
            }
            if (o.dtype.startsWith(QLatin1String("ct."))) {
                v.text = o.dtype;
                return v;
            }
            if (o.dtype.startsWith(QLatin1Char('@'))) {
                v.text = o.dtype.mid(1) + QStringLiteral(".dtype");
                return v;
            }
        }
        if (attr == QLatin1String("T")) {
            TritonValue o = expr(obj);
            if (o.kind == TritonValue::Kind::Tile && o.shape.size() == 2) {
                o.text = QStringLiteral("ct.transpose(%1)").arg(o.text);
                o.shape = {o.shape[1], o.shape[0]};
                return o;
            }
        }
        fail(n, full, QStringLiteral("attribute not mapped"));
    }
    if (t == "subscript") {
        // x[:, None] / x[None, :]: broadcast a 1-D tile to an axis of a 2-D one.
        const TritonValue v = expr(node::field(n, "value"));
        QStringList subs;
        for (TSNode s : node::fieldChildren(n, "subscript"))
            subs << m_src.text(s).remove(QLatin1Char(' '));
        const bool col = subs == QStringList{QStringLiteral(":"), QStringLiteral("None")};
        const bool row = subs == QStringList{QStringLiteral("None"), QStringLiteral(":")};
        if ((col || row) && v.kind == TritonValue::Kind::Offsets && v.rank == 1) {
            TritonValue r = v;
            r.rank = 2;
            r.offAxis = col ? 0 : 1;
            return r;
        }
        if ((col || row) && (v.kind == TritonValue::Kind::Tile || v.kind == TritonValue::Kind::Mask) && v.rank == 1) {
            TritonValue r = v;
            const QString len = v.shape.value(v.shape.size() - 1);
            r.kind = TritonValue::Kind::Tile;
            r.rank = 2;
            r.shape = col ? QStringList{len, QStringLiteral("1")} : QStringList{QStringLiteral("1"), len};
            r.text = QStringLiteral("ct.reshape(%1, (%2))").arg(text(v, n), r.shape.join(QStringLiteral(", ")));
            return r;
        }
        // Any other mix of `:` and `None` (x[None, :, :], x[:, None, None]):
        // the tile reshaped with a unit axis at each None.
        const bool slicesOnly = !subs.isEmpty() && std::all_of(subs.cbegin(), subs.cend(), [](const QString &s) {
            return s == QLatin1String(":") || s == QLatin1String("None");
        });
        if (slicesOnly && (v.kind == TritonValue::Kind::Tile || v.kind == TritonValue::Kind::Mask || v.kind == TritonValue::Kind::Offsets)) {
            QStringList logical = shapeOf(v);
            const int rank = qMax(v.rank, 1);
            if (m_lift && rank == 1 && logical.size() == 2 && logical[0] == QLatin1String("1"))
                logical.removeFirst();
            if (logical.size() != rank || subs.count(QStringLiteral(":")) != rank)
                fail(n, QStringLiteral("subscript"), QStringLiteral("the `:` count must be the tile's rank (%1)").arg(rank));
            QStringList shape;
            int d = 0;
            for (const QString &sub : std::as_const(subs))
                shape << (sub == QLatin1String(":") ? logical[d++] : QStringLiteral("1"));
            TritonValue r;
            r.kind = TritonValue::Kind::Tile;
            r.rank = int(shape.size());
            r.dtype = v.kind == TritonValue::Kind::Offsets ? QStringLiteral("ct.int32")
                : v.kind == TritonValue::Kind::Mask      ? QStringLiteral("ct.bool_")
                                                         : v.dtype;
            if (m_lift && shape.size() == 1)
                shape.prepend(QStringLiteral("1"));
            r.shape = shape;
            r.text = QStringLiteral("ct.reshape(%1, (%2%3))").arg(text(v, n), shape.join(QStringLiteral(", ")), shape.size() == 1 ? QStringLiteral(",") : QString());
            return r;
        }
        fail(n, QStringLiteral("subscript"), QStringLiteral("only `:` and `None` subscripts of tiles are mapped"));
    }
    if (t == "string")
        fail(n, QStringLiteral("string"),
             QStringLiteral("a string value (a tl.constexpr compared with a string, say) has no cuTile Rust form: constants are ints and bools"));
    fail(n, str(t), QStringLiteral("expression kind not mapped"));
}

TritonValue TritonDesugarer::binary(TSNode n)
{
    const QString op = str(node::operatorOf(n));
    const TSNode ln = node::field(n, "left"), rn = node::field(n, "right");
    const TritonValue a = expr(ln);
    if (a.kind == TritonValue::Kind::Pointer && (op == QLatin1String("+") || op == QLatin1String("-")))
        return pointerAdd(a, rn, n, op == QLatin1String("-"));
    const TritonValue b = expr(rn);
    if (b.kind == TritonValue::Kind::Pointer && op == QLatin1String("+"))
        return pointerAdd(b, ln, n);
    return combine(op, a, b, ln, rn, n);
}

// `a OP b` on values already evaluated (ln and rn are where they were written).
TritonValue TritonDesugarer::combine(const QString &op, const TritonValue &a, const TritonValue &b, TSNode ln, TSNode rn, TSNode n)
{
    using K = TritonValue::Kind;
    if (op == QLatin1String("+")) {
        const bool ab = a.kind == K::Scalar && b.kind == K::Offsets, ba = b.kind == K::Scalar && a.kind == K::Offsets;
        if (ab || ba) {
            const TritonValue &s = ab ? a : b;
            TritonValue o = ab ? b : a;
            if (o.offIndex == QLatin1String("0") && s.text == QLatin1String("0"))
                return o;
            if (o.offIndex == QLatin1String("0") && !s.multipleOf.isEmpty() && s.multipleOf == o.offSize) {
                o.offIndex = s.quotient;
                return o;
            }
        }
    }
    if (a.kind == K::Scalar && b.kind == K::Scalar) {
        TritonValue r;
        r.kind = K::Scalar;
        r.isInt = a.isInt && b.isInt && op != QLatin1String("/");
        r.text = QStringLiteral("(%1 %2 %3)").arg(a.text, op, b.text);
        const QString wide = QStringLiteral("ct.int64");
        if (r.isInt && (a.dtype == wide || b.dtype == wide))
            r.dtype = wide; // Triton's int64 index arithmetic
        if (op == QLatin1String("*")) {
            // The quotient is a view's tile index: i32 in cuTile, also
            // where Triton widened the block number to int64.
            const auto index = [&](const TritonValue &q) {
                return q.dtype == wide ? QStringLiteral("ct.astype(%1, ct.int32)").arg(q.text) : q.text;
            };
            if (m_constexprs.contains(b.text))
                r.quotient = index(a), r.multipleOf = b.text;
            else if (m_constexprs.contains(a.text))
                r.quotient = index(b), r.multipleOf = a.text;
        }
        if (op == QLatin1String("//") || op == QLatin1String("%")) {
            for (TSNode s : {ln, rn})
                if (node::is(s, "identifier") && m_env.value(m_src.text(s)).text == m_src.text(s))
                    m_intParams.insert(m_src.text(s));
        }
        return r;
    }
    if (op == QLatin1String("&") && a.kind == K::Mask && b.kind == K::Mask) {
        TritonValue r = a;
        r.maskText = QStringLiteral("(%1 & %2)").arg(a.maskText, b.maskText);
        r.bounds << b.bounds;
        r.shape = tileOp(op, a, b, true).shape;
        return r;
    }
    TritonValue x = a, y = b;
    x.text = text(a, ln);
    y.text = text(b, rn);
    // A float scalar argument is an fp32 value in Triton: with a tile of a
    // parameter's element type the arithmetic promotes to fp32, so the
    // tile is converted first (cuTile would not mix them).
    // So is scalar arithmetic on one (`x / (1 - p)`).
    const std::function<bool(TSNode)> readsRuntimeFloat = [&](TSNode s) {
        s = node::unparen(s);
        if (node::is(s, "binary_operator") || node::is(s, "unary_operator")) {
            const auto kids = node::children(s);
            return std::any_of(kids.begin(), kids.end(), [&](TSNode k) { return readsRuntimeFloat(k); });
        }
        const QString name = m_src.text(s);
        return node::is(s, "identifier") && m_env.value(name).text == name && !m_intParams.contains(name) && !m_constexprs.contains(name)
            && std::any_of(m_kernel.params.cbegin(), m_kernel.params.cend(), [&](const TritonParam &p) { return p.name == name; });
    };
    const auto runtimeFloat = [&](TSNode s, const TritonValue &v) { return v.kind == K::Scalar && !v.isInt && readsRuntimeFloat(s); };
    static const QSet<QString> arith{QStringLiteral("+"), QStringLiteral("-"), QStringLiteral("*"), QStringLiteral("/")};
    if (arith.contains(op)) {
        noteTileOperand(ln, b);
        noteTileOperand(rn, a);
        if (runtimeFloat(rn, b) && x.kind == K::Tile && x.dtype.startsWith(QLatin1Char('@'))) {
            x.text = QStringLiteral("ct.astype(%1, ct.float32)").arg(x.text);
            x.dtype = QStringLiteral("ct.float32");
        } else if (runtimeFloat(ln, a) && y.kind == K::Tile && y.dtype.startsWith(QLatin1Char('@'))) {
            y.text = QStringLiteral("ct.astype(%1, ct.float32)").arg(y.text);
            y.dtype = QStringLiteral("ct.float32");
        }
    }
    return tileOp(op, x, y, false);
}

TritonValue TritonDesugarer::compare(TSNode n)
{
    const auto kids = node::children(n);
    if (kids.size() != 2)
        fail(n, QStringLiteral("chained comparison"), QStringLiteral("not mapped"));
    QString op;
    for (uint32_t i = 0; i < ts_node_child_count(n); ++i) {
        const TSNode c = ts_node_child(n, i);
        if (!ts_node_is_named(c))
            op = str(node::type(c));
    }
    if (node::is(node::unparen(kids[0]), "string") || node::is(node::unparen(kids[1]), "string"))
        return stringComparison(n, op);
    const TritonValue a = expr(kids[0]), b = expr(kids[1]);
    using K = TritonValue::Kind;
    // `P is None` on a pointer: Triton specializes on whether the launch
    // passes one. The cuTile kernel takes that answer as a flag of its own,
    // `P__given: ct.Constant[bool]`, which configs get from the launch (a
    // None P gives False); the array stays a parameter the False arm never reads.
    if ((node::is(kids[1], "none") && a.kind == K::Pointer) || (node::is(kids[0], "none") && b.kind == K::Pointer)) {
        const TritonValue &p = a.kind == K::Pointer ? a : b;
        const TSNode pn = node::unparen(a.kind == K::Pointer ? kids[0] : kids[1]);
        const bool isParam = node::is(pn, "identifier") && m_src.text(pn) == p.array
            && std::any_of(m_kernel.params.cbegin(), m_kernel.params.cend(), [&](const TritonParam &q) {
                   return q.name == p.array && q.kind == TritonParam::Kind::Pointer;
               });
        if (!isParam || (op != QLatin1String("is") && op != QLatin1String("is not")))
            fail(n, QStringLiteral("optional pointer"),
                 QStringLiteral("`%1`: only `P is None` / `P is not None` on a pointer parameter are mapped").arg(m_src.text(n)));
        const QString flag = presenceFlag(p.array);
        TritonValue r;
        r.kind = K::Scalar;
        r.text = op == QLatin1String("is not") ? flag : QStringLiteral("(not %1)").arg(flag);
        return r;
    }
    if ((a.kind == K::Scalar && b.kind == K::Scalar) || (a.kind == K::Dtype && b.kind == K::Dtype)) {
        // Of two dtypes (`p.dtype.element_ty == tl.float16`): a test the
        // compiler decides per launch, as Triton's.
        // `is` / `is not` on dtypes is identity of the one dtype object: == / !=.
        const QString cmp = a.kind != K::Dtype ? op : op == QLatin1String("is") ? QStringLiteral("==") : op == QLatin1String("is not") ? QStringLiteral("!=") : op;
        if (a.kind == K::Dtype && cmp != QLatin1String("==") && cmp != QLatin1String("!="))
            fail(n, QStringLiteral("dtype comparison"), QStringLiteral("only ==, !=, is and is not compare dtypes"));
        TritonValue r;
        r.kind = K::Scalar;
        r.text = QStringLiteral("(%1 %2 %3)").arg(a.text, cmp, b.text);
        return r;
    }
    TritonValue x = a, y = b;
    x.text = text(a, kids[0]);
    y.text = text(b, kids[1]);
    TritonValue r = tileOp(op, x, y, true);
    // A scalar parameter compared with offsets is an integer (a size or a bound).
    for (int i = 0; i < 2; ++i) {
        const TritonValue &o = i ? a : b, &s = i ? b : a;
        if (o.kind == K::Offsets && s.kind == K::Scalar && node::is(kids[size_t(i)], "identifier")
            && s.text == m_src.text(kids[size_t(i)]) && !m_constexprs.contains(s.text))
            m_intParams.insert(s.text);
    }
    if (a.kind == K::Offsets && b.kind == K::Scalar && op == QLatin1String("<")) {
        // offs < n: the bound of a view; the cuTile array's extent plays it.
        r.kind = K::Mask;
        r.maskText = r.text;
        r.bounds << b.text;
        if (node::is(kids[1], "identifier") && m_env.value(m_src.text(kids[1])).text == m_src.text(kids[1]))
            m_intParams.insert(m_src.text(kids[1]));
    }
    return r;
}

// `MODE == 'relu'` on a tl.constexpr the launch sets to a string: cuTile
// constants are ints and bools, so each string the kernel compares MODE with
// gets an int, its index in the parameter's list (TritonParam::strings), and
// the comparison is of those ints; the capture fit gives a launch's string
// its int (-1 for one the kernel never names, which equals none of them).
TritonValue TritonDesugarer::stringComparison(TSNode n, const QString &op)
{
    const auto kids = node::children(n);
    const bool stringFirst = node::is(node::unparen(kids[0]), "string");
    const TSNode sn = node::unparen(kids[stringFirst ? 0 : 1]), on = kids[stringFirst ? 1 : 0];
    const TritonValue other = expr(on);
    TritonParam *param = nullptr;
    for (TritonParam &p : m_kernel.params)
        if (p.kind == TritonParam::Kind::Constexpr && p.name == other.text && other.kind == TritonValue::Kind::Scalar)
            param = &p;
    if (!param)
        fail(n, QStringLiteral("string"), QStringLiteral("a string is compared only with a tl.constexpr parameter (its value a string the launch gives)"));
    if (op != QLatin1String("==") && op != QLatin1String("!="))
        fail(n, QStringLiteral("string comparison"), QStringLiteral("only == and != compare a string tl.constexpr"));
    QString literal;
    for (TSNode part : node::children(sn)) {
        if (node::is(part, "interpolation"))
            fail(sn, QStringLiteral("string"), QStringLiteral("an f-string is not a constant"));
        if (node::is(part, "string_content"))
            literal += m_src.text(part);
    }
    qsizetype code = param->strings.indexOf(literal);
    if (code < 0) {
        code = param->strings.size();
        param->strings << literal;
        m_kernel.notes << QStringLiteral("tl.constexpr '%1' is compared with the string '%2': the cuTile kernel takes it as an int, %3 for '%2'")
                              .arg(param->name, literal).arg(code);
    }
    TritonValue r;
    r.kind = TritonValue::Kind::Scalar;
    r.isInt = false;
    r.text = QStringLiteral("(%1 %2 %3)").arg(param->name, op).arg(code);
    return r;
}

QString TritonDesugarer::dtypeName(TSNode n)
{
    const TritonValue v = expr(n);
    if (v.kind != TritonValue::Kind::Dtype && node::is(n, "identifier") && m_constexprs.contains(v.text))
        fail(n, QStringLiteral("dtype-valued tl.constexpr"),
             QStringLiteral("'%1' would be an element type chosen at launch: a cutile entry's type generic, which the port does not "
                            "create yet (cuTile Python takes it as a ct.Constant holding a ct.DType)").arg(m_src.text(n)));
    if (v.kind != TritonValue::Kind::Dtype)
        fail(n, QStringLiteral("dtype"), QStringLiteral("not a Triton dtype"));
    return v.text;
}

} // namespace tileport::triton
