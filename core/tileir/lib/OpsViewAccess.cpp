// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// Hand-written syntax of load_view_tko, store_view_tko and
// atomic_red_view_tko (tileir-format.md §3.3, §3.10). Verifiers are in
// OpsMemory.cpp.

#include "tileport/TileIR/TileIROps.h"

#include "CustomDirectives.h"

#include <mlir/IR/Builders.h>

using namespace mlir;

namespace tileport::tileir {

namespace {

//===----------------------------------------------------------------------===//
// Shared syntax of the three view ops
//===----------------------------------------------------------------------===//

ParseResult parseOrderingAndScope(OpAsmParser &parser, OperationState &result, StringRef orderingName,
                                  StringRef scopeName)
{
    MLIRContext *ctx = parser.getContext();
    SMLoc loc = parser.getCurrentLocation();
    StringRef keyword;
    if (parser.parseKeyword(&keyword))
        return failure();
    std::optional<MemoryOrderingSemantics> ordering = symbolizeMemoryOrderingSemantics(keyword);
    if (!ordering)
        return parser.emitError(loc, "unknown memory ordering '") << keyword << "'";
    result.addAttribute(orderingName, MemoryOrderingSemanticsAttr::get(ctx, *ordering));
    StringRef scopeKeyword;
    if (succeeded(parser.parseOptionalKeyword(&scopeKeyword, {"tl_blk", "device", "sys"})))
        result.addAttribute(scopeName,
                            MemoryScopeAttr::get(ctx, *symbolizeMemoryScope(scopeKeyword)));
    return success();
}

void printOrderingAndScope(OpAsmPrinter &p, MemoryOrderingSemantics ordering,
                           std::optional<MemoryScope> scope)
{
    p << " " << stringifyMemoryOrderingSemantics(ordering);
    if (scope)
        p << " " << stringifyMemoryScope(*scope);
}

// `%view[%i, %j]`
ParseResult parseViewAndIndex(OpAsmParser &parser, OpAsmParser::UnresolvedOperand &view,
                              SmallVectorImpl<OpAsmParser::UnresolvedOperand> &index)
{
    return failure(parser.parseOperand(view)
                   || parser.parseOperandList(index, AsmParser::Delimiter::Square));
}

void printViewAndIndex(OpAsmPrinter &p, Value view, ValueRange index)
{
    p.printOperand(view);
    p << "[";
    p.printOperands(index);
    p << "]";
}

// ` token = %t`
ParseResult parseOptionalToken(OpAsmParser &parser,
                               std::optional<OpAsmParser::UnresolvedOperand> &token)
{
    if (failed(parser.parseOptionalKeyword("token")))
        return success();
    OpAsmParser::UnresolvedOperand t;
    if (parser.parseEqual() || parser.parseOperand(t))
        return failure();
    token = t;
    return success();
}

ParseResult parseOptionalHints(OpAsmParser &parser, OperationState &result, StringRef name)
{
    if (failed(parser.parseOptionalKeyword("optimization_hints")))
        return success();
    if (parser.parseEqual())
        return failure();
    Attribute hints = OptimizationHintsAttr::parse(parser, Type());
    if (!hints)
        return failure();
    result.addAttribute(name, hints);
    return success();
}

// ` inbounds = [true, false]` (Tile IR 13.4): one flag per index.
ParseResult parseOptionalInbounds(OpAsmParser &parser, OperationState &result, StringRef name)
{
    if (failed(parser.parseOptionalKeyword("inbounds")))
        return success();
    SmallVector<bool> flags;
    auto one = [&]() -> ParseResult {
        if (succeeded(parser.parseOptionalKeyword("true")))
            flags.push_back(true);
        else if (succeeded(parser.parseOptionalKeyword("false")))
            flags.push_back(false);
        else
            return parser.emitError(parser.getCurrentLocation(), "expected true or false");
        return success();
    };
    if (parser.parseEqual() || parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, one))
        return failure();
    result.addAttribute(name, parser.getBuilder().getDenseBoolArrayAttr(flags));
    return success();
}

void printInbounds(OpAsmPrinter &p, std::optional<ArrayRef<bool>> inbounds)
{
    if (!inbounds)
        return;
    p << " inbounds = [";
    llvm::interleaveComma(*inbounds, p, [&](bool b) { p << (b ? "true" : "false"); });
    p << "]";
}

void printTokenAndHints(OpAsmPrinter &p, Value token, OptimizationHintsAttr hints)
{
    if (token) {
        p << " token = ";
        p.printOperand(token);
    }
    if (hints) {
        p << " optimization_hints = ";
        hints.print(p);
    }
}

// `, T` for all indices, or `, T0, T1, ...` one per index.
ParseResult parseIndexTypes(OpAsmParser &parser, size_t count, SmallVectorImpl<Type> &types)
{
    if (count == 0)
        return success();
    SMLoc loc = parser.getCurrentLocation();
    if (parser.parseComma() || parseTileIRType(parser, types))
        return failure();
    if (types.size() == 1)
        types.resize(count, types.front());
    if (types.size() != count)
        return parser.emitError(loc, "expected 1 or ") << count << " index types, got " << types.size();
    return success();
}

void printIndexTypes(OpAsmPrinter &p, ValueRange index)
{
    if (index.empty())
        return;
    if (llvm::all_equal(index.getTypes())) {
        p << ", ";
        printTileIRType(p, index.front().getType());
        return;
    }
    for (Value v : index) {
        p << ", ";
        printTileIRType(p, v.getType());
    }
}

ParseResult resolveToken(OpAsmParser &parser, const std::optional<OpAsmParser::UnresolvedOperand> &token,
                         OperationState &result)
{
    if (!token)
        return success();
    return parser.resolveOperand(*token, TokenType::get(parser.getContext()), result.operands);
}

void setSegments(OpAsmParser &parser, OperationState &result, StringAttr name,
                 ArrayRef<int32_t> sizes)
{
    result.addAttribute(name, parser.getBuilder().getDenseI32ArrayAttr(sizes));
}

} // namespace

