// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// cuTile calls: dispatch (cuTileCall), arguments, ct.bid, ct.astype,
// creation, reshape/transpose, where, cdiv; loads are in
// KernelLoweringMemory.cpp, reductions and math in KernelLoweringTileOps.cpp.
#include "KernelLowering.h"

#include "SyntaxNode.h"

#include <QRegularExpression>

#include <algorithm>

namespace tileport::rust {

using namespace tileport::frontend;

TSNode KernelLowering::argument(TSNode call, int pos, const char *keyword) const
{
    const TSNode args = node::field(call, "arguments");
    for (TSNode a : node::children(args))
        if (node::is(a, "keyword_argument") && m_src.text(node::field(a, "name")) == QLatin1String(keyword))
            return node::field(a, "value");
    // `t.astype(dt)` is `ct.astype(t, dt)`: the receiver is argument 0.
    if (!node::isNull(m_methodCall) && ts_node_eq(call, m_methodCall)) {
        if (pos == 0)
            return m_methodSelf;
        return pos > 0 ? node::positional(call, pos - 1) : TSNode{};
    }
    return pos >= 0 ? node::positional(call, pos) : TSNode{};
}

// Tile methods that mirror ct functions; the receiver must be a tile.
RustValue KernelLowering::methodCall(TSNode n)
{
    const TSNode fn = node::field(n, "function");
    const TSNode object = node::field(fn, "object");
    const QString method = m_src.text(node::field(fn, "attribute"));
    static const QHash<QString, QString> methods{
        {QStringLiteral("astype"), QStringLiteral("astype")},   {QStringLiteral("reshape"), QStringLiteral("reshape")},
        {QStringLiteral("transpose"), QStringLiteral("transpose")}, {QStringLiteral("permute"), QStringLiteral("permute")},
        {QStringLiteral("sum"), QStringLiteral("sum")},         {QStringLiteral("max"), QStringLiteral("max")},
        {QStringLiteral("min"), QStringLiteral("min")},         {QStringLiteral("exp"), QStringLiteral("exp")}};
    if (method == QLatin1String("item")) {
        // A one-element tile as a scalar: reshape to rank 0 (what cuTile
        // Python emits); the scalar is that rank-0 tile.
        const RustValue t = expr(object);
        if (!t.isTile() || !std::all_of(t.shape.cbegin(), t.shape.cend(), [](const QString &d) { return d == QLatin1String("1"); }))
            fail(n, QStringLiteral("method call"), QStringLiteral("'.item()' needs a tile of one element"));
        QString rank0 = t.expr;
        if (!t.shape.isEmpty())
            rank0 = bind(QStringLiteral("%1.reshape(shape![])").arg(t.expr), RustValue::tileType(t.dtype, {}));
        RustValue out;
        out.kind = RustValue::Kind::Scalar;
        out.dtype = t.dtype;
        out.expr = bind(QStringLiteral("tile_to_scalar(%1)").arg(rank0), t.dtype);
        return out;
    }
    if (!methods.contains(method))
        fail(n, QStringLiteral("method call"), QStringLiteral("'.%1()' is not lowered").arg(method));
    const RustValue self = expr(object);
    if (!self.isTile())
        fail(n, QStringLiteral("method call"), QStringLiteral("'.%1()' needs a tile receiver").arg(method));
    // Restored on every exit: a refusal unwinds through here too.
    struct Restore {
        KernelLowering *l;
        TSNode call, self;
        RustValue value;
        ~Restore() { l->m_methodCall = call, l->m_methodSelf = self, l->m_methodSelfValue = value; }
    } restore{this, m_methodCall, m_methodSelf, m_methodSelfValue};
    m_methodCall = n;
    m_methodSelf = object;
    m_methodSelfValue = self;
    return cuTileCall(n, methods.value(method));
}

QString KernelLowering::shapeDim(TSNode n)
{
    const RustValue v = expr(n);
    if (v.kind == RustValue::Kind::IntLiteral && v.integer > 0)
        return QString::number(v.integer);
    if (v.kind == RustValue::Kind::Scalar && m_constParams.contains(v.expr))
        return v.expr;
    fail(n, QStringLiteral("tile shape"),
         QStringLiteral("a dimension must be a positive literal or an int ct.Constant parameter "
                        "(stable Rust forbids arithmetic on const generics)"));
}

QStringList KernelLowering::shapeArgument(TSNode n)
{
    n = node::unparen(n);
    if (node::isNull(n))
        fail(m_function, QStringLiteral("tile shape"), QStringLiteral("missing"));
    QStringList out;
    if (node::is(n, "tuple")) {
        for (TSNode c : node::children(n))
            out << shapeDim(c);
    } else {
        out << shapeDim(n);
    }
    if (out.size() > 6)
        fail(n, QStringLiteral("tile shape"), QStringLiteral("rank above 6 (cuTile Rust's shapes stop at 6)"));
    return out;
}

QStringList KernelLowering::indexArgument(TSNode n, bool *gridIndex)
{
    n = node::unparen(n);
    const std::vector<TSNode> parts = node::is(n, "tuple") ? node::children(n) : std::vector<TSNode>{n};
    QStringList out;
    for (TSNode c : parts) {
        const RustValue v = expr(c);
        if (gridIndex && v.kind != RustValue::Kind::IntLiteral && v.kind != RustValue::Kind::BlockId)
            *gridIndex = false;
        out << scalarText(v, c);
    }
    return out;
}

QString KernelLowering::dtypeArgument(TSNode n)
{
    const RustValue v = expr(n);
    if (v.kind != RustValue::Kind::DType)
        fail(n, QStringLiteral("dtype"), QStringLiteral("expected ct.<dtype> or array.dtype"));
    return v.dtype;
}

RustValue KernelLowering::tensorArgument(TSNode n)
{
    if (node::isNull(n))
        fail(m_function, QStringLiteral("array argument"), QStringLiteral("missing"));
    const RustValue v = expr(n);
    if (v.kind != RustValue::Kind::Tensor)
        fail(n, QStringLiteral("array argument"), QStringLiteral("expected an array parameter"));
    return v;
}

RustValue KernelLowering::tileArgument(TSNode n)
{
    if (node::isNull(n))
        fail(m_function, QStringLiteral("tile argument"), QStringLiteral("missing"));
    const RustValue v = expr(n);
    if (!v.isTile())
        fail(n, QStringLiteral("tile argument"), QStringLiteral("expected a tile"));
    return v;
}

RustValue KernelLowering::call(TSNode n)
{
    const TSNode fn = node::field(n, "function");
    const QString q = m_imports.resolve(m_src, fn);
    const TSNode args = node::field(n, "arguments");
    for (TSNode a : node::children(args))
        if (node::is(a, "list_splat") || node::is(a, "dictionary_splat"))
            fail(a, QStringLiteral("splat argument"), QStringLiteral("not lowered"));
    if (!q.startsWith(QLatin1String("cuda.tile."))) {
        if (node::is(fn, "attribute") && q.isEmpty())
            return methodCall(n);
        if (node::is(fn, "identifier") && (m_src.text(fn) == QLatin1String("min") || m_src.text(fn) == QLatin1String("max"))
            && !m_imports.binds(m_src.text(fn)))
            return builtinMinMax(n, m_src.text(fn));
        if (node::is(fn, "identifier") && m_analysis.helper(m_src.text(fn)))
            return inlineHelper(n, m_src.text(fn));
        fail(n, QStringLiteral("call"), QStringLiteral("'%1' is not a cuTile function").arg(m_src.flatText(fn)));
    }
    return cuTileCall(n, q.mid(10));
}

RustValue KernelLowering::builtinMinMax(TSNode n, const QString &fn)
{
    const auto args = node::children(node::field(n, "arguments"));
    if (args.size() != 2 || node::is(args[0], "keyword_argument") || node::is(args[1], "keyword_argument"))
        fail(n, QStringLiteral("%1()").arg(fn), QStringLiteral("only the two-argument form is lowered"));
    // One lowering for both spellings: scalars get min/max, tiles maximum/minimum.
    return cuTileCall(n, fn == QLatin1String("max") ? QStringLiteral("maximum") : QStringLiteral("minimum"));
}

RustValue KernelLowering::cuTileCall(TSNode n, const QString &name)
{
    if (name == QLatin1String("bid")) {
        const TSNode a = node::positional(n, 0);
        if (!node::is(a, "integer") || m_src.text(a).toInt() < 0 || m_src.text(a).toInt() > 2)
            fail(n, QStringLiteral("ct.bid"), QStringLiteral("axis must be a literal 0, 1 or 2"));
        RustValue v;
        v.kind = RustValue::Kind::BlockId;
        v.axis = m_src.text(a).toInt();
        v.dtype = QStringLiteral("i32");
        v.expr = QStringLiteral("get_tile_block_id().%1").arg(v.axis);
        return v;
    }
    if (name == QLatin1String("num_blocks")) {
        const TSNode a = argument(n, 0, "axis");
        if (!node::is(a, "integer") || m_src.text(a).toInt() < 0 || m_src.text(a).toInt() > 2)
            fail(n, QStringLiteral("ct.num_blocks"), QStringLiteral("axis must be a literal 0, 1 or 2"));
        RustValue v;
        v.kind = RustValue::Kind::Scalar;
        v.dtype = QStringLiteral("i32");
        v.expr = bind(QStringLiteral("get_num_tile_blocks().%1").arg(m_src.text(a).toInt()), QStringLiteral("i32"));
        return v;
    }
    if (name == QLatin1String("load"))
        return load(n);
    if (name == QLatin1String("gather"))
        return gather(n);
    if (name == QLatin1String("astype"))
        return astype(n);
    if (name == QLatin1String("sum") || name == QLatin1String("max") || name == QLatin1String("min")
        || name == QLatin1String("prod"))
        return reduction(n, QStringLiteral("reduce_") + name);
    if (name == QLatin1String("cumsum"))
        return cumulativeSum(n);
    if (name == QLatin1String("extract"))
        return extract(n);
    if (name == QLatin1String("broadcast_to")) {
        // Leading 1s first (NumPy's rule), then the explicit broadcast.
        RustValue x = tileArgument(argument(n, 0, "x"));
        const QStringList shape = shapeArgument(argument(n, 1, "shape"));
        if (x.shape.size() > shape.size())
            fail(n, QStringLiteral("ct.broadcast_to"), QStringLiteral("cannot lower the rank from %1 to %2").arg(x.shape.size()).arg(shape.size()));
        if (x.shape.size() < shape.size()) {
            QStringList padded = QStringList(shape.size() - x.shape.size(), QStringLiteral("1")) + x.shape;
            x.expr = bind(QStringLiteral("%1.reshape(%2)").arg(x.expr, RustValue::shapeMacro(padded)), RustValue::tileType(x.dtype, padded));
            x.shape = padded;
        }
        for (int i = 0; i < int(shape.size()); ++i)
            if (x.shape[i] != shape[i] && x.shape[i] != QLatin1String("1"))
                fail(n, QStringLiteral("ct.broadcast_to"), QStringLiteral("axis %1 of size %2 cannot broadcast to %3").arg(i).arg(x.shape[i], shape[i]));
        if (x.shape == shape)
            return x;
        RustValue out = x;
        out.shape = shape;
        out.expr = bind(QStringLiteral("%1.broadcast(%2)").arg(x.expr, RustValue::shapeMacro(shape)), out.typeText());
        return out;
    }
    if (name == QLatin1String("exp") || name == QLatin1String("log") || name == QLatin1String("tanh")
        || name == QLatin1String("rsqrt") || name == QLatin1String("sqrt") || name == QLatin1String("exp2")
        || name == QLatin1String("sin") || name == QLatin1String("cos") || name == QLatin1String("log2"))
        return unaryMath(n, name);
    if (name == QLatin1String("abs")) { // absf for floats, absi for integers: one op either way
        const RustValue x = tileArgument(argument(n, 0, "x"));
        const QString dt = resolve(x.dtype);
        RustValue out = x;
        out.expr = bind(QStringLiteral("%1(%2)").arg(isIntegerLike(dt) ? QStringLiteral("absi") : QStringLiteral("absf"), x.expr),
                        x.typeText());
        return out;
    }
    if (name == QLatin1String("zeros") || name == QLatin1String("full") || name == QLatin1String("arange")
        || name == QLatin1String("ones"))
        return creation(n, name);
    if (name == QLatin1String("reshape") || (name == QLatin1String("transpose") && node::isNull(argument(n, 1, "axis0"))))
        return reshape(n, name == QLatin1String("transpose"));
    if (name == QLatin1String("where"))
        return where(n);
    if (name == QLatin1String("truediv") || name == QLatin1String("add") || name == QLatin1String("sub")
        || name == QLatin1String("mul")) {
        static const QHash<QString, QString> ops{{QStringLiteral("truediv"), QStringLiteral("/")}, {QStringLiteral("add"), QStringLiteral("+")},
                                                 {QStringLiteral("sub"), QStringLiteral("-")}, {QStringLiteral("mul"), QStringLiteral("*")}};
        const MathOptions o = mathOptions(n, QStringLiteral("ct.%1").arg(name), {QStringLiteral("x"), QStringLiteral("y")});
        const RustValue a = expr(argument(n, 0, "x")), b = expr(argument(n, 1, "y"));
        if (o.ftz.isEmpty() && o.rounding.isEmpty())
            return a.isTile() || b.isTile() ? tileBinary(ops.value(name), a, b, n) : scalarBinary(ops.value(name), a, b, n);
        if (name != QLatin1String("truediv") || (!a.isTile() && !b.isTile()))
            fail(n, QStringLiteral("ct.%1").arg(name), QStringLiteral("rounding/flush_to_zero options are lowered on tile truediv only"));
        const TileOperands t = tileOperands(a, b, n);
        if (!isFloatLike(t.dtype))
            fail(n, QStringLiteral("ct.truediv"), QStringLiteral("needs float tiles"));
        return t.result(*this, QStringLiteral("divf(%1, %2, rounding::%3, ftz::%4)")
                                   .arg(t.a.expr, t.b.expr, o.rounding.isEmpty() ? QStringLiteral("NearestEven") : o.rounding,
                                        o.ftz.isEmpty() ? QStringLiteral("Disabled") : o.ftz));
    }
    if (name.startsWith(QLatin1String("bitwise_")) && name != QLatin1String("bitwise_not")) {
        static const QHash<QString, QString> ops{{QStringLiteral("bitwise_and"), QStringLiteral("&")}, {QStringLiteral("bitwise_or"), QStringLiteral("|")},
                                                 {QStringLiteral("bitwise_xor"), QStringLiteral("^")}, {QStringLiteral("bitwise_lshift"), QStringLiteral("<<")},
                                                 {QStringLiteral("bitwise_rshift"), QStringLiteral(">>")}};
        if (!ops.contains(name))
            fail(n, QStringLiteral("ct.%1").arg(name), QStringLiteral("not lowered"));
        const RustValue a = expr(argument(n, 0, "x")), b = expr(argument(n, 1, "y"));
        return a.isTile() || b.isTile() ? tileBinary(ops.value(name), a, b, n) : scalarBinary(ops.value(name), a, b, n);
    }
    if (name == QLatin1String("permute") || (name == QLatin1String("transpose") && !node::isNull(argument(n, 1, "axis0")))) {
        const RustValue x = tileArgument(argument(n, 0, "x"));
        QList<int> axes;
        if (name == QLatin1String("permute")) {
            const TSNode an = node::unparen(argument(n, 1, "axes"));
            if (!node::is(an, "tuple"))
                fail(n, QStringLiteral("ct.permute"), QStringLiteral("axes must be a literal tuple"));
            for (TSNode c : node::children(an)) {
                const RustValue v = expr(c);
                if (v.kind != RustValue::Kind::IntLiteral)
                    fail(c, QStringLiteral("ct.permute"), QStringLiteral("axes must be literal ints"));
                axes << int(v.integer < 0 ? v.integer + x.shape.size() : v.integer);
            }
        } else {
            const RustValue a0 = expr(argument(n, 1, "axis0")), a1 = expr(argument(n, 2, "axis1"));
            if (a0.kind != RustValue::Kind::IntLiteral || a1.kind != RustValue::Kind::IntLiteral)
                fail(n, QStringLiteral("ct.transpose"), QStringLiteral("axes must be literal ints"));
            for (int i = 0; i < int(x.shape.size()); ++i)
                axes << i;
            const int i0 = int(a0.integer < 0 ? a0.integer + x.shape.size() : a0.integer);
            const int i1 = int(a1.integer < 0 ? a1.integer + x.shape.size() : a1.integer);
            if (i0 < 0 || i1 < 0 || i0 >= axes.size() || i1 >= axes.size())
                fail(n, QStringLiteral("ct.transpose"), QStringLiteral("axis out of range"));
            std::swap(axes[i0], axes[i1]);
        }
        QList<int> sorted = axes;
        std::sort(sorted.begin(), sorted.end());
        for (int i = 0; i < int(sorted.size()); ++i)
            if (sorted[i] != i || sorted.size() != x.shape.size())
                fail(n, QStringLiteral("ct.%1").arg(name), QStringLiteral("axes must be a permutation of the tile's %1 axes").arg(x.shape.size()));
        RustValue out = x;
        out.shape.clear();
        QStringList parts;
        for (int a : axes) {
            out.shape << x.shape[a];
            parts << QString::number(a);
        }
        out.expr = bind(QStringLiteral("permute(%1, const_array![%2])").arg(x.expr, parts.join(QStringLiteral(", "))), out.typeText());
        return out;
    }
    if (name == QLatin1String("expand_dims")) {
        const RustValue x = tileArgument(argument(n, 0, "x"));
        const RustValue av = expr(argument(n, 1, "axis"));
        int axis = int(av.integer);
        if (av.kind != RustValue::Kind::IntLiteral)
            fail(n, QStringLiteral("ct.expand_dims"), QStringLiteral("axis must be a literal int"));
        if (axis < 0)
            axis += int(x.shape.size()) + 1;
        if (axis < 0 || axis > int(x.shape.size()))
            fail(n, QStringLiteral("ct.expand_dims"), QStringLiteral("axis out of range"));
        RustValue out = x;
        out.shape.insert(axis, QStringLiteral("1"));
        out.expr = bind(QStringLiteral("%1.reshape(%2)").arg(x.expr, RustValue::shapeMacro(out.shape)), out.typeText());
        return out;
    }
    if (name == QLatin1String("maximum") || name == QLatin1String("minimum")) {
        // Python's maxf/minf: NaN not propagated, no flush to zero.
        const TSNode an = argument(n, 0, "x"), bn = argument(n, 1, "y");
        const RustValue a = expr(an), b = expr(bn);
        if (!a.isTile() && !b.isTile()) {
            RustValue v;
            v.kind = RustValue::Kind::Scalar;
            v.dtype = QStringLiteral("i32");
            v.expr = bind(QStringLiteral("%1(%2, %3)").arg(name == QLatin1String("maximum") ? QStringLiteral("max") : QStringLiteral("min"),
                                                           scalarText(a, an), scalarText(b, bn)),
                          QStringLiteral("i32"));
            return v;
        }
        const TileOperands t = tileOperands(a, b, n);
        const bool maximum = name == QLatin1String("maximum");
        if (isIntegerLike(t.dtype))
            return t.result(*this, QStringLiteral("%1(%2, %3)").arg(maximum ? QStringLiteral("maxi") : QStringLiteral("mini"), t.a.expr, t.b.expr));
        if (!isFloatLike(t.dtype))
            fail(n, QStringLiteral("ct.%1").arg(name), QStringLiteral("operands of dtype %1 are not lowered").arg(t.dtype));
        return t.result(*this, QStringLiteral("%1(%2, %3, nan::Disabled, ftz::Disabled)")
                                   .arg(maximum ? QStringLiteral("maxf") : QStringLiteral("minf"), t.a.expr, t.b.expr));
    }
    if (name == QLatin1String("num_tiles"))
        return numTiles(n);
    if (name == QLatin1String("mma"))
        return mma(n);
    if (name == QLatin1String("matmul")) {
        const TSNode an = argument(n, 0, "x"), bn = argument(n, 1, "y");
        return matmulProduct(tileArgument(an), tileArgument(bn), n);
    }
    if (name == QLatin1String("cdiv")) {
        const TSNode a = node::positional(n, 0), b = node::positional(n, 1);
        RustValue v;
        v.kind = RustValue::Kind::Scalar;
        v.dtype = QStringLiteral("i32");
        v.expr = QStringLiteral("ceil_div(%1, %2)").arg(scalarText(expr(a), a), scalarText(expr(b), b));
        return v;
    }
    fail(n, QStringLiteral("ct.%1").arg(name), QStringLiteral("not lowered by the generator yet"));
}


namespace {

// Width of a Rust integer element type ("i32", "u64"); 0 for anything else.
int integerBits(const QString &t)
{
    static const QRegularExpression re(QStringLiteral("^[iu](8|16|32|64)$"));
    const QRegularExpressionMatch m = re.match(t);
    return m.hasMatch() ? m.captured(1).toInt() : 0;
}

} // namespace

RustValue KernelLowering::astype(TSNode c)
{
    const TSNode xNode = argument(c, 0, "x");
    const RustValue x = expr(xNode);
    const QString to = dtypeArgument(argument(c, 1, "dtype"));
    RustValue out;
    out.kind = RustValue::Kind::Tile;
    out.dtype = to;
    if (x.isTile()) {
        out.shape = x.shape;
        if (resolve(x.dtype) == resolve(to))
            return x; // astype to the same dtype is the identity in cuTile Python
        // cutile 0.4.0's convert_tile refuses i32 <-> i64; integer widening
        // and narrowing have their own ops (exti keeps the source's sign).
        // Same-width signedness changes are conversionFunction's bitcast.
        const int fromBits = integerBits(resolve(x.dtype)), toBits = integerBits(resolve(to));
        if (fromBits > 0 && toBits > fromBits)
            out.expr = bind(QStringLiteral("exti(%1)").arg(x.expr), out.typeText());
        else if (fromBits > 0 && toBits > 0 && toBits < fromBits)
            out.expr = bind(QStringLiteral("trunci(%1, overflow::None)").arg(x.expr), out.typeText());
        else
            out.expr = bind(QStringLiteral("%1(%2)").arg(conversionFunction(x.dtype, to), x.expr), out.typeText());
        return out;
    }
    if (x.kind == RustValue::Kind::Scalar || x.kind == RustValue::Kind::BlockId) {
        // A scalar becomes a rank-0 tile, then converts (never `as`, never itof).
        const QString from = x.kind == RustValue::Kind::BlockId ? QStringLiteral("i32") : resolve(x.dtype);
        if (from.startsWith(QLatin1String("Tp")))
            fail(c, QStringLiteral("ct.astype"), QStringLiteral("the scalar's dtype is not known here"));
        const QString t0 = bind(QStringLiteral("scalar_to_tile(%1)").arg(x.expr), RustValue::tileType(from, {}));
        out.expr = from == to ? t0 : bind(QStringLiteral("%1(%2)").arg(conversionFunction(from, to), t0), out.typeText());
        return out;
    }
    fail(c, QStringLiteral("ct.astype"), QStringLiteral("operand must be a tile or a scalar"));
}


RustValue KernelLowering::creation(TSNode c, const QString &name)
{
    RustValue out;
    out.kind = RustValue::Kind::Tile;
    if (name == QLatin1String("arange")) {
        const QString n = shapeDim(argument(c, 0, "size"));
        const TSNode dt = argument(c, -1, "dtype");
        out.dtype = node::isNull(dt) ? QStringLiteral("i32") : dtypeArgument(dt);
        if (out.dtype != QLatin1String("i32"))
            fail(c, QStringLiteral("ct.arange"), QStringLiteral("only int32 iota is lowered"));
        out.shape = QStringList{n};
        out.expr = bind(QStringLiteral("iota(%1)").arg(RustValue::shapeMacro(out.shape)), out.typeText());
        return out;
    }
    out.shape = shapeArgument(argument(c, 0, "shape"));
    RustValue value;
    TSNode dtypeNode;
    if (name == QLatin1String("full")) {
        value = expr(argument(c, 1, "fill_value"));
        dtypeNode = argument(c, 2, "dtype");
    } else {
        value.kind = RustValue::Kind::IntLiteral;
        value.integer = name == QLatin1String("ones") ? 1 : 0;
        value.number = double(value.integer);
        dtypeNode = argument(c, 1, "dtype");
    }
    if (node::isNull(dtypeNode))
        fail(c, QStringLiteral("ct.%1").arg(name), QStringLiteral("needs an explicit dtype"));
    out.dtype = dtypeArgument(dtypeNode);
    if (value.kind == RustValue::Kind::Scalar || value.kind == RustValue::Kind::BlockId) {
        // A runtime fill: the scalar as a rank-0 tile, converted, broadcast.
        const QString from = value.kind == RustValue::Kind::BlockId ? QStringLiteral("i32") : resolve(value.dtype);
        if (from.startsWith(QLatin1String("Tp")))
            fail(c, QStringLiteral("ct.%1").arg(name), QStringLiteral("the fill value's dtype is not known here"));
        QString t0 = bind(QStringLiteral("scalar_to_tile(%1)").arg(value.expr), RustValue::tileType(from, {}));
        if (resolve(out.dtype) != from)
            t0 = bind(QStringLiteral("%1(%2)").arg(conversionFunction(from, out.dtype), t0), RustValue::tileType(out.dtype, {}));
        QStringList ones;
        for (int i = 0; i < out.shape.size(); ++i)
            ones << QStringLiteral("1");
        if (!ones.isEmpty())
            t0 = bind(QStringLiteral("%1.reshape(%2)").arg(t0, RustValue::shapeMacro(ones)), RustValue::tileType(out.dtype, ones));
        out.expr = ones == out.shape ? t0 : bind(QStringLiteral("%1.broadcast(%2)").arg(t0, RustValue::shapeMacro(out.shape)), out.typeText());
        return out;
    }
    if (!value.isLiteral())
        fail(c, QStringLiteral("ct.%1").arg(name), QStringLiteral("the fill value must be a constant"));
    if (resolve(out.dtype).startsWith(QLatin1String("TpDtype")))
        return toTile(value, out.dtype, out.shape, c); // an f32 constant converted to the generic type
    out.expr = bind(QStringLiteral("constant(%1, %2)").arg(literalText(value, out.dtype, c), RustValue::shapeMacro(out.shape)),
                    out.typeText());
    return out;
}

RustValue KernelLowering::reshape(TSNode c, bool transpose)
{
    const RustValue x = tileArgument(argument(c, 0, "x"));
    RustValue out = x;
    if (transpose) {
        if (x.shape.size() != 2 || !node::isNull(argument(c, 1, "axis0")))
            fail(c, QStringLiteral("ct.transpose"), QStringLiteral("only the rank-2 form without axes is lowered"));
        out.shape = QStringList{x.shape[1], x.shape[0]};
        out.expr = bind(QStringLiteral("%1.transpose()").arg(x.expr), out.typeText());
        return out;
    }
    out.shape = shapeArgument(argument(c, 1, "shape"));
    out.expr = bind(QStringLiteral("%1.reshape(%2)").arg(x.expr, RustValue::shapeMacro(out.shape)), out.typeText());
    return out;
}

RustValue KernelLowering::where(TSNode c)
{
    const RustValue cond = tileArgument(argument(c, 0, "cond"));
    const RustValue a = expr(argument(c, 1, "x"));
    const RustValue b = expr(argument(c, 2, "y"));
    if (resolve(cond.dtype) != QLatin1String("bool"))
        fail(c, QStringLiteral("ct.where"), QStringLiteral("the condition must be a bool tile"));
    QString dtype = a.isTile() ? a.dtype : b.isTile() ? b.dtype : QString();
    if (dtype.isEmpty() && a.isLiteral() && b.isLiteral())
        // Two Python literals: the default dtype of their kind, as in Python.
        dtype = a.kind == RustValue::Kind::FloatLiteral || b.kind == RustValue::Kind::FloatLiteral ? QStringLiteral("f32") : QStringLiteral("i32");
    if (dtype.isEmpty())
        fail(c, QStringLiteral("ct.where"), QStringLiteral("one of the values must be a tile or both literals"));
    QStringList shape = broadcastShape(cond.shape, a.isTile() ? a.shape : cond.shape, c);
    shape = broadcastShape(shape, b.isTile() ? b.shape : shape, c);
    const RustValue tc = toTile(cond, QStringLiteral("bool"), shape, c);
    const RustValue ta = toTile(a, dtype, shape, c), tb = toTile(b, dtype, shape, c);
    RustValue out;
    out.kind = RustValue::Kind::Tile;
    out.dtype = dtype;
    out.shape = shape;
    out.expr = bind(QStringLiteral("select(%1, %2, %3)").arg(tc.expr, ta.expr, tb.expr), out.typeText());
    return out;
}

} // namespace tileport::rust
