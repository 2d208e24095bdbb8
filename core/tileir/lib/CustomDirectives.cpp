// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// Custom directives of the declarative op syntax (tileir-format.md §2.2-§2.4,
// §3.10).

#include "CustomDirectives.h"

#include "tileport/TileIR/TileIROps.h"

#include <llvm/ADT/STLExtras.h>
#include <mlir/IR/Builders.h>

using namespace mlir;

namespace tileport::tileir {

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

ParseResult parseTileIRType(AsmParser &parser, SmallVectorImpl<Type> &types)
{
    do {
        Type t;
        if (parseTileIRType(parser, t))
            return failure();
        types.push_back(t);
    } while (succeeded(parser.parseOptionalComma()));
    return success();
}

void printTileIRType(AsmPrinter &printer, Operation *, Type type)
{
    printTileIRType(printer, type);
}

void printTileIRType(AsmPrinter &printer, Operation *, TypeRange types)
{
    printTileIRTypes(printer, types);
}

void printTileIRTypes(AsmPrinter &printer, TypeRange types)
{
    llvm::interleaveComma(types, printer, [&](Type t) { printTileIRType(printer, t); });
}

//===----------------------------------------------------------------------===//
// Rounding modes
//===----------------------------------------------------------------------===//

namespace {

ParseResult parseRounding(OpAsmParser &parser, RoundingModeAttr &attr,
                          ArrayRef<RoundingMode> allowed, RoundingMode defaultMode)
{
    if (failed(parser.parseOptionalKeyword("rounding"))) {
        attr = RoundingModeAttr::get(parser.getContext(), defaultMode);
        return success();
    }
    StringRef keyword;
    if (parser.parseLess())
        return failure();
    SMLoc loc = parser.getCurrentLocation();
    if (parser.parseKeyword(&keyword) || parser.parseGreater())
        return failure();
    std::optional<RoundingMode> mode = symbolizeRoundingMode(keyword);
    if (!mode || !llvm::is_contained(allowed, *mode)) {
        InFlightDiagnostic diag = parser.emitError(loc, "expected rounding mode to be one of: ");
        llvm::interleaveComma(allowed, diag, [&](RoundingMode m) {
            diag << "'" << stringifyRoundingMode(m) << "'";
        });
        return diag << ", got: '" << keyword << "'";
    }
    attr = RoundingModeAttr::get(parser.getContext(), *mode);
    return success();
}

void printRounding(OpAsmPrinter &printer, RoundingModeAttr attr, RoundingMode defaultMode)
{
    if (attr && attr.getValue() != defaultMode)
        printer << "rounding<" << stringifyRoundingMode(attr.getValue()) << ">";
}

constexpr RoundingMode kIEEE[] = {RoundingMode::NearestEven, RoundingMode::Zero,
                                  RoundingMode::NegativeInf, RoundingMode::PositiveInf};
constexpr RoundingMode kDivF[] = {RoundingMode::NearestEven, RoundingMode::Zero,
                                  RoundingMode::NegativeInf, RoundingMode::PositiveInf,
                                  RoundingMode::Approx,      RoundingMode::Full};
constexpr RoundingMode kSqrt[] = {RoundingMode::NearestEven, RoundingMode::Zero,
                                  RoundingMode::NegativeInf, RoundingMode::PositiveInf,
                                  RoundingMode::Approx};
constexpr RoundingMode kApprox[] = {RoundingMode::Approx, RoundingMode::Full};
constexpr RoundingMode kInteger[] = {RoundingMode::NearestIntToZero};
// ftof: the IEEE modes and, from Tile IR 13.4, nearest_away.
constexpr RoundingMode kFToF[] = {RoundingMode::NearestEven, RoundingMode::Zero, RoundingMode::NegativeInf,
                                  RoundingMode::PositiveInf, RoundingMode::NearestAway};

} // namespace

ParseResult parseIEEERounding(OpAsmParser &parser, RoundingModeAttr &attr)
{
    return parseRounding(parser, attr, kIEEE, RoundingMode::NearestEven);
}
void printIEEERounding(OpAsmPrinter &printer, Operation *, RoundingModeAttr attr)
{
    printRounding(printer, attr, RoundingMode::NearestEven);
}
ParseResult parseDivFRounding(OpAsmParser &parser, RoundingModeAttr &attr)
{
    return parseRounding(parser, attr, kDivF, RoundingMode::NearestEven);
}
void printDivFRounding(OpAsmPrinter &printer, Operation *, RoundingModeAttr attr)
{
    printRounding(printer, attr, RoundingMode::NearestEven);
}
ParseResult parseFToFRounding(OpAsmParser &parser, RoundingModeAttr &attr)
{
    return parseRounding(parser, attr, kFToF, RoundingMode::NearestEven);
}
void printFToFRounding(OpAsmPrinter &printer, Operation *, RoundingModeAttr attr)
{
    printRounding(printer, attr, RoundingMode::NearestEven);
}
ParseResult parseSqrtRounding(OpAsmParser &parser, RoundingModeAttr &attr)
{
    return parseRounding(parser, attr, kSqrt, RoundingMode::NearestEven);
}
void printSqrtRounding(OpAsmPrinter &printer, Operation *, RoundingModeAttr attr)
{
    printRounding(printer, attr, RoundingMode::NearestEven);
}
ParseResult parseApproxRounding(OpAsmParser &parser, RoundingModeAttr &attr)
{
    return parseRounding(parser, attr, kApprox, RoundingMode::Full);
}
void printApproxRounding(OpAsmPrinter &printer, Operation *, RoundingModeAttr attr)
{
    printRounding(printer, attr, RoundingMode::Full);
}
ParseResult parseIntegerRounding(OpAsmParser &parser, RoundingModeAttr &attr)
{
    return parseRounding(parser, attr, kInteger, RoundingMode::NearestIntToZero);
}
void printIntegerRounding(OpAsmPrinter &printer, Operation *, RoundingModeAttr attr)
{
    printRounding(printer, attr, RoundingMode::NearestIntToZero);
}

//===----------------------------------------------------------------------===//
// Symbol visibility
//===----------------------------------------------------------------------===//

ParseResult parseSymbolVisibility(OpAsmParser &parser, SymbolVisibilityAttr &attr)
{
    SymbolVisibility v = SymbolVisibility::Public;
    if (succeeded(parser.parseOptionalKeyword("private")))
        v = SymbolVisibility::Private;
    else
        (void)parser.parseOptionalKeyword("public");
    attr = SymbolVisibilityAttr::get(parser.getContext(), v);
    return success();
}

void printSymbolVisibility(OpAsmPrinter &printer, Operation *, SymbolVisibilityAttr attr)
{
    if (attr && attr.getValue() == SymbolVisibility::Private)
        printer << "private";
}

//===----------------------------------------------------------------------===//
// Assume predicates
//===----------------------------------------------------------------------===//

ParseResult parseAssumePredicate(OpAsmParser &parser, Attribute &predicate)
{
    SMLoc loc = parser.getCurrentLocation();
    if (succeeded(parser.parseOptionalKeyword(DivByAttr::getMnemonic())))
        predicate = DivByAttr::parse(parser, Type());
    else if (succeeded(parser.parseOptionalKeyword(SameElementsAttr::getMnemonic())))
        predicate = SameElementsAttr::parse(parser, Type());
    else if (succeeded(parser.parseOptionalKeyword(BoundedAttr::getMnemonic())))
        predicate = BoundedAttr::parse(parser, Type());
    else if (parser.parseAttribute(predicate))
        return failure();
    if (!predicate)
        return failure();
    if (!isa<DivByAttr, SameElementsAttr, BoundedAttr>(predicate))
        return parser.emitError(loc, "expected div_by, same_elements or bounded predicate");
    return success();
}

void printAssumePredicate(OpAsmPrinter &printer, Operation *, Attribute predicate)
{
    if (auto a = dyn_cast<DivByAttr>(predicate)) {
        printer << DivByAttr::getMnemonic();
        a.print(printer);
    } else if (auto a = dyn_cast<SameElementsAttr>(predicate)) {
        printer << SameElementsAttr::getMnemonic();
        a.print(printer);
    } else if (auto a = dyn_cast<BoundedAttr>(predicate)) {
        printer << BoundedAttr::getMnemonic();
        a.print(printer);
    } else {
        printer.printAttribute(predicate);
    }
}

//===----------------------------------------------------------------------===//
// Regions
//===----------------------------------------------------------------------===//

ParseResult parseIfRegion(OpAsmParser &parser, Region &region)
{
    if (parser.parseRegion(region, /*arguments=*/{}))
        return failure();
    ensureImplicitTerminator<YieldOp>(region, parser.getBuilder(),
                                      parser.getEncodedSourceLoc(parser.getNameLoc()));
    return success();
}

void printIfRegion(OpAsmPrinter &printer, Operation *, Region &region)
{
    printer.printRegion(region, /*printEntryBlockArgs=*/false,
                        /*printBlockTerminators=*/!hasImplicitTerminator<YieldOp>(region));
}

ParseResult parseTypedArgumentList(OpAsmParser &parser,
                                   SmallVectorImpl<OpAsmParser::Argument> &args, bool allowAttrs)
{
    return parser.parseCommaSeparatedList(AsmParser::Delimiter::Paren, [&]() -> ParseResult {
        OpAsmParser::Argument arg;
        if (parser.parseArgument(arg, /*allowType=*/false, /*allowAttrs=*/false)
            || parser.parseColon() || parseTileIRType(parser, arg.type))
            return failure();
        if (allowAttrs) {
            NamedAttrList attrs;
            if (parser.parseOptionalAttrDict(attrs))
                return failure();
            if (!attrs.empty())
                arg.attrs = attrs.getDictionary(parser.getContext());
        }
        if (parser.parseOptionalLocationSpecifier(arg.sourceLoc))
            return failure();
        args.push_back(arg);
        return success();
    });
}

void printTypedArgumentList(OpAsmPrinter &printer, ValueRange args, ArrayAttr argAttrs)
{
    printer << "(";
    for (auto [i, arg] : llvm::enumerate(args)) {
        if (i)
            printer << ", ";
        printer.printOperand(arg);
        printer << ": ";
        printTileIRType(printer, arg.getType());
        if (argAttrs && i < argAttrs.size())
            if (auto dict = dyn_cast_or_null<DictionaryAttr>(argAttrs[i]))
                printer.printOptionalAttrDict(dict.getValue());
        // Argument locations are not printed (as in the reference printer):
        // the alias pass would emit unused #loc aliases otherwise.
    }
    printer << ")";
}

ParseResult parseArgumentRegion(OpAsmParser &parser, Region &region)
{
    SmallVector<OpAsmParser::Argument> args;
    if (parseTypedArgumentList(parser, args, /*allowAttrs=*/false))
        return failure();
    return parser.parseRegion(region, args);
}

void printArgumentRegion(OpAsmPrinter &printer, Operation *, Region &region)
{
    printer.printNewline();
    printTypedArgumentList(printer, region.getArguments(), ArrayAttr());
    printer << " ";
    printer.printRegion(region, /*printEntryBlockArgs=*/false);
}

} // namespace tileport::tileir
