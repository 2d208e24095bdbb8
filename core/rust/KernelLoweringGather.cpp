// SPDX-License-Identifier: MIT
// ct.gather / ct.scatter through Tile IR gather/scatter views (13.3): the
// view carries the array's real strides and pads out-of-bounds lanes, which
// is what check_bounds=True asks for. One index may be an arbitrary int32
// tile (the sparse axis); further index tiles must be ct.arange(N) from 0,
// each varying along its own result axis (dense axes of the view); the
// others are scalars. All-scalar indices read or write a single element
// through a one-element tile. A rank-1 array indexed by one 1-D tile goes
// through pointer lanes instead (load_ptr_tko/store_ptr_tko with the
// bounds mask), which is what cuTile Python emits for it.
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
    struct TileIndex {
        int axis;       // array axis it indexes
        RustValue v;
        int resultAxis; // the one axis along which it varies (-1: none)
        QString length;
        bool iota;      // ct.arange(N) from 0: a dense axis of the view
    };
    QList<TileIndex> tiles;
    for (int axis = 0; axis < int(items.size()); ++axis) {
        RustValue v = expr(items[axis]);
        if (v.isTile() && v.shape.isEmpty()) {
            // A rank-0 tile index (a gathered or reduced value) is a scalar.
            v.kind = RustValue::Kind::Scalar;
            v.expr = bind(QStringLiteral("tile_to_scalar(%1)").arg(v.expr), v.dtype);
        }
        if (v.isTile()) {
            if (resolve(v.dtype) != QLatin1String("i32"))
                fail(items[axis], what, QStringLiteral("the index tile must be int32, not %1").arg(resolve(v.dtype)));
            QList<int> varying;
            for (int d = 0; d < int(v.shape.size()); ++d)
                if (v.shape[d] != QLatin1String("1"))
                    varying << d;
            if (varying.size() > 1)
                fail(items[axis], what, QStringLiteral("an index tile must vary along one axis, not %1").arg(varying.size()));
            tiles << TileIndex{axis, v, varying.isEmpty() ? -1 : varying[0], varying.isEmpty() ? QStringLiteral("1") : v.shape[varying[0]],
                               m_iotaTiles.contains(v.expr)};
            g.index << QString();
        } else {
            g.index << scalarText(v, items[axis]);
        }
    }
    int resultRank = 0;
    for (const TileIndex &t : tiles)
        resultRank = std::max(resultRank, int(t.v.shape.size()));
    if (tiles.size() > 1) {
        // Several index tiles: one may be arbitrary (the sparse axis), the
        // others must be ct.arange(N) from 0, each varying along its own
        // result axis in the array's axis order (dense axes of the view).
        if (resultRank < 2)
            fail(c, what, QStringLiteral("only one index may be a 1-D tile (one sparse axis)"));
        int sparse = -1, lastResult = -1;
        for (int i = 0; i < int(tiles.size()); ++i) {
            if (int(tiles[i].v.shape.size()) != resultRank)
                fail(items[tiles[i].axis], what, QStringLiteral("index tiles of different ranks"));
            if (tiles[i].resultAxis <= lastResult)
                fail(items[tiles[i].axis], what,
                     QStringLiteral("index tiles must vary along distinct result axes in the array's axis order"));
            lastResult = tiles[i].resultAxis;
            if (!tiles[i].iota) {
                if (sparse >= 0)
                    fail(items[tiles[i].axis], what,
                         QStringLiteral("only one index tile may be arbitrary; the others must be ct.arange(N) from 0"));
                sparse = i;
            }
        }
        if (sparse < 0)
            sparse = 0;
        for (int i = 0; i < int(tiles.size()); ++i) {
            const TileIndex &t = tiles[i];
            if (i == sparse) {
                g.sparseAxis = t.axis;
                g.length = t.length;
                g.index[t.axis] = bind(QStringLiteral("%1.reshape(shape![%2])").arg(t.v.expr, t.length),
                                       RustValue::tileType(QStringLiteral("i32"), {t.length}));
            } else {
                g.index[t.axis] = QStringLiteral("0i32"); // the first (only) tile of the dense axis
            }
        }
        for (int r = 0; r < resultRank; ++r) {
            QString len = QStringLiteral("1");
            for (const TileIndex &t : tiles)
                if (t.resultAxis == r)
                    len = t.length;
            g.resultShape << len;
        }
    } else if (tiles.size() == 1) {
        const TileIndex &t = tiles.first();
        if (t.v.shape.size() != 1)
            fail(items[t.axis], what, QStringLiteral("the index tile must be 1-D, not rank %1").arg(t.v.shape.size()));
        g.sparseAxis = t.axis;
        g.length = t.length;
        g.index[t.axis] = t.v.expr;
        g.resultShape << g.length;
    }
    QStringList bounds;
    for (int axis = 0; axis < t.rank; ++axis) {
        QString dim = QStringLiteral("1");
        for (const TileIndex &ti : tiles)
            if (ti.axis == axis)
                dim = ti.length;
        g.viewShape << dim;
        bounds << QStringLiteral("false");
    }
    if (g.sparseAxis < 0) {
        // A single element: axis 0 carries a one-lane index tile.
        const QString lane = bind(QStringLiteral("scalar_to_tile(%1)").arg(g.index[0]), RustValue::tileType(QStringLiteral("i32"), {}));
        g.index[0] = bind(QStringLiteral("%1.reshape(shape![1])").arg(lane), RustValue::tileType(QStringLiteral("i32"), {QStringLiteral("1")}));
        g.sparseAxis = 0;
        g.length = QStringLiteral("1");
    }
    g.inbounds = QStringLiteral("[%1]").arg(bounds.join(QStringLiteral(", ")));
    g.indexText = g.index.size() == 1 ? QStringLiteral("[%1]").arg(g.index[0]) : QStringLiteral("(%1)").arg(g.index.join(QStringLiteral(", ")));
    for (TSNode a : node::children(node::field(c, "arguments"))) {
        if (!node::is(a, "keyword_argument"))
            continue;
        const QString k = m_src.text(node::field(a, "name"));
        const TSNode value = node::field(a, "value");
        if (k == QLatin1String("latency")) {
            const RustValue v = expr(value);
            if (v.kind != RustValue::Kind::IntLiteral)
                fail(a, what, QStringLiteral("latency must be a literal int"));
            g.latency = QStringLiteral("Some(%1i32)").arg(v.integer);
            g.latencyCycles = int(v.integer);
        } else if (k == QLatin1String("check_bounds")) {
            const RustValue v = expr(value);
            // The view pads (or drops) out-of-bounds lanes either way, and
            // pointer lanes keep the mask unless the check is literally off
            // (`TILE != N` is only decided per config): an unchecked access
            // that is in bounds reads the same.
            g.checkBounds = !v.isLiteral() || v.number != 0.0 || v.integer != 0;
        } else if (k == QLatin1String("mask")) {
            if (m_src.text(value) != QLatin1String("None"))
                fail(a, what, QStringLiteral("mask= is not lowered yet"));
        } else if (k == QLatin1String("padding_value") && what == QLatin1String("ct.gather")) {
            const RustValue v = expr(value);
            if (!v.isLiteral())
                fail(a, what, QStringLiteral("padding_value must be a literal"));
            if (v.number == 0.0 && !std::signbit(v.number))
                g.padding = QStringLiteral("Zero");
            else if (std::isinf(v.number))
                g.padding = v.number < 0 ? QStringLiteral("NegInf") : QStringLiteral("PosInf");
            else if (std::isnan(v.number))
                g.padding = QStringLiteral("Nan");
            else
                fail(a, what, QStringLiteral("padding_value %1 has no Tile IR padding mode (0, +-inf, nan)").arg(m_src.text(value)));
        } else if (k != QLatin1String("array") && k != QLatin1String("indices") && k != QLatin1String("value")) {
            fail(a, what, QStringLiteral("option '%1' is not lowered").arg(k));
        }
    }
    // A flat array indexed by one 1-D tile goes through pointer lanes: the
    // array's stride is 1 (cuTile Python assumes a unit last stride too).
    g.pointerForm = t.rank == 1 && tiles.size() == 1 && g.resultShape.size() == 1;
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

