// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// Hand-written syntax of the view constructors and shape queries
// (tileir-format.md §3.3, §3.10).

#include "tileport/TileIR/TileIROps.h"

#include "CustomDirectives.h"

#include <mlir/IR/Builders.h>

using namespace mlir;

namespace tileport::tileir {

//===----------------------------------------------------------------------===//
// make_tensor_view %base, shape = [%n, 128], strides = [128, 1] : tile<i32> -> tensor_view<...>
//===----------------------------------------------------------------------===//

namespace {

struct MixedEntry {
    int64_t value; // ShapedType::kDynamic for an SSA value
    SMLoc loc;
};

ParseResult parseMixedList(OpAsmParser &parser, StringRef keyword, SmallVectorImpl<MixedEntry> &entries,
                           SmallVectorImpl<OpAsmParser::UnresolvedOperand> &dynamic)
{
    if (parser.parseKeyword(keyword) || parser.parseEqual())
        return failure();
    return parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&]() -> ParseResult {
        SMLoc loc = parser.getCurrentLocation();
        int64_t constant = 0;
        OptionalParseResult asInt = parser.parseOptionalInteger(constant);
        if (asInt.has_value()) {
            if (failed(*asInt))
                return failure();
            entries.push_back({constant, loc});
            return success();
        }
        OpAsmParser::UnresolvedOperand operand;
        OptionalParseResult asValue = parser.parseOptionalOperand(operand);
        if (!asValue.has_value())
            return parser.emitError(loc, "expected an integer or an SSA value");
        if (failed(*asValue))
            return failure();
        dynamic.push_back(operand);
        entries.push_back({ShapedType::kDynamic, loc});
        return success();
    });
}

// The literal list must agree with the tensor_view type, entry by entry.
ParseResult checkMixedList(OpAsmParser &parser, StringRef what, SMLoc listLoc,
                           ArrayRef<MixedEntry> entries, ArrayRef<int64_t> expected)
{
    if (entries.size() != expected.size())
        return parser.emitError(listLoc, "expected ")
               << expected.size() << " " << what << " entries (tensor_view rank), got "
               << entries.size();
    for (auto [i, entry] : llvm::enumerate(entries)) {
        if (entry.value == expected[i])
            continue;
        InFlightDiagnostic diag = parser.emitError(entry.loc);
        diag << what << " entry " << i << " does not match the tensor_view type (expected ";
        if (ShapedType::isDynamic(expected[i]))
            diag << "an SSA value";
        else
            diag << expected[i];
        return diag << ")";
    }
    return success();
}

void printMixedList(OpAsmPrinter &p, ArrayRef<int64_t> statics, OperandRange dynamic)
{
    auto it = dynamic.begin();
    llvm::interleaveComma(statics, p, [&](int64_t v) {
        if (ShapedType::isDynamic(v) && it != dynamic.end())
            p.printOperand(*it++);
        else
            p << v;
    });
}

} // namespace

ParseResult MakeTensorViewOp::parse(OpAsmParser &parser, OperationState &result)
{
    OpAsmParser::UnresolvedOperand base;
    SmallVector<MixedEntry> shape, strides;
    SmallVector<OpAsmParser::UnresolvedOperand> dynShape, dynStrides;
    if (parser.parseOperand(base) || parser.parseComma())
        return failure();
    SMLoc shapeLoc = parser.getCurrentLocation();
    if (parseMixedList(parser, "shape", shape, dynShape) || parser.parseComma())
        return failure();
    SMLoc stridesLoc = parser.getCurrentLocation();
    if (parseMixedList(parser, "strides", strides, dynStrides)
        || parser.parseOptionalAttrDict(result.attributes) || parser.parseColon())
        return failure();

    Type indexType;
    if (!dynShape.empty() || !dynStrides.empty())
        if (parseTileIRType(parser, indexType) || parser.parseArrow())
            return failure();
    SMLoc typeLoc = parser.getCurrentLocation();
    Type type;
    if (parseTileIRType(parser, type))
        return failure();
    auto view = dyn_cast<TensorViewType>(type);
    if (!view)
        return parser.emitError(typeLoc, "expected a tensor_view type, got ") << type;
    if (checkMixedList(parser, "shape", shapeLoc, shape, view.getShape())
        || checkMixedList(parser, "strides", stridesLoc, strides, view.getStrides()))
        return failure();

    MLIRContext *ctx = parser.getContext();
    Type baseType = TileType::get(ctx, {}, PointerType::get(ctx, view.getElementType()));
    if (parser.resolveOperand(base, baseType, result.operands)
        || parser.resolveOperands(dynShape, indexType, result.operands)
        || parser.resolveOperands(dynStrides, indexType, result.operands))
        return failure();
    result.addTypes(view);
    result.addAttribute(getOperandSegmentSizesAttrName(result.name),
                        parser.getBuilder().getDenseI32ArrayAttr(
                            {1, static_cast<int32_t>(dynShape.size()),
                             static_cast<int32_t>(dynStrides.size())}));
    return success();
}

