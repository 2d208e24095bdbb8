// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// partition_view, strided_view and gather_scatter_view: syntax, verifiers
// and index-space queries (tileir-format.md §1.2).

#include "tileport/TileIR/TileIRDialect.h"

#include <llvm/ADT/STLExtras.h>
#include <llvm/ADT/TypeSwitch.h>
#include <llvm/Support/MathExtras.h>
#include <mlir/IR/DialectImplementation.h>

using namespace mlir;

namespace tileport::tileir {

namespace {

using EmitFn = llvm::function_ref<InFlightDiagnostic()>;

bool isPowerOfTwo(int64_t v) { return v > 0 && llvm::isPowerOf2_64(static_cast<uint64_t>(v)); }

// `64x64` inside `tile=( )`.
ParseResult parseTileShape(AsmParser &parser, SmallVectorImpl<int32_t> &shape)
{
    SmallVector<int64_t> dims;
    SMLoc loc = parser.getCurrentLocation();
    if (parser.parseKeyword("tile") || parser.parseEqual() || parser.parseLParen()
        || parser.parseDimensionList(dims, /*allowDynamic=*/false, /*withTrailingX=*/false)
        || parser.parseRParen())
        return failure();
    for (int64_t d : dims) {
        if (d <= 0 || d > INT32_MAX)
            return parser.emitError(loc, "tile dimension out of range: ") << d;
        shape.push_back(static_cast<int32_t>(d));
    }
    return success();
}

void printTileShape(AsmPrinter &printer, ArrayRef<int32_t> shape)
{
    printer << "tile=(";
    llvm::interleave(shape, printer.getStream(), "x");
    printer << ")";
}

// `[1, 0]` (spaces optional).
ParseResult parseI32List(AsmParser &parser, SmallVectorImpl<int32_t> &values)
{
    return parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&]() -> ParseResult {
        int32_t v = 0;
        if (parser.parseInteger(v))
            return failure();
        values.push_back(v);
        return success();
    });
}

// `padding_value = nan, ` (optional).
ParseResult parseOptionalPadding(AsmParser &parser, PaddingValueAttr &padding)
{
    if (failed(parser.parseOptionalKeyword("padding_value")))
        return success();
    SMLoc loc = parser.getCurrentLocation();
    StringRef kw;
    if (parser.parseEqual() || parser.parseKeyword(&kw))
        return failure();
    std::optional<PaddingValue> value = symbolizePaddingValue(kw);
    if (!value)
        return parser.emitError(loc, "unknown padding value '") << kw << "'";
    padding = PaddingValueAttr::get(parser.getContext(), *value);
    return parser.parseComma();
}

void printOptionalPadding(AsmPrinter &printer, PaddingValueAttr padding)
{
    if (padding)
        printer << "padding_value = " << stringifyPaddingValue(padding.getValue()) << ", ";
}

ParseResult parseTensorViewParam(AsmParser &parser, TensorViewType &tv)
{
    SMLoc loc = parser.getCurrentLocation();
    Type t;
    if (parseTileIRType(parser, t))
        return failure();
    tv = dyn_cast<TensorViewType>(t);
    if (!tv)
        return parser.emitError(loc, "expected a tensor_view type, got ") << t;
    return success();
}

// `, dim_map=[1, 0]` (optional; identity when absent).
ParseResult parseOptionalDimMap(AsmParser &parser, size_t rank, SmallVectorImpl<int32_t> &dimMap)
{
    if (succeeded(parser.parseOptionalComma())) {
        if (parser.parseKeyword("dim_map") || parser.parseEqual() || parseI32List(parser, dimMap))
            return failure();
        return success();
    }
    for (size_t i = 0; i < rank; ++i)
        dimMap.push_back(static_cast<int32_t>(i));
    return success();
}

bool isIdentity(ArrayRef<int32_t> dimMap)
{
    for (size_t i = 0; i < dimMap.size(); ++i)
        if (dimMap[i] != static_cast<int32_t>(i))
            return false;
    return true;
}

