// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

// The custom<...> directives of the declarative assembly formats in
// TileIROps.td, and syntax helpers shared by the hand-written op parsers.

#include "tileport/TileIR/TileIRDialect.h"

#include <mlir/IR/OpImplementation.h>

namespace tileport::tileir {

// custom<TileIRType>: short-form types (one, or a comma-separated list).
mlir::ParseResult parseTileIRType(mlir::AsmParser &parser, llvm::SmallVectorImpl<mlir::Type> &types);
void printTileIRType(mlir::AsmPrinter &printer, mlir::Operation *op, mlir::Type type);
void printTileIRType(mlir::AsmPrinter &printer, mlir::Operation *op, mlir::TypeRange types);
void printTileIRTypes(mlir::AsmPrinter &printer, mlir::TypeRange types);

// custom<EnumKeyword>: an enum attribute written as its bare keyword
// (`signed`, `less_than`, `ordered`).
template <typename AttrT>
mlir::ParseResult parseEnumKeyword(mlir::OpAsmParser &parser, AttrT &attr)
{
    using EnumT = decltype(std::declval<AttrT>().getValue());
    llvm::SMLoc loc = parser.getCurrentLocation();
    llvm::StringRef keyword;
    if (parser.parseKeyword(&keyword))
        return mlir::failure();
    std::optional<EnumT> value = symbolizeEnum<EnumT>(keyword);
    if (!value)
        return parser.emitError(loc, "unexpected keyword '") << keyword << "'";
    attr = AttrT::get(parser.getContext(), *value);
    return mlir::success();
}

template <typename AttrT>
void printEnumKeyword(mlir::OpAsmPrinter &printer, mlir::Operation *, AttrT attr)
{
    printer << stringifyEnum(attr.getValue());
}

// Rounding-mode variants of tileir-format.md §2.2: `rounding<kw>`, elided
// when equal to the op's default.
mlir::ParseResult parseIEEERounding(mlir::OpAsmParser &parser, RoundingModeAttr &attr);
void printIEEERounding(mlir::OpAsmPrinter &printer, mlir::Operation *op, RoundingModeAttr attr);
mlir::ParseResult parseDivFRounding(mlir::OpAsmParser &parser, RoundingModeAttr &attr);
void printDivFRounding(mlir::OpAsmPrinter &printer, mlir::Operation *op, RoundingModeAttr attr);
mlir::ParseResult parseFToFRounding(mlir::OpAsmParser &parser, RoundingModeAttr &attr);
void printFToFRounding(mlir::OpAsmPrinter &printer, mlir::Operation *op, RoundingModeAttr attr);
mlir::ParseResult parseSqrtRounding(mlir::OpAsmParser &parser, RoundingModeAttr &attr);
void printSqrtRounding(mlir::OpAsmPrinter &printer, mlir::Operation *op, RoundingModeAttr attr);
mlir::ParseResult parseApproxRounding(mlir::OpAsmParser &parser, RoundingModeAttr &attr);
void printApproxRounding(mlir::OpAsmPrinter &printer, mlir::Operation *op, RoundingModeAttr attr);
mlir::ParseResult parseIntegerRounding(mlir::OpAsmParser &parser, RoundingModeAttr &attr);
void printIntegerRounding(mlir::OpAsmPrinter &printer, mlir::Operation *op, RoundingModeAttr attr);

// custom<SymbolVisibility>: optional `private` / `public`.
mlir::ParseResult parseSymbolVisibility(mlir::OpAsmParser &parser, SymbolVisibilityAttr &attr);
void printSymbolVisibility(mlir::OpAsmPrinter &printer, mlir::Operation *op,
                           SymbolVisibilityAttr attr);

// custom<DenseConstant>: `<T: value> : tile<...>` with the tile type as the
// op's result type; custom<DenseConstantWithType>: the same for `global`.
mlir::ParseResult parseDenseConstant(mlir::OpAsmParser &parser,
                                     mlir::DenseIntOrFPElementsAttr &value, mlir::Type &type);
void printDenseConstant(mlir::OpAsmPrinter &printer, mlir::Operation *op,
                        mlir::DenseIntOrFPElementsAttr value, mlir::Type type);
mlir::ParseResult parseDenseConstantWithType(mlir::OpAsmParser &parser,
                                             mlir::DenseIntOrFPElementsAttr &value);
void printDenseConstantWithType(mlir::OpAsmPrinter &printer, mlir::Operation *op,
                                mlir::DenseIntOrFPElementsAttr value);

// custom<AssumePredicate>: `div_by<...>`, `same_elements<...>`,
// `bounded<...>` (prefix-less) or a full `#cuda_tile.` attribute.
mlir::ParseResult parseAssumePredicate(mlir::OpAsmParser &parser, mlir::Attribute &predicate);
void printAssumePredicate(mlir::OpAsmPrinter &printer, mlir::Operation *op,
                          mlir::Attribute predicate);

// custom<IfRegion>: a branch whose operand-less `yield` is implicit.
mlir::ParseResult parseIfRegion(mlir::OpAsmParser &parser, mlir::Region &region);
void printIfRegion(mlir::OpAsmPrinter &printer, mlir::Operation *op, mlir::Region &region);

// custom<ArgumentRegion>: reduce/scan body on its own line:
// `(%a: tile<f32>, %b: tile<f32>) { ... }`.
mlir::ParseResult parseArgumentRegion(mlir::OpAsmParser &parser, mlir::Region &region);
void printArgumentRegion(mlir::OpAsmPrinter &printer, mlir::Operation *op, mlir::Region &region);

// `( %a: T {attrs}?, ... )` with short-form types, for entry and the region
// directive above.
mlir::ParseResult parseTypedArgumentList(mlir::OpAsmParser &parser,
                                         llvm::SmallVectorImpl<mlir::OpAsmParser::Argument> &args,
                                         bool allowAttrs);
void printTypedArgumentList(mlir::OpAsmPrinter &printer, mlir::ValueRange args,
                            mlir::ArrayAttr argAttrs);

// Inserts `OpT` at the end of the single block of `region` when the block
// lacks a terminator (creating the block when the region is empty).
template <typename OpT>
void ensureImplicitTerminator(mlir::Region &region, mlir::Builder &builder, mlir::Location loc)
{
    if (region.empty())
        region.emplaceBlock();
    // The callback must return a detached op: ensureRegionTerminator inserts it.
    mlir::impl::ensureRegionTerminator(region, builder, loc,
                                       [](mlir::OpBuilder &b, mlir::Location l) -> mlir::Operation * {
                                           mlir::OperationState state(l, OpT::getOperationName());
                                           OpT::build(b, state);
                                           return mlir::Operation::create(state);
                                       });
}

// True when the block ends in an operand-less `OpT` that the printer may omit.
template <typename OpT>
bool hasImplicitTerminator(mlir::Region &region)
{
    if (region.empty() || region.front().empty())
        return false;
    mlir::Operation &last = region.front().back();
    return mlir::isa<OpT>(last) && last.getNumOperands() == 0 && last.getDiscardableAttrDictionary().empty();
}

} // namespace tileport::tileir
