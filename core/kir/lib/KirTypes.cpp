// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// The kir types: syntax, verification, and element-type helpers.

#include "tileport/Kir/KirDialect.h"

#include <llvm/ADT/TypeSwitch.h>
#include <mlir/IR/Builders.h>
#include <mlir/IR/DialectImplementation.h>

using namespace mlir;

#define GET_TYPEDEF_CLASSES
#include "tileport/Kir/KirTypes.cpp.inc"

namespace tileport::kir {

void KirDialect::registerTypes()
{
    addTypes<
#define GET_TYPEDEF_LIST
#include "tileport/Kir/KirTypes.cpp.inc"
        >();
}

bool isConcreteElementType(Type t)
{
    if (auto i = dyn_cast<IntegerType>(t))
        return !i.isSigned() && (i.getWidth() == 1 || i.getWidth() == 8 || i.getWidth() == 16 || i.getWidth() == 32 || i.getWidth() == 64);
    return isa<Float16Type, BFloat16Type, Float32Type, FloatTF32Type, Float64Type, Float8E4M3FNType, Float8E5M2Type>(t);
}

bool isScalarType(Type t) { return isConcreteElementType(t) || isa<VarType>(t); }

Type elementTypeOf(Type t)
{
    if (auto tile = dyn_cast<TileType>(t))
        return tile.getElementType();
    if (auto tensor = dyn_cast<TensorType>(t))
        return tensor.getElementType();
    if (auto list = dyn_cast<ListType>(t))
        return list.getElementType();
    return t;
}

Type withElementType(Type t, Type element)
{
    if (auto tile = dyn_cast<TileType>(t))
        return tile.withElementType(element);
    if (auto tensor = dyn_cast<TensorType>(t))
        return tensor.withElementType(element);
    if (auto list = dyn_cast<ListType>(t))
        return list.withElementType(element);
    return element;
}

Attribute literalDim(MLIRContext *ctx, int64_t n) { return IntegerAttr::get(IntegerType::get(ctx, 64), n); }

Attribute symbolDim(MLIRContext *ctx, llvm::StringRef name) { return StringAttr::get(ctx, name); }

namespace {

// `[TILE, 16]`: literals and const-generic names.
ParseResult parseDims(AsmParser &p, ArrayAttr &dims)
{
    SmallVector<Attribute> out;
    auto one = [&]() -> ParseResult {
        int64_t n = 0;
        OptionalParseResult r = p.parseOptionalInteger(n);
        if (r.has_value()) {
            if (failed(*r))
                return failure();
            out.push_back(literalDim(p.getContext(), n));
            return success();
        }
        StringRef name;
        if (p.parseKeyword(&name))
            return failure();
        out.push_back(symbolDim(p.getContext(), name));
        return success();
    };
    if (p.parseCommaSeparatedList(AsmParser::Delimiter::Square, one))
        return failure();
    dims = ArrayAttr::get(p.getContext(), out);
    return success();
}

void printDims(AsmPrinter &p, ArrayAttr dims)
{
    p << '[';
    llvm::interleaveComma(dims, p, [&](Attribute d) {
        if (auto i = dyn_cast<IntegerAttr>(d))
            p << i.getInt();
        else
            p << cast<StringAttr>(d).getValue();
    });
    p << ']';
}

LogicalResult verifyDims(function_ref<InFlightDiagnostic()> emitError, ArrayAttr dims, StringRef what)
{
    if (!dims)
        return emitError() << what << " has no dims";
    for (Attribute d : dims) {
        if (auto i = dyn_cast<IntegerAttr>(d)) {
            if (i.getInt() <= 0)
                return emitError() << what << " dim " << i.getInt() << " is not positive";
        } else if (auto s = dyn_cast<StringAttr>(d)) {
            if (s.getValue().empty())
                return emitError() << what << " has an unnamed const-generic dim";
        } else {
            return emitError() << what << " dims are literals or const-generic names";
        }
    }
    return success();
}

} // namespace

// --- tile -------------------------------------------------------------------

Type TileType::parse(AsmParser &p)
{
    ArrayAttr dims;
    Type element;
    if (p.parseLess() || parseDims(p, dims) || p.parseComma() || p.parseType(element) || p.parseGreater())
        return {};
    return getChecked([&] { return p.emitError(p.getNameLoc()); }, p.getContext(), dims, element);
}

void TileType::print(AsmPrinter &p) const
{
    p << '<';
    printDims(p, getDims());
    p << ", " << getElementType() << '>';
}

LogicalResult TileType::verify(function_ref<InFlightDiagnostic()> emitError, ArrayAttr dims, Type element)
{
    if (!isScalarType(element))
        return emitError() << "tile element type " << element << " is not a kernel element type";
    return verifyDims(emitError, dims, "tile");
}

TileType TileType::withElementType(Type element) const { return TileType::get(getContext(), getDims(), element); }

// --- tensor -----------------------------------------------------------------

Type TensorType::parse(AsmParser &p)
{
    Type element;
    unsigned rank = 0;
    ArrayAttr partition = ArrayAttr::get(p.getContext(), {});
    if (p.parseLess() || p.parseType(element) || p.parseComma() || p.parseInteger(rank))
        return {};
    if (succeeded(p.parseOptionalComma()) && (p.parseKeyword("out") || parseDims(p, partition)))
        return {};
    if (p.parseGreater())
        return {};
    return getChecked([&] { return p.emitError(p.getNameLoc()); }, p.getContext(), element, rank, partition);
}

void TensorType::print(AsmPrinter &p) const
{
    p << '<' << getElementType() << ", " << getRank();
    if (isBlockOutput()) {
        p << ", out ";
        printDims(p, getPartition());
    }
    p << '>';
}

LogicalResult TensorType::verify(function_ref<InFlightDiagnostic()> emitError, Type element, unsigned rank,
                                 ArrayAttr partition)
{
    if (!isScalarType(element))
        return emitError() << "tensor element type " << element << " is not a kernel element type";
    if (rank < 1 || rank > 6)
        return emitError() << "tensor rank " << rank << " is outside 1..6";
    if (!partition)
        return emitError() << "tensor partition must be given (empty when not a block output)";
    if (!partition.empty()) {
        if (partition.size() != rank)
            return emitError() << "block output partition has " << partition.size() << " dims for rank " << rank;
        return verifyDims(emitError, partition, "partition");
    }
    return success();
}

TensorType TensorType::withElementType(Type element) const
{
    return TensorType::get(getContext(), element, getRank(), getPartition());
}

} // namespace tileport::kir

