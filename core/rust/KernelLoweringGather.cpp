// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// ct.gather / ct.scatter through pointer lanes, built the way cuTile Python
// builds every one of them (its gather/scatter never use a view): each
// axis's index is widened to u64 (`exti`, signed, so that the unsigned
// bounds compare also rejects negative indices) and broadcast to the common
// index shape; with check_bounds each axis adds `index < shape[axis]` to the
// mask; the offsets `index * stride` are summed, and the base pointer is
// broadcast and offset. A mask= tile is and-ed in after the bounds.
//
// Strides: the last axis has stride 1 on both sides (cuTile Python's
// dispatcher and cutile's launcher specialize a unit last stride to the
// constant 1), which the entry declares as a launch precondition
// (TensorParam::unitLastStride; a last axis of size 1 also serves). The
// other axes' strides are i32 parameters of the entry after the array
// (EntrySignature::strideParams): cutile's tensor metadata holds only the
// strides that are not 1, so no fixed position in it names an axis's.
#include "KernelLowering.h"

#include "SyntaxNode.h"

#include <algorithm>
#include <cmath>

namespace tileport::rust {

using namespace tileport::frontend;

KernelLowering::GatherAccess KernelLowering::gatherAccess(TSNode c, const QString &what, const RustValue &t)
{
    const TSNode indexNode = node::unparen(argument(c, 1, "indices"));
    if (node::isNull(indexNode))
        fail(c, what, QStringLiteral("needs indices"));
    QList<TSNode> items;
    if (node::is(indexNode, "tuple"))
        for (TSNode i : node::children(indexNode))
            items << i;
    else
        items << indexNode;
    if (int(items.size()) != t.rank)
        fail(indexNode, what, QStringLiteral("%1 indices for an array of rank %2").arg(items.size()).arg(t.rank));
    GatherAccess g;
    for (TSNode item : items) {
        RustValue v = expr(item);
        if (v.kind == RustValue::Kind::BlockId) {
            v.kind = RustValue::Kind::Scalar;
            v.dtype = QStringLiteral("i32");
        }
        if (v.kind == RustValue::Kind::IntLiteral) {
            v.kind = RustValue::Kind::Scalar;
            v.expr = QStringLiteral("%1i32").arg(v.integer);
            v.dtype = QStringLiteral("i32");
        }
        if (!v.isTile() && v.kind != RustValue::Kind::Scalar)
            fail(item, what, QStringLiteral("an index must be an integer scalar or tile"));
        // An index read from an array of a generic dtype fixes it to int32
        // here; an entry with it int64 is asked for too.
        if (resolve(v.dtype).startsWith(QLatin1String("Tp"))) {
            offerInt64(v.dtype, QStringLiteral("i32"), item, what);
            unify(v.dtype, QStringLiteral("i32"), item, what);
        }
        if (resolve(v.dtype) != QLatin1String("i32") && resolve(v.dtype) != QLatin1String("i64"))
            fail(item, what, QStringLiteral("the index must be int32 or int64, not %1").arg(finalDtype(v.dtype)));
        if (v.isTile())
            g.shape = broadcastShape(g.shape, v.shape, item);
        g.index << v;
    }
    for (TSNode a : node::children(node::field(c, "arguments"))) {
        if (!node::is(a, "keyword_argument"))
            continue;
        const QString k = m_src.text(node::field(a, "name"));
        const TSNode value = node::field(a, "value");
        if (k == QLatin1String("latency")) {
            const RustValue v = expr(value);
            if (v.kind != RustValue::Kind::IntLiteral)
                fail(a, what, QStringLiteral("latency must be a literal int"));
            g.latencyCycles = int(v.integer);
        } else if (k == QLatin1String("check_bounds")) {
            // Only a literal False drops the bounds: a check only a config
            // decides (`TILE != N`) keeps them, which reads the same where
            // the access is in bounds.
            const RustValue v = expr(value);
            g.checkBounds = !v.isLiteral() || v.number != 0.0 || v.integer != 0;
        } else if (k == QLatin1String("mask")) {
            if (m_src.text(value) == QLatin1String("None"))
                continue;
            g.mask = expr(value);
            g.maskAt = value;
            g.hasMask = true;
            if (!g.mask.isTile() || resolve(g.mask.dtype) != QLatin1String("bool"))
                fail(value, what, QStringLiteral("mask= must be a bool tile"));
            g.shape = broadcastShape(g.shape, g.mask.shape, value);
        } else if (k == QLatin1String("padding_value") && what == QLatin1String("ct.gather")) {
            g.padding = expr(value);
            g.paddingAt = value;
            g.hasPadding = true;
            if (!g.padding.isLiteral())
                fail(a, what, QStringLiteral("padding_value must be a literal"));
        } else if (k != QLatin1String("array") && k != QLatin1String("indices") && k != QLatin1String("value")) {
            fail(a, what, QStringLiteral("option '%1' is not lowered").arg(k));
        }
    }
    return g;
}

// The element type's zero as a scalar (the gather's padding value).
QString KernelLowering::zeroScalar(const QString &dtype) const
{
    const QString dt = resolve(dtype);
    if (dt.startsWith(QLatin1String("Tp")) || dt == QLatin1String("f16") || dt == QLatin1String("bf16"))
        return dt + QStringLiteral("::ZERO");
    return isFloatLike(dt) ? QStringLiteral("0.0%1").arg(dt) : QStringLiteral("0%1").arg(dt);
}

// An int32 or int64 index (scalar or tile) as a u64 tile of `shape`: int32
// widens (exti, signed), int64 is the same Tile IR type (a bitcast).
QString KernelLowering::wideIndex(const RustValue &index, const QStringList &shape, TSNode at)
{
    RustValue narrow = index;
    const QString dt = resolve(index.dtype) == QLatin1String("i64") ? QStringLiteral("i64") : QStringLiteral("i32");
    if (!narrow.isTile()) {
        narrow.kind = RustValue::Kind::Tile;
        narrow.shape.clear();
        narrow.expr = bind(QStringLiteral("scalar_to_tile(%1)").arg(index.expr), RustValue::tileType(dt, {}));
    }
    RustValue wide;
    wide.kind = RustValue::Kind::Tile;
    wide.dtype = QStringLiteral("u64");
    wide.shape = narrow.shape;
    wide.expr = bind(QStringLiteral("%1(%2)").arg(dt == QLatin1String("i64") ? QStringLiteral("bitcast") : QStringLiteral("exti"),
                                                 narrow.expr),
                     RustValue::tileType(QStringLiteral("u64"), narrow.shape));
    return toTile(wide, QStringLiteral("u64"), shape, at).expr;
}

QString KernelLowering::pointerLanes(const RustValue &t, const GatherAccess &g, TSNode at, QString *mask)
{
    const QString u64 = QStringLiteral("u64");
    const QString u64Type = RustValue::tileType(u64, g.shape);
    const QString boolType = RustValue::tileType(QStringLiteral("bool"), g.shape);
    const auto scalarTile = [&](const QString &i32Scalar) {
        RustValue s;
        s.kind = RustValue::Kind::Scalar;
        s.dtype = QStringLiteral("i32");
        s.expr = i32Scalar;
        return wideIndex(s, g.shape, at);
    };
    QString offset, bounds;
    m_unitLastStride.insert(t.param);
    for (int axis = 0; axis < t.rank; ++axis) {
        const QString wide = wideIndex(g.index[axis], g.shape, at);
        if (g.checkBounds) {
            const QString n = scalarTile(QStringLiteral("%1.shape()[%2]").arg(t.param).arg(axis));
            const QString inside = bind(QStringLiteral("lt_tile(%1, %2)").arg(wide, n), boolType);
            bounds = bounds.isEmpty() ? inside : bind(QStringLiteral("andi(%1, %2)").arg(bounds, inside), boolType);
        }
        // The last axis's stride is the constant 1 on both sides; Python
        // still multiplies by it.
        QString delta;
        if (axis + 1 == t.rank) {
            const QString one = bind(QStringLiteral("constant(1u64, %1)").arg(RustValue::shapeMacro(g.shape)), u64Type);
            delta = bind(QStringLiteral("%1 * %2").arg(wide, one), u64Type);
        } else {
            const QString name = QStringLiteral("%1_stride%2").arg(t.param).arg(axis);
            if (std::none_of(m_signature.strideParams.cbegin(), m_signature.strideParams.cend(),
                             [&](const EntrySignature::StrideParam &p) { return p.name == name; })) {
                if (m_vars.contains(name))
                    fail(at, QStringLiteral("ct.gather"), QStringLiteral("'%1' names the stride parameter of '%2'").arg(name, t.param));
                m_signature.strideParams << EntrySignature::StrideParam{t.param, axis, name};
            }
            const QString stride = scalarTile(name);
            delta = bind(QStringLiteral("%1 * %2").arg(wide, stride), u64Type);
        }
        offset = offset.isEmpty() ? delta : bind(QStringLiteral("%1 + %2").arg(offset, delta), u64Type);
    }
    if (g.hasMask) {
        const QString custom = toTile(g.mask, QStringLiteral("bool"), g.shape, g.maskAt).expr;
        bounds = bounds.isEmpty() ? custom : bind(QStringLiteral("andi(%1, %2)").arg(bounds, custom), boolType);
    }
    *mask = bounds.isEmpty() ? QStringLiteral("None") : QStringLiteral("Some(%1)").arg(bounds);
    const auto ptrType = [&](const QStringList &shape) {
        return QStringLiteral("PointerTile<*mut %1, { [%2] }>").arg(t.dtype, shape.join(QStringLiteral(", ")));
    };
    QString base = bind(QStringLiteral("get_tensor_base(%1)").arg(t.param), ptrType({}));
    if (!g.shape.isEmpty()) {
        QStringList ones;
        for (int i = 0; i < int(g.shape.size()); ++i)
            ones << QStringLiteral("1");
        base = bind(QStringLiteral("%1.reshape(%2)").arg(base, RustValue::shapeMacro(ones)), ptrType(ones));
        if (ones != g.shape)
            base = bind(QStringLiteral("%1.broadcast(%2)").arg(base, RustValue::shapeMacro(g.shape)), ptrType(g.shape));
    }
    return bind(QStringLiteral("addptr_tile(%1, %2)").arg(base, offset), ptrType(g.shape));
}

RustValue KernelLowering::gather(TSNode c)
{
    const RustValue t = tensorArgument(argument(c, 0, "array"));
    if (m_blockOutputs.contains(t.param))
        fail(c, QStringLiteral("ct.gather"), QStringLiteral("'%1' is a block output").arg(t.param));
    const GatherAccess g = gatherAccess(c, QStringLiteral("ct.gather"), t);
    QString mask;
    const QString lanes = pointerLanes(t, g, c, &mask);
    // Masked-off lanes read the padding value (Python's default is 0). It
    // goes into the load as a scalar where cutile can take it: cutile
    // broadcasts a scalar padding through a rank-1 reshape, so a result of
    // rank 2 or more, and an infinite or NaN padding (a std constant, which
    // cutile folds only as a constant's value), load unpadded and select
    // the padding tile into the masked-off lanes.
    RustValue pad = g.padding;
    if (!g.hasPadding) {
        pad.kind = RustValue::Kind::IntLiteral;
        pad.integer = 0;
        pad.number = 0.0;
    }
    const bool masked = mask != QLatin1String("None");
    const bool zero = pad.number == 0.0 && !std::signbit(pad.number);
    if (!zero && !isFloatLike(t.dtype))
        fail(g.paddingAt, QStringLiteral("ct.gather"), QStringLiteral("a non-zero padding needs a float array"));
    const bool selected = masked && (g.shape.size() > 1 || std::isinf(pad.number) || std::isnan(pad.number));
    QString padding = QStringLiteral("None");
    if (masked && !selected) {
        QString value;
        const QString dt = resolve(t.dtype);
        const bool direct = dt == QLatin1String("f32") || dt == QLatin1String("f64") || (zero && isIntegerLike(dt));
        if (zero && direct) {
            value = zeroScalar(t.dtype);
        } else {
            // cutile takes `E::ZERO` only as a constant tile's value and
            // turns no generic rank-0 tile into a scalar, so a generic or
            // half element type converts an f32 literal.
            const QString literal = literalText(pad, direct ? dt : QStringLiteral("f32"), g.paddingAt);
            value = direct ? literal : bind(QStringLiteral("convert_scalar(%1)").arg(literal), t.dtype);
        }
        padding = QStringLiteral("Some(%1)").arg(value);
    }
    RustValue out;
    out.kind = RustValue::Kind::Tile;
    out.dtype = t.dtype;
    out.shape = g.shape;
    const QString tile = QStringLiteral("t%1_").arg(m_temp++);
    emit(QStringLiteral("let (%1, _%1): (%2, Token) = unsafe { load_ptr_tko(%3, ordering::Weak, None::<scope::TileBlock>, %4, %5, "
                        "Some(get_tensor_token(%6)), Latency::<%7>) };")
             .arg(tile, out.typeText(), lanes, mask, padding, t.param)
             .arg(g.latencyCycles));
    m_lastTemp.clear();
    out.expr = tile;
    if (selected) {
        const QString lanesMask = mask.mid(5, mask.size() - 6); // Some(<name>)
        const RustValue fill = toTile(pad, t.dtype, g.shape, g.hasPadding ? g.paddingAt : c);
        out.expr = bind(QStringLiteral("select(%1, %2, %3)").arg(lanesMask, tile, fill.expr), out.typeText());
    }
    return out;
}

void KernelLowering::scatter(TSNode c)
{
    const RustValue t = tensorArgument(argument(c, 0, "array"));
    if (m_blockOutputs.contains(t.param))
        fail(c, QStringLiteral("ct.scatter"), QStringLiteral("'%1' is a block output").arg(t.param));
    const GatherAccess g = gatherAccess(c, QStringLiteral("ct.scatter"), t);
    const TSNode valueNode = argument(c, 2, "value");
    if (node::isNull(valueNode))
        fail(c, QStringLiteral("ct.scatter"), QStringLiteral("needs a value"));
    const RustValue v = expr(valueNode);
    if (v.isTile())
        broadcastShape(v.shape, g.shape, valueNode); // the value must broadcast to the index shape
    const QString dtype = v.isTile() ? unify(v.dtype, t.dtype, valueNode, QStringLiteral("ct.scatter")) : resolve(t.dtype);
    const RustValue value = toTile(v, dtype, g.shape, valueNode);
    QString mask;
    const QString lanes = pointerLanes(t, g, c, &mask);
    emit(QStringLiteral("unsafe { store_ptr_tko(%1, %2, ordering::Weak, None::<scope::TileBlock>, %3, Some(get_tensor_token(%4)), "
                        "Latency::<%5>) };")
             .arg(lanes, value.expr, mask, t.param)
             .arg(g.latencyCycles));
}

} // namespace tileport::rust