void MakeTensorViewOp::print(OpAsmPrinter &p)
{
    TensorViewType view = getResult().getType();
    p << " ";
    p.printOperand(getBase());
    p << ", shape = [";
    printMixedList(p, view.getShape(), getDynamicShape());
    p << "], strides = [";
    printMixedList(p, view.getStrides(), getDynamicStrides());
    p << "]";
    p.printOptionalAttrDict((*this)->getDiscardableAttrDictionary().getValue(), {getOperandSegmentSizesAttrName()});
    p << " : ";
    if (!getDynamicShape().empty() || !getDynamicStrides().empty()) {
        Value first = getDynamicShape().empty() ? getDynamicStrides().front()
                                                : getDynamicShape().front();
        printTileIRType(p, first.getType());
        p << " -> ";
    }
    printTileIRType(p, view);
}

LogicalResult MakeTensorViewOp::verify()
{
    TensorViewType view = getResult().getType();
    auto ptr = cast<PointerType>(getBase().getType().getElementType());
    if (ptr.getPointeeType() != view.getElementType())
        return emitOpError("base points to ") << ptr.getPointeeType()
                                              << " but the tensor_view holds "
                                              << view.getElementType();
    auto countDynamic = [](ArrayRef<int64_t> v) {
        return static_cast<size_t>(llvm::count_if(v, ShapedType::isDynamic));
    };
    if (countDynamic(view.getShape()) != getDynamicShape().size())
        return emitOpError("expected ") << countDynamic(view.getShape())
                                        << " dynamic shape operands, got "
                                        << getDynamicShape().size();
    if (countDynamic(view.getStrides()) != getDynamicStrides().size())
        return emitOpError("expected ") << countDynamic(view.getStrides())
                                        << " dynamic stride operands, got "
                                        << getDynamicStrides().size();
    Type first;
    for (Value v : llvm::concat<Value>(getDynamicShape(), getDynamicStrides())) {
        if (!first)
            first = v.getType();
        else if (v.getType() != first)
            return emitOpError("dynamic shape and stride values must all have the same type");
    }
    return success();
}

//===----------------------------------------------------------------------===//
// make_partition_view / make_strided_view / make_gather_scatter_view
//===----------------------------------------------------------------------===//

namespace {

template <typename ViewT>
ParseResult parseMakeView(OpAsmParser &parser, OperationState &result, StringRef viewName)
{
    OpAsmParser::UnresolvedOperand tensorView;
    if (parser.parseOperand(tensorView) || parser.parseOptionalAttrDict(result.attributes)
        || parser.parseColon())
        return failure();
    SMLoc loc = parser.getCurrentLocation();
    Type type;
    if (parseTileIRType(parser, type))
        return failure();
    auto view = dyn_cast<ViewT>(type);
    if (!view)
        return parser.emitError(loc, "expected a ") << viewName << " type, got " << type;
    if (parser.resolveOperand(tensorView, view.getTensorView(), result.operands))
        return failure();
    result.addTypes(view);
    return success();
}

void printMakeView(OpAsmPrinter &p, Operation *op)
{
    p << " ";
    p.printOperand(op->getOperand(0));
    p.printOptionalAttrDict(op->getDiscardableAttrDictionary().getValue());
    p << " : ";
    printTileIRType(p, op->getResult(0).getType());
}

template <typename OpT>
LogicalResult verifyMakeView(OpT op)
{
    if (op.getTensorView().getType() != op.getResult().getType().getTensorView())
        return op.emitOpError("operand type ")
               << op.getTensorView().getType() << " does not match the view's tensor_view "
               << op.getResult().getType().getTensorView();
    return success();
}

} // namespace