// The pointer lanes of a rank-1 access, built as cuTile Python builds them:
// the index widened to 64 bits (`exti` signed, held as u64 so that the
// bounds test is the unsigned compare that also rejects negative indices),
// the base pointer broadcast and offset. `mask` receives the in-bounds test,
// or "None" without check_bounds.
QString KernelLowering::pointerLanes(const RustValue &t, const GatherAccess &g, QString *mask)
{
    const QStringList one{QStringLiteral("1")}, lanes{g.length};
    const QString wide = bind(QStringLiteral("exti(%1)").arg(g.index[0]), RustValue::tileType(QStringLiteral("u64"), lanes));
    *mask = QStringLiteral("None");
    if (g.checkBounds) {
        const QString n = bind(QStringLiteral("scalar_to_tile(%1.shape()[0])").arg(t.param), RustValue::tileType(QStringLiteral("i32"), {}));
        const QString n64 = bind(QStringLiteral("exti(%1)").arg(n), RustValue::tileType(QStringLiteral("u64"), {}));
        const QString n1 = bind(QStringLiteral("%1.reshape(%2)").arg(n64, RustValue::shapeMacro(one)), RustValue::tileType(QStringLiteral("u64"), one));
        const QString nb = bind(QStringLiteral("%1.broadcast(%2)").arg(n1, RustValue::shapeMacro(lanes)), RustValue::tileType(QStringLiteral("u64"), lanes));
        *mask = QStringLiteral("Some(%1)").arg(bind(QStringLiteral("lt_tile(%1, %2)").arg(wide, nb), RustValue::tileType(QStringLiteral("bool"), lanes)));
    }
    const auto ptrType = [&](const QStringList &shape) {
        return QStringLiteral("PointerTile<*mut %1, { [%2] }>").arg(t.dtype, shape.join(QStringLiteral(", ")));
    };
    const QString base = bind(QStringLiteral("get_tensor_base(%1)").arg(t.param), ptrType({}));
    const QString base1 = bind(QStringLiteral("%1.reshape(%2)").arg(base, RustValue::shapeMacro(one)), ptrType(one));
    const QString baseN = bind(QStringLiteral("%1.broadcast(%2)").arg(base1, RustValue::shapeMacro(lanes)), ptrType(lanes));
    return bind(QStringLiteral("addptr_tile(%1, %2)").arg(baseN, wide), ptrType(lanes));
}