//===----------------------------------------------------------------------===//
// load_view_tko ORDERING [SCOPE] %view[%i, ...] [token = %t] [optimization_hints = <..>]
//     [attributes {..}] : view-type, index-types -> tile-type, token
//===----------------------------------------------------------------------===//

ParseResult LoadViewTkoOp::parse(OpAsmParser &parser, OperationState &result)
{
    OpAsmParser::UnresolvedOperand view;
    SmallVector<OpAsmParser::UnresolvedOperand> index;
    std::optional<OpAsmParser::UnresolvedOperand> token;
    Type viewType, tileType, tokenType;
    SmallVector<Type> indexTypes;
    if (parseOrderingAndScope(parser, result, getMemoryOrderingSemanticsAttrName(result.name),
                              getMemoryScopeAttrName(result.name))
        || parseViewAndIndex(parser, view, index) || parseOptionalToken(parser, token)
        || parseOptionalHints(parser, result, getOptimizationHintsAttrName(result.name))
        || parseOptionalInbounds(parser, result, getInboundsAttrName(result.name))
        || parser.parseOptionalAttrDictWithKeyword(result.attributes) || parser.parseColon()
        || parseTileIRType(parser, viewType) || parseIndexTypes(parser, index.size(), indexTypes)
        || parser.parseArrow() || parseTileIRType(parser, tileType) || parser.parseComma()
        || parseTileIRType(parser, tokenType))
        return failure();
    if (parser.resolveOperand(view, viewType, result.operands)
        || parser.resolveOperands(index, indexTypes, parser.getNameLoc(), result.operands)
        || resolveToken(parser, token, result))
        return failure();
    result.addTypes({tileType, tokenType});
    setSegments(parser, result, getOperandSegmentSizesAttrName(result.name),
                {1, static_cast<int32_t>(index.size()), token ? 1 : 0});
    return success();
}

void LoadViewTkoOp::print(OpAsmPrinter &p)
{
    printOrderingAndScope(p, getMemoryOrderingSemantics(), getMemoryScope());
    p << " ";
    printViewAndIndex(p, getView(), getIndex());
    printTokenAndHints(p, getToken(), getOptimizationHintsAttr());
    printInbounds(p, getInbounds());
    p.printOptionalAttrDictWithKeyword((*this)->getDiscardableAttrDictionary().getValue());
    p << " : ";
    printTileIRType(p, getView().getType());
    printIndexTypes(p, getIndex());
    p << " -> ";
    printTileIRType(p, getTile().getType());
    p << ", ";
    printTileIRType(p, getResultToken().getType());
}


//===----------------------------------------------------------------------===//
// store_view_tko ORDERING [SCOPE] %tile, %view[%i, ...] [token = %t] [optimization_hints = <..>]
//     [attributes {..}] : tile-type, view-type, index-types -> token
//===----------------------------------------------------------------------===//

