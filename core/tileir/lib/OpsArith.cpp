// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// Verifiers of the arithmetic, comparison and conversion ops
// (tileir-format.md §2.2, §3.4-§3.6).

#include "tileport/TileIR/TileIROps.h"

using namespace mlir;

namespace tileport::tileir {

namespace {

Type elementOf(Value v) { return cast<TileType>(v.getType()).getElementType(); }
ArrayRef<int64_t> shapeOf(Value v) { return cast<TileType>(v.getType()).getShape(); }

LogicalResult verifyFtz(Operation *op, bool ftz, Value result)
{
    if (ftz && !elementOf(result).isF32())
        return op->emitOpError("flush_to_zero is only supported for f32, got ") << elementOf(result);
    return success();
}

bool isIEEE(RoundingMode m)
{
    return m == RoundingMode::NearestEven || m == RoundingMode::Zero
        || m == RoundingMode::NegativeInf || m == RoundingMode::PositiveInf;
}

LogicalResult verifyIEEERounding(Operation *op, RoundingMode m)
{
    if (!isIEEE(m))
        return op->emitOpError("rounding mode must be nearest_even, zero, negative_inf or "
                               "positive_inf, got ")
               << stringifyRoundingMode(m);
    return success();
}

// divf / sqrt: IEEE modes plus approx (and full for divf), f32 only.
LogicalResult verifyApproxFullRounding(Operation *op, RoundingMode m, bool allowFull, Value result)
{
    bool approx = m == RoundingMode::Approx, full = m == RoundingMode::Full;
    if (!isIEEE(m) && !approx && !(allowFull && full))
        return op->emitOpError("unsupported rounding mode ") << stringifyRoundingMode(m);
    if ((approx || full) && !elementOf(result).isF32())
        return op->emitOpError() << stringifyRoundingMode(m) << " is only supported for f32, got "
                                 << elementOf(result);
    return success();
}

LogicalResult verifySameShape(Operation *op, Value a, Value b, StringRef what)
{
    if (shapeOf(a) != shapeOf(b))
        return op->emitOpError() << what << " must have the same shape";
    return success();
}

} // namespace

//===----------------------------------------------------------------------===//
// Floating point
//===----------------------------------------------------------------------===//

LogicalResult AddFOp::verify()
{
    if (failed(verifyIEEERounding(*this, getRoundingMode())))
        return failure();
    return verifyFtz(*this, getFlushToZero(), getResult());
}

LogicalResult SubFOp::verify()
{
    if (failed(verifyIEEERounding(*this, getRoundingMode())))
        return failure();
    return verifyFtz(*this, getFlushToZero(), getResult());
}

LogicalResult MulFOp::verify()
{
    if (failed(verifyIEEERounding(*this, getRoundingMode())))
        return failure();
    return verifyFtz(*this, getFlushToZero(), getResult());
}

LogicalResult FmaOp::verify()
{
    if (failed(verifyIEEERounding(*this, getRoundingMode())))
        return failure();
    return verifyFtz(*this, getFlushToZero(), getResult());
}

LogicalResult DivFOp::verify()
{
    if (failed(verifyApproxFullRounding(*this, getRoundingMode(), /*allowFull=*/true, getResult())))
        return failure();
    return verifyFtz(*this, getFlushToZero(), getResult());
}

LogicalResult SqrtOp::verify()
{
    if (failed(verifyApproxFullRounding(*this, getRoundingMode(), /*allowFull=*/false, getResult())))
        return failure();
    return verifyFtz(*this, getFlushToZero(), getResult());
}

LogicalResult Exp2Op::verify() { return verifyFtz(*this, getFlushToZero(), getResult()); }
LogicalResult RsqrtOp::verify() { return verifyFtz(*this, getFlushToZero(), getResult()); }
LogicalResult MaxFOp::verify() { return verifyFtz(*this, getFlushToZero(), getResult()); }
LogicalResult MinFOp::verify() { return verifyFtz(*this, getFlushToZero(), getResult()); }

namespace {

LogicalResult verifyApproxOrFull(Operation *op, RoundingMode m, Value result)
{
    if (m != RoundingMode::Approx && m != RoundingMode::Full)
        return op->emitOpError("rounding mode must be approx or full, got ")
               << stringifyRoundingMode(m);
    if (m == RoundingMode::Approx && !elementOf(result).isF32())
        return op->emitOpError("approx is only supported for f32, got ") << elementOf(result);
    return success();
}

} // namespace

LogicalResult ExpOp::verify() { return verifyApproxOrFull(*this, getRoundingMode(), getResult()); }
LogicalResult TanHOp::verify() { return verifyApproxOrFull(*this, getRoundingMode(), getResult()); }

//===----------------------------------------------------------------------===//
// Integer
//===----------------------------------------------------------------------===//

LogicalResult DivIOp::verify()
{
    RoundingMode m = getRounding();
    if (m != RoundingMode::Zero && m != RoundingMode::PositiveInf && m != RoundingMode::NegativeInf)
        return emitOpError("rounding must be zero, positive_inf or negative_inf, got ")
               << stringifyRoundingMode(m);
    if (m == RoundingMode::NegativeInf && getSignedness() == Signedness::Unsigned)
        return emitOpError("negative_inf rounding needs signed division");
    return success();
}

// Negation has signed semantics.
LogicalResult NegIOp::verify()
{
    if (getOverflow() == IntegerOverflow::NoUnsignedWrap)
        return emitOpError("'no_unsigned_wrap' is not supported");
    return success();
}

//===----------------------------------------------------------------------===//
// Comparison and selection
//===----------------------------------------------------------------------===//

LogicalResult CmpIOp::verify() { return verifySameShape(*this, getLhs(), getResult(), "operands and result"); }
LogicalResult CmpFOp::verify() { return verifySameShape(*this, getLhs(), getResult(), "operands and result"); }
LogicalResult SelectOp::verify() { return verifySameShape(*this, getCond(), getResult(), "condition and result"); }

//===----------------------------------------------------------------------===//
// Conversions
//===----------------------------------------------------------------------===//

LogicalResult BitcastOp::verify()
{
    if (failed(verifySameShape(*this, getSource(), getResult(), "source and result")))
        return failure();
    Type from = elementOf(getSource()), to = elementOf(getResult());
    if (from.getIntOrFloatBitWidth() != to.getIntOrFloatBitWidth())
        return emitOpError("source and result element types must have the same width, got ")
               << from << " and " << to;
    return success();
}

OpFoldResult BitcastOp::fold(FoldAdaptor adaptor)
{
    auto dense = dyn_cast_or_null<DenseElementsAttr>(adaptor.getSource());
    auto to = dyn_cast<ShapedType>(getResult().getType());
    if (!dense || !dense.isSplat() || !to)
        return {};
    APInt bits;
    if (auto i = dyn_cast<DenseIntElementsAttr>(dense))
        bits = i.getSplatValue<APInt>();
    else if (auto f = dyn_cast<DenseFPElementsAttr>(dense))
        bits = f.getSplatValue<APFloat>().bitcastToAPInt();
    else
        return {};
    const Type e = to.getElementType();
    if (auto ft = dyn_cast<FloatType>(e))
        return DenseElementsAttr::get(to, FloatAttr::get(ft, APFloat(ft.getFloatSemantics(), bits)));
    if (auto it = dyn_cast<IntegerType>(e); it && it.getWidth() == bits.getBitWidth())
        return DenseElementsAttr::get(to, IntegerAttr::get(it, bits));
    return {};
}

LogicalResult ExtIOp::verify()
{
    if (failed(verifySameShape(*this, getFrom(), getTo(), "source and result")))
        return failure();
    if (elementOf(getTo()).getIntOrFloatBitWidth() <= elementOf(getFrom()).getIntOrFloatBitWidth())
        return emitOpError("must extend to a wider integer type");
    return success();
}

LogicalResult TruncIOp::verify()
{
    if (failed(verifySameShape(*this, getFrom(), getTo(), "source and result")))
        return failure();
    if (elementOf(getTo()).getIntOrFloatBitWidth() >= elementOf(getFrom()).getIntOrFloatBitWidth())
        return emitOpError("must truncate to a narrower integer type");
    return success();
}

LogicalResult FPowIOp::verify()
{
    if (failed(verifySameShape(*this, getSource(), getExponent(), "source and exponent")))
        return failure();
    const unsigned width = elementOf(getExponent()).getIntOrFloatBitWidth();
    if (width != 8 && width != 16 && width != 32)
        return emitOpError("exponent must be i8, i16 or i32");
    return success();
}

LogicalResult FToFOp::verify()
{
    if (failed(verifySameShape(*this, getFrom(), getTo(), "source and result")))
        return failure();
    if (getFrom().getType() == getTo().getType())
        return emitOpError("source and result types must differ");
    RoundingMode m = getRoundingMode();
    Type to = elementOf(getTo());
    if (isa<Float8E8M0FNUType>(to)) {
        if (m != RoundingMode::Zero && m != RoundingMode::PositiveInf)
            return emitOpError("conversion to f8E8M0FNU needs rounding zero or positive_inf");
        return success();
    }
    // Tile IR 13.4 adds directed roundings towards the wider float types
    // and nearest_away towards f64.
    bool allowed = m == RoundingMode::NearestEven;
    if (m == RoundingMode::Zero)
        allowed = to.isF64() || to.isF32() || to.isTF32() || to.isF16() || to.isBF16();
    else if (m == RoundingMode::NegativeInf || m == RoundingMode::PositiveInf)
        allowed = to.isF64() || to.isF32() || to.isF16();
    else if (m == RoundingMode::NearestAway)
        allowed = to.isF64();
    if (!allowed)
        return emitOpError("rounding mode ") << stringifyRoundingMode(m) << " does not apply to a conversion to " << to;
    return success();
}

LogicalResult FToIOp::verify()
{
    if (failed(verifySameShape(*this, getFrom(), getTo(), "source and result")))
        return failure();
    if (getRoundingMode() != RoundingMode::NearestIntToZero)
        return emitOpError("rounding mode must be nearest_int_to_zero");
    return success();
}

LogicalResult IToFOp::verify()
{
    if (failed(verifySameShape(*this, getFrom(), getTo(), "source and result")))
        return failure();
    if (isa<Float8E8M0FNUType>(elementOf(getTo())))
        return emitOpError("integer to f8E8M0FNU conversion is not supported");
    if (getRoundingMode() != RoundingMode::NearestEven)
        return emitOpError("rounding mode must be nearest_even, got ")
               << stringifyRoundingMode(getRoundingMode());
    return success();
}

OpFoldResult IToFOp::fold(FoldAdaptor adaptor)
{
    auto dense = dyn_cast_or_null<DenseIntElementsAttr>(adaptor.getFrom());
    auto to = dyn_cast<ShapedType>(getTo().getType());
    auto ft = to ? dyn_cast<FloatType>(to.getElementType()) : FloatType();
    if (!dense || !dense.isSplat() || !ft)
        return {};
    const APInt i = dense.getSplatValue<APInt>();
    APFloat f(ft.getFloatSemantics());
    const auto status = f.convertFromAPInt(i, getSignedness() == Signedness::Signed, APFloat::rmNearestTiesToEven);
    if (status != APFloat::opOK) // only exact values: the fold must not round
        return {};
    return DenseElementsAttr::get(to, FloatAttr::get(ft, f));
}

LogicalResult IntToPtrOp::verify() { return verifySameShape(*this, getSource(), getResult(), "source and result"); }
LogicalResult PtrToIntOp::verify() { return verifySameShape(*this, getSource(), getResult(), "source and result"); }
LogicalResult PtrToPtrOp::verify() { return verifySameShape(*this, getSource(), getResult(), "source and result"); }

namespace {

// pack / unpack: rank-1 tiles of the same byte size and different widths.
LogicalResult verifyPackUnpack(Operation *op, Value source, Value result)
{
    auto bitsOf = [](TileType t) -> uint64_t {
        Type e = t.getElementType();
        uint64_t width = isa<FloatTF32Type>(e) ? 32 : e.getIntOrFloatBitWidth();
        return width * static_cast<uint64_t>(t.getNumElements());
    };
    auto src = cast<TileType>(source.getType()), res = cast<TileType>(result.getType());
    if (src.getRank() != 1 || res.getRank() != 1)
        return op->emitOpError("source and result must be rank-1 tiles");
    if (src.getElementType().getIntOrFloatBitWidth() == res.getElementType().getIntOrFloatBitWidth())
        return op->emitOpError("source and result element types must have different widths");
    if (bitsOf(src) % 8 != 0 || bitsOf(src) != bitsOf(res))
        return op->emitOpError("source and result must have the same size in bytes");
    return success();
}

} // namespace

LogicalResult PackOp::verify() { return verifyPackUnpack(*this, getSource(), getResult()); }
LogicalResult UnpackOp::verify() { return verifyPackUnpack(*this, getSource(), getResult()); }

} // namespace tileport::tileir