QString KernelLowering::gatherView(const RustValue &t, const GatherAccess &g, const QString &padding)
{
    m_signature.rawTileIr = true;
    return bind(QStringLiteral("unsafe { make_gather_scatter_view(%1, %2, padding::%3) }")
                    .arg(t.param, RustValue::shapeMacro(g.viewShape), padding),
                QStringLiteral("GatherScatterView<%1, { [%2] }, %3>")
                    .arg(t.dtype, g.viewShape.join(QStringLiteral(", ")))
                    .arg(g.sparseAxis));
}

RustValue KernelLowering::gather(TSNode c)
{
    const RustValue t = tensorArgument(argument(c, 0, "array"));
    if (m_blockOutputs.contains(t.param))
        fail(c, QStringLiteral("ct.gather"), QStringLiteral("'%1' is a block output").arg(t.param));
    GatherAccess g = gatherAccess(c, QStringLiteral("ct.gather"), t);
    if (g.padding.isEmpty())
        g.padding = QStringLiteral("Zero"); // Python's default padding_value is 0
    if (g.padding != QLatin1String("Zero") && !isFloatLike(t.dtype))
        fail(c, QStringLiteral("ct.gather"), QStringLiteral("a non-zero padding needs a float array"));
    const QString type = RustValue::tileType(t.dtype, g.viewShape);
    if (g.pointerForm && g.padding == QLatin1String("Zero")) {
        QString mask;
        const QString lanes = pointerLanes(t, g, &mask);
        QString padding = QStringLiteral("None");
        if (g.checkBounds) {
            // The padding scalar. cutile takes `E::ZERO` only as a constant
            // tile's value and turns no generic rank-0 tile into a scalar,
            // so a generic or half element type converts an f32 zero.
            QString zero = zeroScalar(t.dtype);
            if (zero.endsWith(QLatin1String("::ZERO")))
                zero = bind(QStringLiteral("convert_scalar(0.0f32)"), t.dtype);
            padding = QStringLiteral("Some(%1)").arg(zero);
        }
        const QString tile = QStringLiteral("t%1_").arg(m_temp++);
        emit(QStringLiteral("let (%1, _%1): (%2, Token) = unsafe { load_ptr_tko(%3, ordering::Weak, None::<scope::TileBlock>, %4, %5, "
                            "Some(get_tensor_token(%6)), Latency::<%7>) };")
                 .arg(tile, type, lanes, mask, padding, t.param)
                 .arg(g.latencyCycles));
        m_lastTemp.clear();
        RustValue out;
        out.kind = RustValue::Kind::Tile;
        out.dtype = t.dtype;
        out.shape = g.resultShape;
        out.expr = tile;
        return out;
    }
    const QString view = gatherView(t, g, g.padding);
    const QString tile = QStringLiteral("t%1_").arg(m_temp++);
    emit(QStringLiteral("let (%1, _%1): (%2, Token) = unsafe { load_view_raw(&%3, %4, None, ordering::Weak, scope::Device, "
                        "tma::Disabled, %5, %6, %7) };")
             .arg(tile, type, view, g.indexText, g.latency, g.inbounds, RustValue::shapeMacro(g.viewShape)));
    m_lastTemp.clear();
    RustValue out;
    out.kind = RustValue::Kind::Tile;
    out.dtype = t.dtype;
    out.shape = g.resultShape;
    out.expr = g.viewShape == g.resultShape ? tile
                                            : bind(QStringLiteral("%1.reshape(%2)").arg(tile, RustValue::shapeMacro(g.resultShape)),
                                                   out.typeText());
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
    const QString dtype = v.isTile() ? unify(v.dtype, t.dtype, valueNode, QStringLiteral("ct.scatter")) : resolve(t.dtype);
    RustValue value = toTile(v, dtype, g.resultShape, valueNode);
    QString tile = value.expr;
    if (g.pointerForm) {
        QString mask;
        const QString lanes = pointerLanes(t, g, &mask);
        emit(QStringLiteral("unsafe { store_ptr_tko(%1, %2, ordering::Weak, None::<scope::TileBlock>, %3, Some(get_tensor_token(%4)), "
                            "Latency::<%5>) };")
                 .arg(lanes, tile, mask, t.param)
                 .arg(g.latencyCycles));
        return;
    }
    if (g.resultShape != g.viewShape)
        tile = bind(QStringLiteral("%1.reshape(%2)").arg(tile, RustValue::shapeMacro(g.viewShape)), RustValue::tileType(dtype, g.viewShape));
    const QString view = gatherView(t, g, QStringLiteral("None"));
    emit(QStringLiteral("unsafe { store_view_raw(&%1, %2, %3, None, ordering::Weak, scope::Device, tma::Disabled, %4, %5) };")
             .arg(view, tile, g.indexText, g.latency, g.inbounds));
}

} // namespace tileport::rust
