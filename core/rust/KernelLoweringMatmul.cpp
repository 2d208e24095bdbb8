// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// Matrix-multiply support: ct.num_tiles (the K loop bound) and ct.mma.
#include "KernelLowering.h"

#include "SyntaxNode.h"

namespace tileport::rust {

using namespace tileport::frontend;

// ct.num_tiles(a, axis, shape): an unpadded partition view and its index
// space extent, as cuTile Python computes it.
RustValue KernelLowering::numTiles(TSNode c)
{
    const RustValue t = tensorArgument(argument(c, 0, "array"));
    const RustValue axis = expr(argument(c, 1, "axis"));
    const QStringList shape = shapeArgument(argument(c, 2, "shape"));
    if (axis.kind != RustValue::Kind::IntLiteral || axis.integer < 0 || axis.integer >= t.rank)
        fail(c, QStringLiteral("ct.num_tiles"), QStringLiteral("the axis must be a literal in range"));
    if (int(shape.size()) != t.rank)
        fail(c, QStringLiteral("ct.num_tiles"), QStringLiteral("the shape must have the array's rank"));
    if (m_blockOutputs.contains(t.param))
        fail(c, QStringLiteral("ct.num_tiles"), QStringLiteral("'%1' is a block output").arg(t.param));
    const QString view = bind(QStringLiteral("unsafe { make_partition_view(%1, %2, padding::None, dim_map::Identity, "
                                             "get_tensor_token(%1)) }")
                                  .arg(t.param, RustValue::shapeMacro(shape)),
                              QStringLiteral("Partition<%1, { [%2] }>").arg(t.dtype, shape.join(QStringLiteral(", "))));
    RustValue out;
    out.kind = RustValue::Kind::Scalar;
    out.dtype = QStringLiteral("i32");
    out.expr = QStringLiteral("num_tiles(&%1, %2i32)").arg(view).arg(axis.integer);
    return out;
}

// ct.mma(a, b, acc): the accumulator keeps the reference's type (f32 for
// f16/bf16 inputs); the operands must share one element type.
RustValue KernelLowering::mma(TSNode c)
{
    const TSNode an = argument(c, 0, "x"), bn = argument(c, 1, "y"), accn = argument(c, 2, "acc");
    const RustValue a = tileArgument(an), b = tileArgument(bn), acc = tileArgument(accn);
    if (a.shape.size() != 2 || b.shape.size() != 2 || acc.shape.size() != 2)
        fail(c, QStringLiteral("ct.mma"), QStringLiteral("only rank-2 operands are lowered"));
    if (a.shape[1] != b.shape[0] || a.shape[0] != acc.shape[0] || b.shape[1] != acc.shape[1])
        fail(c, QStringLiteral("ct.mma"),
             QStringLiteral("shapes [%1] x [%2] -> [%3] do not chain").arg(a.shape.join(QStringLiteral(", ")),
                                                                          b.shape.join(QStringLiteral(", ")),
                                                                          acc.shape.join(QStringLiteral(", "))));
    unify(a.dtype, b.dtype, c, QStringLiteral("ct.mma operands"));
    RustValue out = acc;
    out.dtype = resolve(acc.dtype);
    out.expr = bind(QStringLiteral("mma(%1, %2, %3)").arg(a.expr, b.expr, acc.expr), out.typeText());
    return out;
}

// ct.matmul(a, b) and a @ b, as cuTile Python lowers them: an MMA into a
// zero accumulator of the operands' default MMA type (f16 for f16 and fp8,
// f32 for bf16/f32/tf32, f64, i32 for 8-bit integers), then a cast back to
// the operands' dtype (none when they agree). On a dtype variable the f16
// case gets an entry of its own; the generic entry accumulates in f32.
RustValue KernelLowering::matmulProduct(const RustValue &a, const RustValue &b, TSNode at)
{
    if (a.shape.size() != 2 || b.shape.size() != 2)
        fail(at, QStringLiteral("ct.matmul"), QStringLiteral("only rank-2 operands are lowered"));
    if (a.shape[1] != b.shape[0])
        fail(at, QStringLiteral("ct.matmul"),
             QStringLiteral("shapes [%1] x [%2] do not chain").arg(a.shape.join(QStringLiteral(", ")),
                                                                  b.shape.join(QStringLiteral(", "))));
    unify(a.dtype, b.dtype, at, QStringLiteral("ct.matmul operands"));
    const QString dtype = resolve(a.dtype);
    QString accDtype = QStringLiteral("f32");
    if (dtype.startsWith(QLatin1String("Tp")))
        recordDtypeTest(dtype, QStringLiteral("f16"), at, QStringLiteral("ct.matmul"));
    else if (dtype == QLatin1String("f16") || dtype.startsWith(QLatin1String("f8")))
        accDtype = QStringLiteral("f16");
    else if (dtype == QLatin1String("i8") || dtype == QLatin1String("u8"))
        accDtype = QStringLiteral("i32");
    else if (dtype == QLatin1String("f64"))
        accDtype = QStringLiteral("f64");
    else if (isIntegerLike(dtype))
        fail(at, QStringLiteral("ct.matmul"), QStringLiteral("operands of dtype %1 have no MMA").arg(dtype));
    const QStringList shape{a.shape[0], b.shape[1]};
    // cutile takes an element type's ZERO as a constant's value (f16 has no literal).
    RustValue zeroValue;
    zeroValue.kind = RustValue::Kind::IntLiteral;
    const QString zero = accDtype == QLatin1String("f16") ? QStringLiteral("f16::ZERO") : literalText(zeroValue, accDtype, at);
    const QString acc = bind(QStringLiteral("constant(%1, %2)").arg(zero, RustValue::shapeMacro(shape)),
                             RustValue::tileType(accDtype, shape));
    RustValue out;
    out.kind = RustValue::Kind::Tile;
    out.dtype = accDtype;
    out.shape = shape;
    out.expr = bind(QStringLiteral("mma(%1, %2, %3)").arg(a.expr, b.expr, acc), out.typeText());
    if (dtype == accDtype)
        return out;
    RustValue cast = out;
    cast.dtype = a.dtype;
    cast.expr = bind(QStringLiteral("%1(%2)").arg(conversionFunction(accDtype, a.dtype), out.expr), cast.typeText());
    return cast;
}

} // namespace tileport::rust
