// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// Verifiers of the tile construction, shape, reduction, MMA and assume ops
// (tileir-format.md §3.7-§3.9).

#include "tileport/TileIR/TileIROps.h"

#include <mlir/Interfaces/SideEffectInterfaces.h>

using namespace mlir;

namespace tileport::tileir {

namespace {

TileType tileOf(Value v) { return cast<TileType>(v.getType()); }

} // namespace

//===----------------------------------------------------------------------===//
// constant, iota
//===----------------------------------------------------------------------===//

LogicalResult ConstantOp::verify()
{
    if (getValue().getType() != getResult().getType())
        return emitOpError("value type ") << getValue().getType()
                                          << " does not match the result type "
                                          << getResult().getType();
    return success();
}

namespace {

OpFoldResult foldSplat(Attribute source, Type result)
{
    auto dense = dyn_cast_or_null<DenseIntOrFPElementsAttr>(source);
    auto shaped = dyn_cast<ShapedType>(result);
    if (!dense || !dense.isSplat() || !shaped)
        return {};
    return DenseElementsAttr::get(shaped, dense.getSplatValue<Attribute>());
}

} // namespace

OpFoldResult ReshapeOp::fold(FoldAdaptor adaptor) { return foldSplat(adaptor.getSource(), getType()); }
OpFoldResult BroadcastOp::fold(FoldAdaptor adaptor) { return foldSplat(adaptor.getSource(), getType()); }

LogicalResult IotaOp::verify()
{
    TileType type = tileOf(getResult());
    if (type.getRank() != 1)
        return emitOpError("result must be a rank-1 tile");
    unsigned width = type.getElementType().getIntOrFloatBitWidth();
    if (width < 64 && static_cast<uint64_t>(type.getDimSize(0)) > (uint64_t(1) << width))
        return emitOpError("the ") << type.getDimSize(0) << " elements do not fit in "
                                   << type.getElementType();
    return success();
}

//===----------------------------------------------------------------------===//
// broadcast, reshape, permute, extract, cat
//===----------------------------------------------------------------------===//

LogicalResult BroadcastOp::verify()
{
    TileType src = tileOf(getSource()), res = tileOf(getResult());
    if (src.getElementType() != res.getElementType() || src.getRank() != res.getRank())
        return emitOpError("source and result must have the same element type and rank");
    for (auto [s, r] : llvm::zip(src.getShape(), res.getShape()))
        if (s != r && s != 1)
            return emitOpError("source dimension ") << s << " cannot broadcast to " << r;
    return success();
}

LogicalResult ReshapeOp::verify()
{
    TileType src = tileOf(getSource()), res = tileOf(getResult());
    if (src.getElementType() != res.getElementType())
        return emitOpError("source and result must have the same element type");
    if (src.getNumElements() != res.getNumElements())
        return emitOpError("source and result must have the same number of elements");
    return success();
}

LogicalResult PermuteOp::verify()
{
    TileType src = tileOf(getSource()), res = tileOf(getResult());
    ArrayRef<int32_t> perm = getPermutation();
    if (src.getElementType() != res.getElementType() || src.getRank() != res.getRank())
        return emitOpError("source and result must have the same element type and rank");
    if (perm.size() != static_cast<size_t>(src.getRank()))
        return emitOpError("permutation must have ") << src.getRank() << " entries";
    SmallVector<bool> seen(perm.size(), false);
    for (auto [i, p] : llvm::enumerate(perm)) {
        if (p < 0 || static_cast<size_t>(p) >= perm.size() || seen[p])
            return emitOpError("permutation must be a permutation of 0..") << perm.size() - 1;
        seen[p] = true;
        if (res.getDimSize(i) != src.getDimSize(p))
            return emitOpError("result dimension ") << i << " must be " << src.getDimSize(p);
    }
    return success();
}

LogicalResult ExtractOp::verify()
{
    TileType src = tileOf(getSource()), res = tileOf(getResult());
    if (src.getElementType() != res.getElementType() || src.getRank() != res.getRank())
        return emitOpError("source and result must have the same element type and rank");
    if (getIndices().size() != static_cast<size_t>(src.getRank()))
        return emitOpError("expected ") << src.getRank() << " indices, got " << getIndices().size();
    for (int64_t i = 0; i < src.getRank(); ++i)
        if (src.getDimSize(i) % res.getDimSize(i) != 0)
            return emitOpError("source dimension ") << i << " (" << src.getDimSize(i)
                                                    << ") is not a multiple of the result's ("
                                                    << res.getDimSize(i) << ")";
    return success();
}

LogicalResult InsertOp::verify()
{
    TileType src = tileOf(getSource()), dst = tileOf(getDestination());
    if (src.getElementType() != dst.getElementType() || src.getRank() != dst.getRank())
        return emitOpError("source and destination must have the same element type and rank");
    if (getIndices().size() != static_cast<size_t>(dst.getRank()))
        return emitOpError("expected ") << dst.getRank() << " indices, got " << getIndices().size();
    for (int64_t i = 0; i < dst.getRank(); ++i)
        if (dst.getDimSize(i) % src.getDimSize(i) != 0)
            return emitOpError("destination dimension ") << i << " (" << dst.getDimSize(i)
                                                         << ") is not a multiple of the source's ("
                                                         << src.getDimSize(i) << ")";
    return success();
}

LogicalResult CatOp::verify()
{
    TileType lhs = tileOf(getLhs()), rhs = tileOf(getRhs()), res = tileOf(getResult());
    if (lhs.getElementType() != rhs.getElementType() || lhs.getElementType() != res.getElementType())
        return emitOpError("operands and result must have the same element type");
    if (lhs.getRank() != rhs.getRank() || lhs.getRank() != res.getRank())
        return emitOpError("operands and result must have the same rank");
    int64_t dim = static_cast<int64_t>(getDim());
    if (dim < 0 || dim >= lhs.getRank())
        return emitOpError("dim must be in [0, ") << lhs.getRank() << "), got " << dim;
    for (int64_t i = 0; i < lhs.getRank(); ++i) {
        int64_t expected = i == dim ? lhs.getDimSize(i) + rhs.getDimSize(i) : lhs.getDimSize(i);
        if ((i != dim && rhs.getDimSize(i) != lhs.getDimSize(i)) || res.getDimSize(i) != expected)
            return emitOpError("shapes do not concatenate along dimension ") << dim;
    }
    return success();
}

//===----------------------------------------------------------------------===//
// reduce, scan
//===----------------------------------------------------------------------===//

namespace {

// Shared checks; `keepDim` is true for scan (results keep the shape).
LogicalResult verifyAggregate(Operation *op, OperandRange operands, ResultRange results,
                              uint32_t dim, ArrayAttr identities, Region &body, bool keepDim)
{
    if (operands.empty())
        return op->emitOpError("needs at least one operand");
    if (results.size() != operands.size())
        return op->emitOpError("needs one result per operand");
    if (identities.size() != operands.size())
        return op->emitOpError("needs one identity per operand, got ") << identities.size();
    TileType first = tileOf(operands.front());
    if (dim >= static_cast<uint64_t>(first.getRank()))
        return op->emitOpError("dim ") << dim << " is out of range for rank " << first.getRank();
    Block &block = body.front();
    if (block.getNumArguments() != 2 * operands.size())
        return op->emitOpError("body needs two arguments per operand");
    auto yield = dyn_cast<YieldOp>(block.getTerminator());
    if (!yield || yield.getNumOperands() != operands.size())
        return op->emitOpError("body must end in a yield of one value per operand");

    for (auto [i, operand] : llvm::enumerate(operands)) {
        TileType in = tileOf(operand);
        if (in.getShape() != first.getShape())
            return op->emitOpError("all operands must have the same shape");
        SmallVector<int64_t> shape(in.getShape());
        if (!keepDim)
            shape.erase(shape.begin() + dim);
        TileType expected = TileType::get(op->getContext(), shape, in.getElementType());
        if (results[i].getType() != expected)
            return op->emitOpError("result ") << i << " must be " << expected;
        auto identity = dyn_cast<TypedAttr>(identities[i]);
        if (!identity || !isa<IntegerAttr, FloatAttr>(identity) || identity.getType() != in.getElementType())
            return op->emitOpError("identity ") << i << " must be a " << in.getElementType() << " scalar";
        TileType scalar = TileType::get(op->getContext(), {}, in.getElementType());
        if (block.getArgument(2 * i).getType() != scalar
            || block.getArgument(2 * i + 1).getType() != scalar)
            return op->emitOpError("body arguments ") << 2 * i << " and " << 2 * i + 1 << " must be "
                                                      << scalar;
        if (yield.getOperand(i).getType() != scalar)
            return op->emitOpError("yielded value ") << i << " must be " << scalar;
    }
    for (Operation &inner : block.without_terminator())
        if (!isMemoryEffectFree(&inner))
            return inner.emitOpError("is not allowed in a reduce/scan body (side effects)");
    return success();
}

} // namespace

LogicalResult ReduceOp::verifyRegions()
{
    return verifyAggregate(*this, getOperands(), getResults(), getDim(), getIdentities(), getBody(),
                           /*keepDim=*/false);
}

LogicalResult ScanOp::verifyRegions()
{
    return verifyAggregate(*this, getOperands(), getResults(), getDim(), getIdentities(), getBody(),
                           /*keepDim=*/true);
}

//===----------------------------------------------------------------------===//
// mmaf, mmai, mmaf_scaled
//===----------------------------------------------------------------------===//

namespace {

// [B x] M x K  *  [B x] K x N  +  [B x] M x N
LogicalResult verifyMmaShapes(Operation *op, TileType lhs, TileType rhs, TileType acc)
{
    int64_t rank = lhs.getRank();
    if ((rank != 2 && rank != 3) || rhs.getRank() != rank || acc.getRank() != rank)
        return op->emitOpError("operands must all be rank 2 or all rank 3");
    int64_t b = rank - 2;
    if (rank == 3 && (lhs.getDimSize(0) != rhs.getDimSize(0) || lhs.getDimSize(0) != acc.getDimSize(0)))
        return op->emitOpError("batch dimensions must match");
    if (lhs.getDimSize(b + 1) != rhs.getDimSize(b))
        return op->emitOpError("lhs K (") << lhs.getDimSize(b + 1) << ") must equal rhs K ("
                                          << rhs.getDimSize(b) << ")";
    if (acc.getDimSize(b) != lhs.getDimSize(b) || acc.getDimSize(b + 1) != rhs.getDimSize(b + 1))
        return op->emitOpError("accumulator must be M x N");
    return success();
}

} // namespace

LogicalResult MmaFOp::verify()
{
    TileType lhs = tileOf(getLhs()), rhs = tileOf(getRhs()), acc = tileOf(getAcc());
    if (failed(verifyMmaShapes(*this, lhs, rhs, acc)))
        return failure();
    Type in = lhs.getElementType(), out = acc.getElementType();
    if (rhs.getElementType() != in)
        return emitOpError("lhs and rhs must have the same element type");
    bool ok = false;
    if (isa<Float8E4M3FNType, Float8E5M2Type, Float4E2M1FNType, Float16Type>(in))
        ok = out.isF16() || out.isF32();
    else if (isa<BFloat16Type, FloatTF32Type, Float32Type>(in))
        ok = out.isF32();
    else if (in.isF64())
        ok = out.isF64();
    if (!ok)
        return emitOpError("unsupported element types ") << in << " x " << in << " -> " << out;
    return success();
}

LogicalResult MmaIOp::verify()
{
    return verifyMmaShapes(*this, tileOf(getLhs()), tileOf(getRhs()), tileOf(getAcc()));
}

LogicalResult MmaFScaledOp::verify()
{
    TileType lhs = tileOf(getLhs()), rhs = tileOf(getRhs()), acc = tileOf(getAcc());
    TileType ls = tileOf(getLhsScale()), rs = tileOf(getRhsScale());
    if (failed(verifyMmaShapes(*this, lhs, rhs, acc)))
        return failure();
    Type in = lhs.getElementType(), scale = ls.getElementType();
    if (!isa<Float8E4M3FNType, Float8E5M2Type, Float4E2M1FNType>(in) || rhs.getElementType() != in)
        return emitOpError("lhs and rhs must both be f8E4M3FN, f8E5M2 or f4E2M1FN");
    if (!acc.getElementType().isF32())
        return emitOpError("accumulator must be f32");
    if (!isa<Float8E4M3FNType, Float8E8M0FNUType>(scale) || rs.getElementType() != scale)
        return emitOpError("scales must both be f8E4M3FN or f8E8M0FNU");
    if (isa<Float8E4M3FNType>(scale) && !isa<Float4E2M1FNType>(in))
        return emitOpError("f8E4M3FN scales need f4E2M1FN operands");
    int64_t rank = lhs.getRank(), b = rank - 2;
    if (ls.getRank() != rank || rs.getRank() != rank)
        return emitOpError("scales must have the operands' rank");
    if (rank == 3 && (ls.getDimSize(0) != lhs.getDimSize(0) || rs.getDimSize(0) != rhs.getDimSize(0)))
        return emitOpError("scale batch dimensions must match");
    if (ls.getDimSize(b) != lhs.getDimSize(b) || rs.getDimSize(b + 1) != rhs.getDimSize(b + 1))
        return emitOpError("scales must match the M and N dimensions");
    int64_t k = lhs.getDimSize(b + 1), kScale = ls.getDimSize(b + 1);
    if (kScale != rs.getDimSize(b) || k % kScale != 0)
        return emitOpError("scale K dimensions must agree and divide K");
    return success();
}

//===----------------------------------------------------------------------===//
// print_tko: printf-style format, one conversion per argument
//===----------------------------------------------------------------------===//

LogicalResult PrintTkoOp::verify()
{
    StringRef format = getStr();
    size_t conversions = 0;
    for (size_t i = 0; i < format.size(); ++i) {
        if (format[i] != '%')
            continue;
        if (i + 1 < format.size() && format[i + 1] == '%') {
            ++i; // `%%` prints a percent sign
            continue;
        }
        // %[flags][width][.precision][length]conversion
        size_t j = i + 1;
        while (j < format.size() && StringRef("-+ #0").contains(format[j]))
            ++j;
        while (j < format.size() && isdigit(static_cast<unsigned char>(format[j])))
            ++j;
        if (j < format.size() && format[j] == '.') {
            ++j;
            while (j < format.size() && isdigit(static_cast<unsigned char>(format[j])))
                ++j;
        }
        while (j < format.size() && StringRef("hlLqjzt").contains(format[j]))
            ++j;
        if (j >= format.size() || !StringRef("diouxXeEfFgGaAcsp").contains(format[j]))
            return emitOpError("found unterminated format expression at offset ") << i;
        ++conversions;
        i = j;
    }
    if (conversions != getArgs().size())
        return emitOpError("incorrect number of operands: expected ")
               << conversions << ", found " << getArgs().size();
    return success();
}

//===----------------------------------------------------------------------===//
// assume
//===----------------------------------------------------------------------===//

LogicalResult AssumeOp::verify()
{
    Type type = getValue().getType();
    auto tile = dyn_cast<TileType>(type);
    bool intOrPtr = tile && isa<IntegerType, PointerType>(tile.getElementType());
    if (auto divBy = dyn_cast<DivByAttr>(getPredicate())) {
        if (isa<TensorViewType>(type)) {
            if (divBy.getEvery())
                return emitOpError("div_by 'every'/'along' cannot be used on a tensor_view");
            return success();
        }
        if (!intOrPtr)
            return emitOpError("div_by needs a tile of integers or pointers, or a tensor_view");
        if (divBy.getEvery()) {
            if (tile.getRank() == 0)
                return emitOpError("div_by 'every'/'along' cannot be used on a rank-0 tile");
            if (*divBy.getAlong() >= tile.getRank())
                return emitOpError("div_by 'along' is out of range");
        }
        return success();
    }
    if (auto same = dyn_cast<SameElementsAttr>(getPredicate())) {
        if (!intOrPtr)
            return emitOpError("same_elements needs a tile of integers or pointers");
        if (same.getValues().size() != static_cast<size_t>(tile.getRank()))
            return emitOpError("same_elements needs one value per dimension (")
                   << tile.getRank() << ")";
        for (auto [i, v] : llvm::enumerate(same.getValues()))
            if (v < 0 || v > tile.getDimSize(i))
                return emitOpError("same_elements value ") << i << " is out of range";
        return success();
    }
    auto bounded = cast<BoundedAttr>(getPredicate());
    if (!tile || !isa<IntegerType>(tile.getElementType()))
        return emitOpError("bounded needs a tile of integers");
    unsigned width = tile.getElementType().getIntOrFloatBitWidth();
    int64_t lo = width >= 64 ? INT64_MIN : -(int64_t(1) << (width - 1));
    int64_t hi = width >= 64 ? INT64_MAX : (int64_t(1) << (width - 1)) - 1;
    for (std::optional<int64_t> bound : {bounded.getLb(), bounded.getUb()})
        if (bound && (*bound < lo || *bound > hi))
            return emitOpError("bounded bound ") << *bound << " does not fit "
                                                 << tile.getElementType();
    return success();
}

} // namespace tileport::tileir
