// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// Verifiers of loads, stores, atomics, alloca and offset: the memory model,
// view indices, pointee types (tileir-format.md §3.3).

#include "tileport/TileIR/TileIROps.h"

using namespace mlir;

namespace tileport::tileir {

namespace {

//===----------------------------------------------------------------------===//
// Memory model
//===----------------------------------------------------------------------===//

enum class Access { Load, Store, Atomic };

LogicalResult verifyOrdering(Operation *op, Access access, MemoryOrderingSemantics ordering,
                             std::optional<MemoryScope> scope)
{
    using M = MemoryOrderingSemantics;
    bool ok = false;
    const char *allowed = "";
    switch (access) {
    case Access::Load:
        ok = ordering == M::Weak || ordering == M::Relaxed || ordering == M::Acquire;
        allowed = "weak, relaxed or acquire";
        break;
    case Access::Store:
        ok = ordering == M::Weak || ordering == M::Relaxed || ordering == M::Release;
        allowed = "weak, relaxed or release";
        break;
    case Access::Atomic:
        ok = ordering != M::Weak;
        allowed = "relaxed, acquire, release or acq_rel";
        break;
    }
    if (!ok)
        return op->emitOpError("memory ordering must be ")
               << allowed << ", got " << stringifyMemoryOrderingSemantics(ordering);
    if (ordering == M::Weak && scope)
        return op->emitOpError("weak ordering must not have a memory scope");
    if (ordering != M::Weak && !scope)
        return op->emitOpError("memory scope is required for ")
               << stringifyMemoryOrderingSemantics(ordering) << " ordering";
    return success();
}

LogicalResult verifyRmwMode(Operation *op, AtomicRMWMode mode, Type elem)
{
    switch (mode) {
    case AtomicRMWMode::AddF:
        if (!isBaseFloatType(elem))
            return op->emitOpError("'addf' works only with f16, bf16, f32 and f64, got ") << elem;
        return success();
    case AtomicRMWMode::Xchg:
        if (!elem.isIntOrFloat()
            || (elem.getIntOrFloatBitWidth() != 32 && elem.getIntOrFloatBitWidth() != 64))
            return op->emitOpError("'xchg' works only with 32- or 64-bit elements, got ") << elem;
        return success();
    default:
        if (!elem.isInteger(32) && !elem.isInteger(64))
            return op->emitOpError("'") << stringifyAtomicRMWMode(mode)
                                        << "' works only with i32 and i64, got " << elem;
        return success();
    }
}

Type pointeeOf(Type pointerTile)
{
    return cast<PointerType>(cast<TileType>(pointerTile).getElementType()).getPointeeType();
}

// `value` must be a tile of the pointee type with the pointer tile's shape.
LogicalResult verifyPointee(Operation *op, Type pointers, Type value, StringRef what)
{
    auto ptrTile = cast<TileType>(pointers);
    auto valueTile = cast<TileType>(value);
    if (valueTile.getShape() != ptrTile.getShape() || valueTile.getElementType() != pointeeOf(ptrTile))
        return op->emitOpError() << what << " type " << value << " does not match the pointers "
                                 << pointers;
    return success();
}

LogicalResult verifyMaskShape(Operation *op, Value mask, Type pointers)
{
    if (mask && cast<TileType>(mask.getType()).getShape() != cast<TileType>(pointers).getShape())
        return op->emitOpError("mask shape must match the pointer tile shape");
    return success();
}

//===----------------------------------------------------------------------===//
// View indices and tiles
//===----------------------------------------------------------------------===//

LogicalResult verifyViewAccess(Operation *op, Type view, ValueRange index, Type tile)
{
    unsigned rank = viewIndexRank(view);
    if (index.size() != rank)
        return op->emitOpError("expected ") << rank << " index operands for " << view << ", got "
                                           << index.size();
    if (tile != viewTileType(view))
        return op->emitOpError("tile type must be ") << viewTileType(view) << ", got " << tile;
    std::optional<unsigned> sparseDim;
    if (auto gs = dyn_cast<GatherScatterViewType>(view))
        sparseDim = gs.getSparseDim();
    Type scalarType;
    for (auto [i, v] : llvm::enumerate(index)) {
        auto t = cast<TileType>(v.getType());
        if (sparseDim && i == *sparseDim) {
            int64_t expected = cast<GatherScatterViewType>(view).getTileShape()[i];
            if (t.getRank() != 1 || t.getDimSize(0) != expected)
                return op->emitOpError("index ") << i << " (sparse_dim) must be a 1-D tile of "
                                                  << expected << " elements, got " << t;
            continue;
        }
        if (t.getRank() != 0)
            return op->emitOpError("index ") << i << " must be a rank-0 tile, got " << t;
        if (!scalarType)
            scalarType = t;
        else if (scalarType != t)
            return op->emitOpError("all scalar indices must have the same type");
    }
    return success();
}

// One inbounds flag per index operand (Tile IR 13.4).
LogicalResult verifyInbounds(Operation *op, std::optional<ArrayRef<bool>> inbounds, ValueRange index)
{
    if (inbounds && inbounds->size() != index.size())
        return op->emitOpError("inbounds has ") << inbounds->size() << " entries for " << index.size()
                                                << " index operand(s)";
    return success();
}

} // namespace

//===----------------------------------------------------------------------===//
// View ops (their syntax is in OpsViewAccess.cpp)
//===----------------------------------------------------------------------===//

LogicalResult LoadViewTkoOp::verify()
{
    if (failed(verifyViewAccess(*this, getView().getType(), getIndex(), getTile().getType())) ||
        failed(verifyInbounds(*this, getInbounds(), getIndex())))
        return failure();
    return verifyOrdering(*this, Access::Load, getMemoryOrderingSemantics(), getMemoryScope());
}

LogicalResult StoreViewTkoOp::verify()
{
    if (failed(verifyViewAccess(*this, getView().getType(), getIndex(), getTile().getType())) ||
        failed(verifyInbounds(*this, getInbounds(), getIndex())))
        return failure();
    return verifyOrdering(*this, Access::Store, getMemoryOrderingSemantics(), getMemoryScope());
}

LogicalResult AtomicRedViewTkoOp::verify()
{
    if (failed(verifyViewAccess(*this, getView().getType(), getIndex(), getValue().getType())))
        return failure();
    if (getMemoryOrderingSemantics() != MemoryOrderingSemantics::Relaxed)
        return emitOpError("memory ordering must be relaxed");
    if (getMemoryScope() == MemoryScope::Sys)
        return emitOpError("memory scope must be tl_blk or device");
    if (getMode() == AtomicRMWMode::Xchg)
        return emitOpError("'xchg' is not a reduction");
    return verifyRmwMode(*this, getMode(), cast<TileType>(getValue().getType()).getElementType());
}

//===----------------------------------------------------------------------===//
// Pointer-tile ops
//===----------------------------------------------------------------------===//

LogicalResult LoadPtrTkoOp::verify()
{
    if (failed(verifyPointee(*this, getSource().getType(), getResult().getType(), "result"))
        || failed(verifyMaskShape(*this, getMask(), getSource().getType())))
        return failure();
    if (getPaddingValue() && getPaddingValue().getType() != getResult().getType())
        return emitOpError("padding value type must match the result type");
    return verifyOrdering(*this, Access::Load, getMemoryOrderingSemantics(), getMemoryScope());
}

LogicalResult StorePtrTkoOp::verify()
{
    if (failed(verifyPointee(*this, getDestination().getType(), getValue().getType(), "value"))
        || failed(verifyMaskShape(*this, getMask(), getDestination().getType())))
        return failure();
    return verifyOrdering(*this, Access::Store, getMemoryOrderingSemantics(), getMemoryScope());
}

LogicalResult AtomicCASTkoOp::verify()
{
    if (failed(verifyPointee(*this, getPointers().getType(), getVal().getType(), "value"))
        || failed(verifyMaskShape(*this, getMask(), getPointers().getType())))
        return failure();
    Type elem = cast<TileType>(getVal().getType()).getElementType();
    if (!elem.isIntOrFloat() || (elem.getIntOrFloatBitWidth() != 32 && elem.getIntOrFloatBitWidth() != 64))
        return emitOpError("compare-and-swap works only with 32- or 64-bit elements, got ") << elem;
    return verifyOrdering(*this, Access::Atomic, getMemoryOrderingSemantics(), getMemoryScope());
}

LogicalResult AtomicRMWTkoOp::verify()
{
    if (failed(verifyPointee(*this, getPointers().getType(), getArg().getType(), "argument"))
        || failed(verifyMaskShape(*this, getMask(), getPointers().getType())))
        return failure();
    if (failed(verifyRmwMode(*this, getMode(), cast<TileType>(getArg().getType()).getElementType())))
        return failure();
    return verifyOrdering(*this, Access::Atomic, getMemoryOrderingSemantics(), getMemoryScope());
}

//===----------------------------------------------------------------------===//
// alloca, offset
//===----------------------------------------------------------------------===//

LogicalResult AllocaOp::verify()
{
    int64_t alignment = getAlignment();
    if (alignment <= 0 || !llvm::isPowerOf2_64(static_cast<uint64_t>(alignment)))
        return emitOpError("alignment must be a power of two, got ") << alignment;
    Type pointee = pointeeOf(getResult().getType());
    int64_t bytes = pointee.isIntOrFloat() ? (pointee.getIntOrFloatBitWidth() + 7) / 8 : 1;
    if (alignment < bytes)
        return emitOpError("alignment (") << alignment << ") must be at least the element size ("
                                          << bytes << " bytes)";
    if (getNumElem() <= 0)
        return emitOpError("num_elem must be positive");
    return success();
}

LogicalResult OffsetOp::verify()
{
    if (cast<TileType>(getPtr().getType()).getShape() != cast<TileType>(getOffset().getType()).getShape())
        return emitOpError("pointer and offset tiles must have the same shape");
    return success();
}

} // namespace tileport::tileir
