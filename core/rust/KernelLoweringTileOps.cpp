// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// Tile operations: reductions (one axis or all), ct.extract, ct.cumsum and
// the one-argument math functions with their flush_to_zero= and
// rounding_mode= options (docs/translator.md, Mapping).
#include "KernelLowering.h"

#include "RustNames.h"

#include "SyntaxNode.h"

#include <algorithm>

namespace tileport::rust {

using namespace tileport::frontend;

// keepdims= of a reduction: absent or a literal bool.
bool KernelLowering::keepDims(TSNode keepNode)
{
    if (node::isNull(keepNode))
        return false;
    const RustValue k = expr(keepNode);
    if (k.kind != RustValue::Kind::BoolLiteral)
        fail(keepNode, QStringLiteral("keepdims"), QStringLiteral("must be a literal bool"));
    return k.integer != 0;
}

RustValue KernelLowering::reduction(TSNode c, const QString &fn)
{
    const RustValue x = tileArgument(argument(c, 0, "x"));
    const TSNode axisNode = argument(c, 1, "axis");
    const TSNode keepNode = argument(c, 2, "keepdims");
    if (node::isNull(axisNode) || m_src.text(node::unparen(axisNode)) == QLatin1String("None")) {
        // A full reduction: cuTile Python reduces axis 0 once per axis, down
        // to a rank-0 tile.
        const bool keep = keepDims(keepNode);
        RustValue out = x;
        while (!out.shape.isEmpty()) {
            out.shape.removeFirst();
            out.expr = bind(QStringLiteral("%1(%2, 0i32)").arg(fn, out.expr), out.typeText());
        }
        if (keep) {
            out.shape = QStringList(x.shape.size(), QStringLiteral("1"));
            out.expr = bind(QStringLiteral("%1.reshape(%2)").arg(out.expr, RustValue::shapeMacro(out.shape)), out.typeText());
        } else {
            relabelReduced(out);
        }
        return out;
    }
    if (!node::is(node::unparen(axisNode), "integer") && !node::is(node::unparen(axisNode), "unary_operator"))
        fail(c, QStringLiteral("ct.%1").arg(fn.mid(7)), QStringLiteral("needs a literal axis or None"));
    const RustValue av = expr(axisNode);
    if (av.kind != RustValue::Kind::IntLiteral)
        fail(axisNode, QStringLiteral("reduction axis"), QStringLiteral("must be a literal int"));
    int axis = int(av.integer);
    const int rank = int(x.shape.size());
    if (axis < 0)
        axis += rank;
    if (axis < 0 || axis >= rank)
        fail(axisNode, QStringLiteral("reduction axis"), QStringLiteral("out of range for rank %1").arg(rank));
    const bool keep = keepDims(keepNode);
    QStringList reduced = x.shape;
    reduced.removeAt(axis);
    RustValue out;
    out.kind = RustValue::Kind::Tile;
    out.dtype = x.dtype;
    out.shape = reduced;
    out.expr = bind(QStringLiteral("%1(%2, %3i32)").arg(fn, x.expr).arg(axis), out.typeText());
    if (keep) {
        QStringList kept = x.shape;
        kept[axis] = QStringLiteral("1");
        out.shape = kept;
        out.expr = bind(QStringLiteral("%1.reshape(%2)").arg(out.expr, RustValue::shapeMacro(kept)), out.typeText());
    } else {
        relabelReduced(out);
    }
    return out;
}

// cutile 0.4.0 checks that the operands of `+ - * /` and of the *_tile
// comparisons have one type by comparing their Rust type tokens
// (compile_binary_op.rs). A reduce_* result's type is built from the
// instantiated element type and the numeric shape (compile_intrinsic.rs,
// "reduce": `Tile<f32, {[128]}>`), while every other op takes the
// annotated spelling (`Tile<E, {[TILE_D]}>`), so the two never compare
// equal. Where they can differ (a const-generic dimension, a generic
// element type), the result goes through convert_tile to its own type:
// an identity conversion, which cutile lowers to no op and which gives the
// value the annotated spelling. (A keepdims reshape does the same.)
void KernelLowering::relabelReduced(RustValue &out)
{
    const bool symbolic = resolve(out.dtype).startsWith(QLatin1String("TpDtype"))
                          || std::any_of(out.shape.cbegin(), out.shape.cend(), [](const QString &d) {
                                 bool numeric = false;
                                 d.toInt(&numeric);
                                 return !numeric;
                             });
    if (symbolic)
        out.expr = bind(QStringLiteral("convert_tile(%1)").arg(out.expr), out.typeText());
}

// ct.extract(x, index, shape): the index counts subtiles, as Tile IR's
// extract does; each index is a rank-0 i32 tile.
RustValue KernelLowering::extract(TSNode c)
{
    const RustValue x = tileArgument(argument(c, 0, "x"));
    const QStringList index = indexArgument(argument(c, 1, "index"));
    const TSNode shapeNode = argument(c, 2, "shape");
    if (node::isNull(shapeNode))
        fail(c, QStringLiteral("ct.extract"), QStringLiteral("needs shape="));
    const QStringList shape = shapeArgument(shapeNode);
    if (index.size() != x.shape.size() || shape.size() != x.shape.size())
        fail(c, QStringLiteral("ct.extract"), QStringLiteral("index and shape must have the tile's rank %1").arg(x.shape.size()));
    QStringList tiles;
    for (const QString &i : index)
        tiles << bind(QStringLiteral("scalar_to_tile(%1)").arg(i), RustValue::tileType(QStringLiteral("i32"), {}));
    RustValue out = x;
    out.shape = shape;
    out.expr = bind(QStringLiteral("extract(%1, [%2])").arg(x.expr, tiles.join(QStringLiteral(", "))), out.typeText());
    return out;
}

// ct.cumsum(x, axis=0, reverse=False): Tile IR's scan with an add region.
RustValue KernelLowering::cumulativeSum(TSNode c)
{
    const RustValue x = tileArgument(argument(c, 0, "x"));
    const TSNode axisNode = argument(c, 1, "axis");
    int axis = 0;
    if (!node::isNull(axisNode)) {
        const RustValue av = expr(axisNode);
        if (av.kind != RustValue::Kind::IntLiteral)
            fail(axisNode, QStringLiteral("ct.cumsum axis"), QStringLiteral("must be a literal int"));
        axis = int(av.integer);
    }
    const int rank = int(x.shape.size());
    if (axis < 0)
        axis += rank;
    if (axis < 0 || axis >= rank)
        fail(c, QStringLiteral("ct.cumsum axis"), QStringLiteral("out of range for rank %1").arg(rank));
    QString reverse = QStringLiteral("Forward");
    for (TSNode a : node::children(node::field(c, "arguments"))) {
        if (!node::is(a, "keyword_argument"))
            continue;
        const QString k = m_src.text(node::field(a, "name"));
        if (k == QLatin1String("x") || k == QLatin1String("axis"))
            continue;
        const RustValue v = expr(node::field(a, "value"));
        if (k == QLatin1String("reverse") && v.kind == RustValue::Kind::BoolLiteral)
            reverse = v.integer ? QStringLiteral("Reverse") : QStringLiteral("Forward");
        else
            fail(a, QStringLiteral("ct.cumsum"), QStringLiteral("option '%1' is not lowered (reverse= takes a literal bool)").arg(k));
    }
    const QString dt = resolve(x.dtype);
    RustValue zero;
    zero.kind = isFloatLike(dt) ? RustValue::Kind::FloatLiteral : RustValue::Kind::IntLiteral;
    // The scan's identity is typed; a generic element type gives its own zero.
    const QString identity = dt.startsWith(QLatin1String("Tp")) ? dt + QStringLiteral("::ZERO") : literalText(zero, dt, c);
    RustValue out = x;
    out.expr = bind(QStringLiteral("scan_sum(%1, %2i32, reverse::%3, %4)").arg(x.expr).arg(axis).arg(reverse, identity),
                    x.typeText());
    return out;
}

// flush_to_zero= and rounding_mode= of the math functions.
KernelLowering::MathOptions KernelLowering::mathOptions(TSNode c, const QString &what, const QStringList &positional)
{
    MathOptions o;
    for (TSNode a : node::children(node::field(c, "arguments"))) {
        if (!node::is(a, "keyword_argument"))
            continue;
        const QString k = m_src.text(node::field(a, "name"));
        if (positional.contains(k))
            continue;
        const RustValue v = expr(node::field(a, "value"));
        if (k == QLatin1String("flush_to_zero")) {
            if (v.kind != RustValue::Kind::BoolLiteral)
                fail(a, what, QStringLiteral("flush_to_zero must be a literal bool"));
            o.ftz = v.integer ? QStringLiteral("Enabled") : QStringLiteral("Disabled");
        } else if (k == QLatin1String("rounding_mode")) {
            o.rounding = RustNames::roundingMode(v.kind == RustValue::Kind::Enum ? v.expr : QString());
            if (o.rounding.isEmpty())
                fail(a, what, QStringLiteral("rounding_mode '%1' is not lowered").arg(m_src.text(node::field(a, "value"))));
        } else {
            fail(a, what, QStringLiteral("option '%1' is not lowered").arg(k));
        }
    }
    return o;
}

RustValue KernelLowering::unaryMath(TSNode c, const QString &name)
{
    const RustValue x = tileArgument(argument(c, 0, "x"));
    const MathOptions o = mathOptions(c, QStringLiteral("ct.%1").arg(name), {QStringLiteral("x")});
    const QString ftz = o.ftz.isEmpty() ? QStringLiteral("Disabled") : o.ftz;
    QString call;
    if (name == QLatin1String("rsqrt") || name == QLatin1String("exp2")) {
        if (!o.rounding.isEmpty())
            fail(c, QStringLiteral("ct.%1").arg(name), QStringLiteral("rounding_mode is not lowered for this function"));
        call = QStringLiteral("%1(%2, ftz::%3)").arg(name, x.expr, ftz);
    } else if (name == QLatin1String("sqrt")) {
        call = QStringLiteral("sqrt(%1, rounding::%2, ftz::%3)").arg(x.expr, o.rounding.isEmpty() ? QStringLiteral("NearestEven") : o.rounding, ftz);
    } else if ((name == QLatin1String("exp") || name == QLatin1String("tanh"))
               && (o.rounding == QLatin1String("Approx") || o.rounding == QLatin1String("Full")) && o.ftz.isEmpty()) {
        call = QStringLiteral("unsafe { %1_with_rounding(%2, rounding::%3) }").arg(name, x.expr, o.rounding);
    } else {
        if (!o.ftz.isEmpty() || !o.rounding.isEmpty())
            fail(c, QStringLiteral("ct.%1").arg(name), QStringLiteral("these flush_to_zero/rounding_mode options are not lowered"));
        call = QStringLiteral("%1(%2)").arg(name, x.expr);
    }
    RustValue out = x;
    out.expr = bind(call, x.typeText());
    return out;
}

} // namespace tileport::rust