ParseResult MakePartitionViewOp::parse(OpAsmParser &parser, OperationState &result)
{
    return parseMakeView<PartitionViewType>(parser, result, "partition_view");
}
void MakePartitionViewOp::print(OpAsmPrinter &p) { printMakeView(p, *this); }
LogicalResult MakePartitionViewOp::verify() { return verifyMakeView(*this); }

ParseResult MakeStridedViewOp::parse(OpAsmParser &parser, OperationState &result)
{
    return parseMakeView<StridedViewType>(parser, result, "strided_view");
}
void MakeStridedViewOp::print(OpAsmPrinter &p) { printMakeView(p, *this); }
LogicalResult MakeStridedViewOp::verify() { return verifyMakeView(*this); }

ParseResult MakeGatherScatterViewOp::parse(OpAsmParser &parser, OperationState &result)
{
    return parseMakeView<GatherScatterViewType>(parser, result, "gather_scatter_view");
}
void MakeGatherScatterViewOp::print(OpAsmPrinter &p) { printMakeView(p, *this); }
LogicalResult MakeGatherScatterViewOp::verify() { return verifyMakeView(*this); }

//===----------------------------------------------------------------------===//
// get_tensor_shape %tv : tensor_view<...> -> tile<i64>   (one result per dim)
// get_index_space_shape %pv : partition_view<...> -> tile<i32>
//===----------------------------------------------------------------------===//

namespace {

// `rankOf` returns the number of results for the source type, or nullopt
// when the type is not accepted.
ParseResult parseShapeQuery(OpAsmParser &parser, OperationState &result, StringRef expected,
                            llvm::function_ref<std::optional<size_t>(Type)> rankOf)
{
    OpAsmParser::UnresolvedOperand src;
    Type srcType, resultType;
    if (parser.parseOperand(src) || parser.parseOptionalAttrDict(result.attributes)
        || parser.parseColon())
        return failure();
    SMLoc loc = parser.getCurrentLocation();
    if (parseTileIRType(parser, srcType))
        return failure();
    std::optional<size_t> rank = rankOf(srcType);
    if (!rank)
        return parser.emitError(loc, "expected ") << expected << ", got " << srcType;
    if (*rank != 0 && (parser.parseArrow() || parseTileIRType(parser, resultType)))
        return failure();
    if (parser.resolveOperand(src, srcType, result.operands))
        return failure();
    result.types.append(*rank, resultType);
    return success();
}

void printShapeQuery(OpAsmPrinter &p, Operation *op)
{
    p << " ";
    p.printOperand(op->getOperand(0));
    p.printOptionalAttrDict(op->getDiscardableAttrDictionary().getValue());
    p << " : ";
    printTileIRType(p, op->getOperand(0).getType());
    if (op->getNumResults() != 0) {
        p << " -> ";
        printTileIRType(p, op->getResult(0).getType());
    }
}

LogicalResult verifyShapeQuery(Operation *op, size_t rank)
{
    if (op->getNumResults() != rank)
        return op->emitOpError("expected ") << rank << " results, got " << op->getNumResults();
    if (rank != 0 && !llvm::all_equal(op->getResultTypes()))
        return op->emitOpError("all results must have the same type");
    return success();
}

} // namespace

ParseResult GetTensorShapeOp::parse(OpAsmParser &parser, OperationState &result)
{
    return parseShapeQuery(parser, result, "a tensor_view", [](Type t) -> std::optional<size_t> {
        if (auto tv = dyn_cast<TensorViewType>(t))
            return tv.getRank();
        return std::nullopt;
    });
}
void GetTensorShapeOp::print(OpAsmPrinter &p) { printShapeQuery(p, *this); }
LogicalResult GetTensorShapeOp::verify()
{
    return verifyShapeQuery(*this, getSrc().getType().getRank());
}

ParseResult GetIndexSpaceShapeOp::parse(OpAsmParser &parser, OperationState &result)
{
    return parseShapeQuery(parser, result, "a tile view", [](Type t) -> std::optional<size_t> {
        if (isa<PartitionViewType, StridedViewType, GatherScatterViewType>(t))
            return viewIndexRank(t);
        return std::nullopt;
    });
}
void GetIndexSpaceShapeOp::print(OpAsmPrinter &p) { printShapeQuery(p, *this); }
LogicalResult GetIndexSpaceShapeOp::verify()
{
    return verifyShapeQuery(*this, viewIndexRank(getSrc().getType()));
}

} // namespace tileport::tileir