ParseResult StoreViewTkoOp::parse(OpAsmParser &parser, OperationState &result)
{
    OpAsmParser::UnresolvedOperand tile, view;
    SmallVector<OpAsmParser::UnresolvedOperand> index;
    std::optional<OpAsmParser::UnresolvedOperand> token;
    Type tileType, viewType, tokenType;
    SmallVector<Type> indexTypes;
    if (parseOrderingAndScope(parser, result, getMemoryOrderingSemanticsAttrName(result.name),
                              getMemoryScopeAttrName(result.name))
        || parser.parseOperand(tile) || parser.parseComma()
        || parseViewAndIndex(parser, view, index) || parseOptionalToken(parser, token)
        || parseOptionalHints(parser, result, getOptimizationHintsAttrName(result.name))
        || parseOptionalInbounds(parser, result, getInboundsAttrName(result.name))
        || parser.parseOptionalAttrDictWithKeyword(result.attributes) || parser.parseColon()
        || parseTileIRType(parser, tileType) || parser.parseComma()
        || parseTileIRType(parser, viewType) || parseIndexTypes(parser, index.size(), indexTypes)
        || parser.parseArrow() || parseTileIRType(parser, tokenType))
        return failure();
    if (parser.resolveOperand(tile, tileType, result.operands)
        || parser.resolveOperand(view, viewType, result.operands)
        || parser.resolveOperands(index, indexTypes, parser.getNameLoc(), result.operands)
        || resolveToken(parser, token, result))
        return failure();
    result.addTypes(tokenType);
    setSegments(parser, result, getOperandSegmentSizesAttrName(result.name),
                {1, 1, static_cast<int32_t>(index.size()), token ? 1 : 0});
    return success();
}

void StoreViewTkoOp::print(OpAsmPrinter &p)
{
    printOrderingAndScope(p, getMemoryOrderingSemantics(), getMemoryScope());
    p << " ";
    p.printOperand(getTile());
    p << ", ";
    printViewAndIndex(p, getView(), getIndex());
    printTokenAndHints(p, getToken(), getOptimizationHintsAttr());
    printInbounds(p, getInbounds());
    p.printOptionalAttrDictWithKeyword((*this)->getDiscardableAttrDictionary().getValue());
    p << " : ";
    printTileIRType(p, getTile().getType());
    p << ", ";
    printTileIRType(p, getView().getType());
    printIndexTypes(p, getIndex());
    p << " -> ";
    printTileIRType(p, getResultToken().getType());
}


//===----------------------------------------------------------------------===//
// atomic_red_view_tko ORDERING [SCOPE] %view[%i, ...], MODE, %value [token = %t]
//     [attributes {..}] : value-type, view-type, index-types -> token
//===----------------------------------------------------------------------===//

ParseResult AtomicRedViewTkoOp::parse(OpAsmParser &parser, OperationState &result)
{
    OpAsmParser::UnresolvedOperand view, value;
    SmallVector<OpAsmParser::UnresolvedOperand> index;
    std::optional<OpAsmParser::UnresolvedOperand> token;
    Type valueType, viewType, tokenType;
    SmallVector<Type> indexTypes;
    StringRef modeKeyword;
    if (parseOrderingAndScope(parser, result, getMemoryOrderingSemanticsAttrName(result.name),
                              getMemoryScopeAttrName(result.name))
        || parseViewAndIndex(parser, view, index) || parser.parseComma())
        return failure();
    SMLoc modeLoc = parser.getCurrentLocation();
    if (parser.parseKeyword(&modeKeyword))
        return failure();
    std::optional<AtomicRMWMode> mode = symbolizeAtomicRMWMode(modeKeyword);
    if (!mode)
        return parser.emitError(modeLoc, "unknown atomic mode '") << modeKeyword << "'";
    result.addAttribute(getModeAttrName(result.name),
                        AtomicRMWModeAttr::get(parser.getContext(), *mode));
    if (parser.parseComma() || parser.parseOperand(value) || parseOptionalToken(parser, token)
        || parser.parseOptionalAttrDictWithKeyword(result.attributes) || parser.parseColon()
        || parseTileIRType(parser, valueType) || parser.parseComma()
        || parseTileIRType(parser, viewType) || parseIndexTypes(parser, index.size(), indexTypes)
        || parser.parseArrow() || parseTileIRType(parser, tokenType))
        return failure();
    if (parser.resolveOperand(view, viewType, result.operands)
        || parser.resolveOperands(index, indexTypes, parser.getNameLoc(), result.operands)
        || parser.resolveOperand(value, valueType, result.operands)
        || resolveToken(parser, token, result))
        return failure();
    result.addTypes(tokenType);
    setSegments(parser, result, getOperandSegmentSizesAttrName(result.name),
                {1, static_cast<int32_t>(index.size()), 1, token ? 1 : 0});
    return success();
}

void AtomicRedViewTkoOp::print(OpAsmPrinter &p)
{
    printOrderingAndScope(p, getMemoryOrderingSemantics(), getMemoryScope());
    p << " ";
    printViewAndIndex(p, getView(), getIndex());
    p << ", " << stringifyAtomicRMWMode(getMode()) << ", ";
    p.printOperand(getValue());
    printTokenAndHints(p, getToken(), {});
    p.printOptionalAttrDictWithKeyword((*this)->getDiscardableAttrDictionary().getValue());
    p << " : ";
    printTileIRType(p, getValue().getType());
    p << ", ";
    printTileIRType(p, getView().getType());
    printIndexTypes(p, getIndex());
    p << " -> ";
    printTileIRType(p, getResultToken().getType());
}


} // namespace tileport::tileir
