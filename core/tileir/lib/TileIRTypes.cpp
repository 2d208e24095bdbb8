// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// Type registration, element groups, the short-form type syntax, and the
// ptr / tile / tensor_view types (tileir-format.md §1.1, §1.2).

#include "tileport/TileIR/TileIRDialect.h"

#include <llvm/ADT/STLExtras.h>
#include <llvm/ADT/TypeSwitch.h>
#include <llvm/Support/MathExtras.h>
#include <mlir/IR/Builders.h>
#include <mlir/IR/DialectImplementation.h>

using namespace mlir;

#define GET_TYPEDEF_CLASSES
#include "tileport/TileIR/TileIRTypes.cpp.inc"

namespace tileport::tileir {

void CudaTileDialect::registerTypes()
{
    addTypes<
#define GET_TYPEDEF_LIST
#include "tileport/TileIR/TileIRTypes.cpp.inc"
        >();
}

//===----------------------------------------------------------------------===//
// Element groups
//===----------------------------------------------------------------------===//

bool isIntElementType(Type t)
{
    auto i = dyn_cast<IntegerType>(t);
    if (!i || !i.isSignless())
        return false;
    switch (i.getWidth()) {
    case 1: case 8: case 16: case 32: case 64: return true;
    default: return false;
    }
}

bool isBaseFloatType(Type t)
{
    return isa<Float16Type, BFloat16Type, Float32Type, Float64Type>(t);
}

bool isFloatElementType(Type t)
{
    return isBaseFloatType(t)
        || isa<FloatTF32Type, Float8E4M3FNType, Float8E5M2Type, Float8E8M0FNUType,
               Float4E2M1FNType>(t);
}

bool isNumberType(Type t) { return isIntElementType(t) || isFloatElementType(t); }

bool isPointerElementType(Type t) { return isa<PointerType>(t); }

bool isTileElementType(Type t)
{
    return isNumberType(t) || t.isInteger(4) || isPointerElementType(t);
}

bool tileElementIs(Type t, llvm::function_ref<bool(Type)> pred)
{
    auto tile = dyn_cast<TileType>(t);
    return tile && pred(tile.getElementType());
}

bool scalarTileElementIs(Type t, llvm::function_ref<bool(Type)> pred)
{
    auto tile = dyn_cast<TileType>(t);
    return tile && tile.getRank() == 0 && pred(tile.getElementType());
}

//===----------------------------------------------------------------------===//
// Short-form syntax
//===----------------------------------------------------------------------===//

ParseResult parseTileIRType(AsmParser &parser, Type &type)
{
    // `token` first: it must not be taken for anything but the dialect token.
    if (succeeded(parser.parseOptionalKeyword("token"))) {
        type = TokenType::get(parser.getContext());
        return success();
    }
    if (OptionalParseResult r = parser.parseOptionalType(type); r.has_value())
        return *r;
    SMLoc loc = parser.getCurrentLocation();
    StringRef mnemonic;
    OptionalParseResult r = generatedTypeParser(parser, &mnemonic, type);
    if (r.has_value())
        return *r;
    if (mnemonic.empty())
        return parser.emitError(loc, "expected a type");
    return parser.emitError(loc, "unknown type '") << mnemonic << "'";
}

void printTileIRType(AsmPrinter &printer, Type type)
{
    if (isa<CudaTileDialect>(type.getDialect()) && succeeded(generatedTypePrinter(type, printer)))
        return;
    printer.printType(type);
}

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

namespace {

bool isPowerOfTwo(int64_t v) { return v > 0 && llvm::isPowerOf2_64(static_cast<uint64_t>(v)); }

using EmitFn = llvm::function_ref<InFlightDiagnostic()>;

} // namespace

//===----------------------------------------------------------------------===//
// ptr
//===----------------------------------------------------------------------===//

Type PointerType::parse(AsmParser &parser)
{
    Type pointee;
    if (parser.parseLess() || parseTileIRType(parser, pointee) || parser.parseGreater())
        return {};
    return getChecked([&] { return parser.emitError(parser.getNameLoc()); },
                      parser.getContext(), pointee);
}

void PointerType::print(AsmPrinter &printer) const
{
    printer << "<";
    printTileIRType(printer, getPointeeType());
    printer << ">";
}

LogicalResult PointerType::verify(EmitFn emitError, Type pointee)
{
    if (!isNumberType(pointee) && !pointee.isInteger(4))
        return emitError() << "pointee must be an integer or float type, got " << pointee;
    return success();
}

//===----------------------------------------------------------------------===//
// tile
//===----------------------------------------------------------------------===//

Type TileType::parse(AsmParser &parser)
{
    SmallVector<int64_t> shape;
    Type elem;
    if (parser.parseLess()
        || parser.parseDimensionList(shape, /*allowDynamic=*/false, /*withTrailingX=*/true)
        || parseTileIRType(parser, elem) || parser.parseGreater())
        return {};
    return getChecked([&] { return parser.emitError(parser.getNameLoc()); },
                      parser.getContext(), ArrayRef<int64_t>(shape), elem);
}

void TileType::print(AsmPrinter &printer) const
{
    printer << "<";
    for (int64_t d : getShape())
        printer << d << "x";
    printTileIRType(printer, getElementType());
    printer << ">";
}

LogicalResult TileType::verify(EmitFn emitError, ArrayRef<int64_t> shape, Type elem)
{
    if (!isTileElementType(elem))
        return emitError() << "invalid tile element type " << elem;
    uint64_t count = 1;
    for (int64_t d : shape) {
        if (!isPowerOfTwo(d))
            return emitError() << "tile dimensions must be powers of two, got " << d;
        count *= static_cast<uint64_t>(d);
        if (count > (1u << 24))
            return emitError() << "tile has more than 16777216 elements";
    }
    if (isa<Float4E2M1FNType>(elem)
        && (shape.empty() || llvm::none_of(shape, [](int64_t d) { return d % 2 == 0; })))
        return emitError() << "f4E2M1FN tiles need rank >= 1 and an even dimension";
    return success();
}

TileType TileType::cloneWith(std::optional<ArrayRef<int64_t>> shape, Type elementType) const
{
    return TileType::get(getContext(), shape ? *shape : getShape(), elementType);
}

//===----------------------------------------------------------------------===//
// tensor_view
//===----------------------------------------------------------------------===//

Type TensorViewType::parse(AsmParser &parser)
{
    SmallVector<int64_t> shape, strides;
    Type elem;
    if (parser.parseLess()
        || parser.parseDimensionList(shape, /*allowDynamic=*/true, /*withTrailingX=*/true)
        || parseTileIRType(parser, elem))
        return {};
    if (!shape.empty()) {
        if (parser.parseComma() || parser.parseKeyword("strides") || parser.parseEqual())
            return {};
        auto parseStride = [&]() -> ParseResult {
            if (succeeded(parser.parseOptionalQuestion())) {
                strides.push_back(ShapedType::kDynamic);
                return success();
            }
            int64_t v = 0;
            if (parser.parseInteger(v))
                return failure();
            strides.push_back(v);
            return success();
        };
        if (parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, parseStride))
            return {};
    }
    if (parser.parseGreater())
        return {};
    return getChecked([&] { return parser.emitError(parser.getNameLoc()); },
                      parser.getContext(), elem, ArrayRef<int64_t>(shape), ArrayRef<int64_t>(strides));
}

