// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// `<T: value> : tile<...>` dense constants (tileir-format.md §2.4).

#include "CustomDirectives.h"

#include <llvm/ADT/APFloat.h>
#include <llvm/ADT/APInt.h>
#include <mlir/IR/BuiltinAttributes.h>

using namespace mlir;

namespace tileport::tileir {

namespace {

// The literal as written: leaves in row-major order plus the nesting shape
// (empty for a single scalar).
struct Literal {
    SmallVector<APInt> ints;
    SmallVector<APFloat> floats;
    SmallVector<int64_t> shape;
    bool scalar = true;
    int leafDepth = -1;
};

ParseResult parseLeaf(OpAsmParser &parser, Type elem, Literal &lit)
{
    SMLoc loc = parser.getCurrentLocation();
    if (auto intType = dyn_cast<IntegerType>(elem)) {
        unsigned width = intType.getWidth();
        APInt v;
        OptionalParseResult r = parser.parseOptionalInteger(v);
        if (!r.has_value())
            return parser.emitError(loc, "expected an integer literal for ") << elem;
        if (failed(*r))
            return failure();
        bool fits = v.isNegative() ? v.getSignificantBits() <= width : v.getActiveBits() <= width;
        if (!fits)
            return parser.emitError(loc, "integer literal out of range for ") << elem;
        lit.ints.push_back(v.sextOrTrunc(width));
        return success();
    }
    auto floatType = cast<FloatType>(elem);
    APFloat v(floatType.getFloatSemantics());
    if (parser.parseFloat(floatType.getFloatSemantics(), v))
        return failure();
    lit.floats.push_back(v);
    return success();
}

ParseResult parseScalar(OpAsmParser &parser, Type elem, Literal &lit)
{
    if (elem.isInteger(1)) {
        if (succeeded(parser.parseOptionalKeyword("true"))) {
            lit.ints.emplace_back(1u, uint64_t(1));
            return success();
        }
        if (succeeded(parser.parseOptionalKeyword("false"))) {
            lit.ints.emplace_back(1u, uint64_t(0));
            return success();
        }
    }
    // The integer parser would take `true` as 1; only i1 has booleans.
    SMLoc loc = parser.getCurrentLocation();
    if (succeeded(parser.parseOptionalKeyword("true")) || succeeded(parser.parseOptionalKeyword("false")))
        return parser.emitError(loc, "expected integer value");
    return parseLeaf(parser, elem, lit);
}

// Parses `[...]` nests; `depth` is the current nesting level. Every list at
// one level must have the same length and the same sub-shape.
ParseResult parseNested(OpAsmParser &parser, Type elem, Literal &lit, size_t depth)
{
    SMLoc loc = parser.getCurrentLocation();
    if (failed(parser.parseOptionalLSquare())) {
        if (lit.leafDepth == -1)
            lit.leafDepth = static_cast<int>(depth);
        else if (lit.leafDepth != static_cast<int>(depth))
            return parser.emitError(loc, "inconsistent nesting in dense literal");
        return parseScalar(parser, elem, lit);
    }
    lit.scalar = false;
    int64_t count = 0;
    if (succeeded(parser.parseOptionalRSquare()))
        return parser.emitError(loc, "empty list in dense literal");
    do {
        if (parseNested(parser, elem, lit, depth + 1))
            return failure();
        ++count;
    } while (succeeded(parser.parseOptionalComma()));
    if (parser.parseRSquare())
        return failure();
    if (lit.shape.size() <= depth)
        lit.shape.resize(depth + 1, -1);
    if (lit.shape[depth] == -1)
        lit.shape[depth] = count;
    else if (lit.shape[depth] != count)
        return parser.emitError(loc, "inconsistent list lengths in dense literal");
    return success();
}

ParseResult parseBody(OpAsmParser &parser, DenseIntOrFPElementsAttr &value, Type &type)
{
    Type elem;
    Literal lit;
    if (parser.parseLess())
        return failure();
    SMLoc elemLoc = parser.getCurrentLocation();
    if (parseTileIRType(parser, elem) || parser.parseColon())
        return failure();
    if (!isa<IntegerType, FloatType>(elem))
        return parser.emitError(elemLoc, "dense constants need an integer or float element type, got ")
               << elem;
    SMLoc valueLoc = parser.getCurrentLocation();
    if (parseNested(parser, elem, lit, 0) || parser.parseGreater() || parser.parseColon())
        return failure();
    SMLoc typeLoc = parser.getCurrentLocation();
    if (parseTileIRType(parser, type))
        return failure();
    auto tile = dyn_cast<TileType>(type);
    if (!tile)
        return parser.emitError(typeLoc, "expected a tile type, got ") << type;
    if (tile.getElementType() != elem)
        return parser.emitError(elemLoc, "literal element type ")
               << elem << " does not match the tile element type " << tile.getElementType();
    if (!lit.scalar && ArrayRef<int64_t>(lit.shape) != tile.getShape())
        return parser.emitError(valueLoc, "literal shape does not match ") << type;
    // A single scalar is stored as a splat (no per-element expansion).
    if (isa<IntegerType>(elem))
        value = cast<DenseIntOrFPElementsAttr>(DenseElementsAttr::get(tile, lit.ints));
    else
        value = cast<DenseIntOrFPElementsAttr>(DenseElementsAttr::get(tile, lit.floats));
    return success();
}

void printElement(OpAsmPrinter &printer, DenseIntOrFPElementsAttr value, int64_t index)
{
    Type elem = value.getElementType();
    if (isa<FloatType>(elem)) {
        printer.printFloat(value.getValues<APFloat>()[index]);
        return;
    }
    APInt v = value.getValues<APInt>()[index];
    if (elem.isInteger(1))
        printer << (v.isZero() ? "false" : "true");
    else
        v.print(printer.getStream(), /*isSigned=*/true);
}

void printNested(OpAsmPrinter &printer, DenseIntOrFPElementsAttr value, ArrayRef<int64_t> shape,
                 size_t dim, int64_t &index)
{
    if (dim == shape.size()) {
        printElement(printer, value, index++);
        return;
    }
    printer << "[";
    for (int64_t i = 0; i < shape[dim]; ++i) {
        if (i)
            printer << ", ";
        printNested(printer, value, shape, dim + 1, index);
    }
    printer << "]";
}

void printBody(OpAsmPrinter &printer, DenseIntOrFPElementsAttr value)
{
    auto tile = cast<TileType>(value.getType());
    printer << "<";
    printTileIRType(printer, tile.getElementType());
    printer << ": ";
    if (value.isSplat()) {
        printElement(printer, value, 0);
    } else {
        int64_t index = 0;
        printNested(printer, value, tile.getShape(), 0, index);
    }
    printer << "> : ";
    printTileIRType(printer, tile);
}

} // namespace

ParseResult parseDenseConstant(OpAsmParser &parser, DenseIntOrFPElementsAttr &value, Type &type)
{
    return parseBody(parser, value, type);
}

void printDenseConstant(OpAsmPrinter &printer, Operation *, DenseIntOrFPElementsAttr value, Type)
{
    printBody(printer, value);
}

ParseResult parseDenseConstantWithType(OpAsmParser &parser, DenseIntOrFPElementsAttr &value)
{
    Type type;
    return parseBody(parser, value, type);
}

void printDenseConstantWithType(OpAsmPrinter &printer, Operation *, DenseIntOrFPElementsAttr value)
{
    printBody(printer, value);
}

} // namespace tileport::tileir