void printOptionalDimMap(AsmPrinter &printer, ArrayRef<int32_t> dimMap)
{
    if (isIdentity(dimMap))
        return;
    printer << ", dim_map=[";
    llvm::interleaveComma(dimMap, printer.getStream());
    printer << "]";
}

// Checks shared by partition, strided and gather/scatter views.
LogicalResult verifyViewCommon(EmitFn emitError, ArrayRef<int32_t> tileShape,
                               TensorViewType tensorView, PaddingValueAttr padding)
{
    if (!tensorView)
        return emitError() << "expected a tensor_view";
    size_t rank = tensorView.getRank();
    if (rank == 0)
        return emitError() << "views need a tensor_view of rank >= 1";
    if (tileShape.size() != rank)
        return emitError() << "tile rank " << tileShape.size()
                           << " does not match the tensor_view rank " << rank;
    for (int32_t d : tileShape)
        if (!isPowerOfTwo(d))
            return emitError() << "tile dimensions must be powers of two, got " << d;
    if (padding && padding.getValue() != PaddingValue::Zero
        && !isFloatElementType(tensorView.getElementType()))
        return emitError() << "padding_value " << stringifyPaddingValue(padding.getValue())
                           << " needs a floating-point element type";
    return success();
}

LogicalResult verifyDimMap(EmitFn emitError, ArrayRef<int32_t> dimMap, size_t rank)
{
    if (dimMap.size() != rank)
        return emitError() << "dim_map must have " << rank << " entries";
    SmallVector<bool> seen(rank, false);
    for (int32_t d : dimMap) {
        if (d < 0 || static_cast<size_t>(d) >= rank || seen[d])
            return emitError() << "dim_map must be a permutation of 0.." << rank - 1;
        seen[d] = true;
    }
    return success();
}

} // namespace

//===----------------------------------------------------------------------===//
// partition_view
//===----------------------------------------------------------------------===//

Type PartitionViewType::parse(AsmParser &parser)
{
    SmallVector<int32_t> tileShape, dimMap;
    PaddingValueAttr padding;
    TensorViewType tv;
    if (parser.parseLess() || parseTileShape(parser, tileShape) || parser.parseComma()
        || parseOptionalPadding(parser, padding) || parseTensorViewParam(parser, tv)
        || parseOptionalDimMap(parser, tv.getRank(), dimMap) || parser.parseGreater())
        return {};
    return getChecked([&] { return parser.emitError(parser.getNameLoc()); },
                      parser.getContext(), ArrayRef<int32_t>(tileShape), tv,
                      ArrayRef<int32_t>(dimMap), padding);
}

void PartitionViewType::print(AsmPrinter &printer) const
{
    printer << "<";
    printTileShape(printer, getTileShape());
    printer << ", ";
    printOptionalPadding(printer, getPaddingValue());
    printTileIRType(printer, getTensorView());
    printOptionalDimMap(printer, getDimMap());
    printer << ">";
}

LogicalResult PartitionViewType::verify(EmitFn emitError, ArrayRef<int32_t> tileShape,
                                        TensorViewType tensorView, ArrayRef<int32_t> dimMap,
                                        PaddingValueAttr padding)
{
    if (failed(verifyViewCommon(emitError, tileShape, tensorView, padding)))
        return failure();
    return verifyDimMap(emitError, dimMap, tileShape.size());
}

//===----------------------------------------------------------------------===//
// strided_view
//===----------------------------------------------------------------------===//

Type StridedViewType::parse(AsmParser &parser)
{
    SmallVector<int32_t> tileShape, strides, dimMap;
    PaddingValueAttr padding;
    TensorViewType tv;
    if (parser.parseLess() || parseTileShape(parser, tileShape) || parser.parseComma()
        || parser.parseKeyword("traversal_strides") || parser.parseEqual()
        || parseI32List(parser, strides) || parser.parseComma()
        || parseOptionalPadding(parser, padding) || parseTensorViewParam(parser, tv)
        || parseOptionalDimMap(parser, tv.getRank(), dimMap) || parser.parseGreater())
        return {};
    return getChecked([&] { return parser.emitError(parser.getNameLoc()); },
                      parser.getContext(), ArrayRef<int32_t>(tileShape), ArrayRef<int32_t>(strides),
                      tv, ArrayRef<int32_t>(dimMap), padding);
}