void TensorViewType::print(AsmPrinter &printer) const
{
    auto printDim = [&](int64_t d) {
        if (ShapedType::isDynamic(d))
            printer << "?";
        else
            printer << d;
    };
    printer << "<";
    for (int64_t d : getShape()) {
        printDim(d);
        printer << "x";
    }
    printTileIRType(printer, getElementType());
    if (!getShape().empty()) {
        printer << ", strides=[";
        llvm::interleave(getStrides(), printDim, [&] { printer << ","; });
        printer << "]";
    }
    printer << ">";
}

LogicalResult TensorViewType::verify(EmitFn emitError, Type elem, ArrayRef<int64_t> shape,
                                     ArrayRef<int64_t> strides)
{
    if (!isNumberType(elem) && !elem.isInteger(4))
        return emitError() << "invalid tensor_view element type " << elem;
    if (shape.size() != strides.size())
        return emitError() << "tensor_view has " << shape.size() << " dimensions but "
                           << strides.size() << " strides";
    for (int64_t d : shape)
        if (!ShapedType::isDynamic(d) && d <= 0)
            return emitError() << "tensor_view dimensions must be positive, got " << d;
    for (int64_t s : strides)
        if (!ShapedType::isDynamic(s) && s <= 0)
            return emitError() << "tensor_view strides must be positive, got " << s;
    return success();
}

} // namespace tileport::tileir
