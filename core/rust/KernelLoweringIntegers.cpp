// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// Python integer semantics that Rust's operators do not share: floor
// division and a modulo that takes the divisor's sign, on scalars and on
// integer tiles, plus bitwise operators on integer tiles. Each lowers to
// the same Tile IR cuTile Python emits (divi rounding<negative_inf>, remi
// plus a sign fix-up), never to Rust's truncating `/` and `%`.
#include "KernelLowering.h"

#include "SyntaxNode.h"

namespace tileport::rust {

bool KernelLowering::isIntegerLike(const QString &dtype) const
{
    static const QStringList ints{QStringLiteral("i8"), QStringLiteral("i16"), QStringLiteral("i32"), QStringLiteral("i64"),
                                  QStringLiteral("u8"), QStringLiteral("u16"), QStringLiteral("u32"), QStringLiteral("u64")};
    return ints.contains(resolve(dtype));
}

// The cutile function converting a tile of `from` to `to`. Integers of one
// width that differ only in signedness share a Tile IR type (i32 holds both
// int32 and uint32) and cuTile Python's astype between them emits nothing;
// cutile refuses convert_tile for them, and bitcast is its relabel.
QString KernelLowering::conversionFunction(const QString &from, const QString &to) const
{
    const QString a = resolve(from), b = resolve(to);
    if (a != b && isIntegerLike(a) && isIntegerLike(b) && a.mid(1) == b.mid(1))
        return QStringLiteral("bitcast");
    return QStringLiteral("convert_tile");
}

// a and b are bound tiles of `dtype` and `shape`; returns the bound result.
QString KernelLowering::integerTileOp(const QString &op, const QString &a, const QString &b, const QString &dtype,
                                      const QStringList &shape, TSNode at)
{
    const QString type = RustValue::tileType(dtype, shape);
    if (op == QLatin1String("//"))
        return bind(QStringLiteral("divi(%1, %2, rounding::NegativeInf)").arg(a, b), type);
    if (op == QLatin1String("&") || op == QLatin1String("|") || op == QLatin1String("^")) {
        const QString fn = op == QLatin1String("&") ? QStringLiteral("andi")
                           : op == QLatin1String("|") ? QStringLiteral("ori") : QStringLiteral("xori");
        return bind(QStringLiteral("%1(%2, %3)").arg(fn, a, b), type);
    }
    // `<<` is cutile's operator, not shli(.., overflow::None): that op's
    // annotation writes no overflow attribute for None, which the bytecode
    // writer requires (ShLI); the operator emits shli with overflow none,
    // as cuTile Python does.
    if (op == QLatin1String("<<"))
        return bind(QStringLiteral("%1 << %2").arg(a, b), type);
    if (op == QLatin1String(">>"))
        return bind(QStringLiteral("shri(%1, %2)").arg(a, b), type);
    if (op != QLatin1String("%"))
        fail(at, QStringLiteral("operator %1").arg(op), QStringLiteral("not lowered on integers"));
    // remi takes the dividend's sign, Python's % the divisor's: add the
    // divisor back where the two signs differ and the remainder is not 0.
    const QString boolType = RustValue::tileType(QStringLiteral("bool"), shape);
    const QString r = bind(QStringLiteral("remi(%1, %2)").arg(a, b), type);
    const QString zero = bind(QStringLiteral("constant(0%1, %2)").arg(resolve(dtype), RustValue::shapeMacro(shape)), type);
    const QString rNeg = bind(QStringLiteral("lt_tile(%1, %2)").arg(r, zero), boolType);
    const QString bNeg = bind(QStringLiteral("lt_tile(%1, %2)").arg(b, zero), boolType);
    const QString differ = bind(QStringLiteral("xori(%1, %2)").arg(rNeg, bNeg), boolType);
    const QString nonZero = bind(QStringLiteral("ne_tile(%1, %2)").arg(r, zero), boolType);
    const QString fix = bind(QStringLiteral("andi(%1, %2)").arg(differ, nonZero), boolType);
    const QString adjusted = bind(QStringLiteral("%1 + %2").arg(r, b), type);
    return bind(QStringLiteral("select(%1, %2, %3)").arg(fix, adjusted, r), type);
}

// i32 scalars go through rank-0 tiles, as cuTile Python's scalars are.
// The bitwise operators are Rust's on i32: cutile emits the same andi /
// ori / xori / shli / shri on the scalar (a rank-0 tile in Tile IR) and,
// unlike for an op call, folds `&`, `|` and `^` of constants (`STAGE & 1`
// on a ct.Constant decides an `if` as cuTile Python's folding does).
RustValue KernelLowering::scalarIntegerOp(const QString &op, const RustValue &a, const RustValue &b, TSNode at)
{
    const QString sa = scalarText(a, at), sb = scalarText(b, at);
    static const QStringList bitwise{QStringLiteral("&"), QStringLiteral("|"), QStringLiteral("^"), QStringLiteral("<<"),
                                     QStringLiteral(">>")};
    if (bitwise.contains(op)) {
        RustValue out;
        out.kind = RustValue::Kind::Scalar;
        out.dtype = QStringLiteral("i32");
        out.expr = QStringLiteral("(%1 %2 %3)").arg(sa, op, sb);
        return out;
    }
    const QString rank0 = RustValue::tileType(QStringLiteral("i32"), {});
    const QString ta = bind(QStringLiteral("scalar_to_tile(%1)").arg(sa), rank0);
    const QString tb = bind(QStringLiteral("scalar_to_tile(%1)").arg(sb), rank0);
    const QString r = integerTileOp(op, ta, tb, QStringLiteral("i32"), {}, at);
    RustValue out;
    out.kind = RustValue::Kind::Scalar;
    out.dtype = QStringLiteral("i32");
    out.expr = bind(QStringLiteral("tile_to_scalar(%1)").arg(r), QStringLiteral("i32"));
    return out;
}

} // namespace tileport::rust