// --- var ----------------------------------------------------------------------

namespace tileport::kir {

Type VarType::parse(AsmParser &p)
{
    unsigned id = 0;
    bool scalar = false;
    if (p.parseLess() || p.parseInteger(id))
        return {};
    if (succeeded(p.parseOptionalComma())) {
        if (p.parseKeyword("scalar"))
            return {};
        scalar = true;
    }
    if (p.parseGreater())
        return {};
    return VarType::get(p.getContext(), id, scalar);
}

void VarType::print(AsmPrinter &p) const
{
    p << '<' << getId();
    if (getScalar())
        p << ", scalar";
    p << '>';
}

} // namespace tileport::kir

// --- list ---------------------------------------------------------------------

namespace tileport::kir {

LogicalResult ListType::verify(function_ref<InFlightDiagnostic()> emitError, Type element, unsigned rank)
{
    if (!isScalarType(element))
        return emitError() << "list element type " << element << " is not a kernel element type";
    if (rank < 1 || rank > 6)
        return emitError() << "list item rank " << rank << " is outside 1..6";
    return success();
}

ListType ListType::withElementType(Type element) const { return ListType::get(getContext(), element, getRank()); }

unsigned ListType::rowTileWidth() const
{
    unsigned w = 1;
    while (w < itemWords())
        w *= 2;
    return w;
}

} // namespace tileport::kir