void StridedViewType::print(AsmPrinter &printer) const
{
    printer << "<";
    printTileShape(printer, getTileShape());
    printer << ", traversal_strides=[";
    llvm::interleave(getTraversalStrides(), printer.getStream(), ",");
    printer << "], ";
    printOptionalPadding(printer, getPaddingValue());
    printTileIRType(printer, getTensorView());
    printOptionalDimMap(printer, getDimMap());
    printer << ">";
}

LogicalResult StridedViewType::verify(EmitFn emitError, ArrayRef<int32_t> tileShape,
                                      ArrayRef<int32_t> traversalStrides,
                                      TensorViewType tensorView, ArrayRef<int32_t> dimMap,
                                      PaddingValueAttr padding)
{
    if (failed(verifyViewCommon(emitError, tileShape, tensorView, padding)))
        return failure();
    if (traversalStrides.size() != tileShape.size())
        return emitError() << "traversal_strides must have " << tileShape.size() << " entries";
    for (int32_t s : traversalStrides)
        if (s <= 0)
            return emitError() << "traversal_strides must be positive, got " << s;
    return verifyDimMap(emitError, dimMap, tileShape.size());
}

//===----------------------------------------------------------------------===//
// gather_scatter_view
//===----------------------------------------------------------------------===//

Type GatherScatterViewType::parse(AsmParser &parser)
{
    SmallVector<int32_t> tileShape;
    PaddingValueAttr padding;
    TensorViewType tv;
    uint32_t sparseDim = 0;
    if (parser.parseLess() || parseTileShape(parser, tileShape) || parser.parseComma()
        || parseOptionalPadding(parser, padding) || parseTensorViewParam(parser, tv)
        || parser.parseComma() || parser.parseKeyword("sparse_dim") || parser.parseEqual()
        || parser.parseInteger(sparseDim) || parser.parseGreater())
        return {};
    return getChecked([&] { return parser.emitError(parser.getNameLoc()); },
                      parser.getContext(), ArrayRef<int32_t>(tileShape), tv, sparseDim, padding);
}

void GatherScatterViewType::print(AsmPrinter &printer) const
{
    printer << "<";
    printTileShape(printer, getTileShape());
    printer << ", ";
    printOptionalPadding(printer, getPaddingValue());
    printTileIRType(printer, getTensorView());
    printer << ", sparse_dim=" << getSparseDim() << ">";
}

LogicalResult GatherScatterViewType::verify(EmitFn emitError, ArrayRef<int32_t> tileShape,
                                            TensorViewType tensorView, uint32_t sparseDim,
                                            PaddingValueAttr padding)
{
    if (failed(verifyViewCommon(emitError, tileShape, tensorView, padding)))
        return failure();
    if (sparseDim >= tileShape.size())
        return emitError() << "sparse_dim " << sparseDim << " must be below the rank "
                           << tileShape.size();
    return success();
}

//===----------------------------------------------------------------------===//
// View queries
//===----------------------------------------------------------------------===//

TensorViewType viewTensorView(Type view)
{
    return llvm::TypeSwitch<Type, TensorViewType>(view)
        .Case<PartitionViewType, StridedViewType, GatherScatterViewType>(
            [](auto v) { return v.getTensorView(); })
        .Default([](Type) { return TensorViewType(); });
}

TileType viewTileType(Type view)
{
    return llvm::TypeSwitch<Type, TileType>(view)
        .Case<PartitionViewType, StridedViewType, GatherScatterViewType>([](auto v) {
            SmallVector<int64_t> shape(v.getTileShape().begin(), v.getTileShape().end());
            return TileType::get(v.getContext(), shape, v.getTensorView().getElementType());
        })
        .Default([](Type) { return TileType(); });
}

unsigned viewIndexRank(Type view)
{
    TensorViewType tv = viewTensorView(view);
    return tv ? static_cast<unsigned>(tv.getRank()) : 0;
}

} // namespace tileport::tileir
