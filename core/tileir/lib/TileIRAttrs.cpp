// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// Enumerations and dialect attributes (tileir-format.md §2).

#include "tileport/TileIR/TileIRDialect.h"

#include <llvm/ADT/StringSet.h>
#include <llvm/ADT/TypeSwitch.h>
#include <llvm/Support/MathExtras.h>
#include <mlir/IR/Builders.h>
#include <mlir/IR/DialectImplementation.h>

using namespace mlir;

#include "tileport/TileIR/TileIREnums.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "tileport/TileIR/TileIRAttrDefs.cpp.inc"

namespace tileport::tileir {

using EmitFn = llvm::function_ref<InFlightDiagnostic()>;

void CudaTileDialect::registerAttributes()
{
    addAttributes<
#define GET_ATTRDEF_LIST
#include "tileport/TileIR/TileIRAttrDefs.cpp.inc"
        >();
}

//===----------------------------------------------------------------------===//
// div_by<16> / div_by<4, every 4 along 1>
//===----------------------------------------------------------------------===//

Attribute DivByAttr::parse(AsmParser &parser, Type)
{
    uint64_t divisor = 0;
    std::optional<int64_t> every, along;
    if (parser.parseLess() || parser.parseInteger(divisor))
        return {};
    if (succeeded(parser.parseOptionalComma())) {
        int64_t e = 0, a = 0;
        if (parser.parseKeyword("every") || parser.parseInteger(e) || parser.parseKeyword("along")
            || parser.parseInteger(a))
            return {};
        every = e;
        along = a;
    }
    if (parser.parseGreater())
        return {};
    return getChecked([&] { return parser.emitError(parser.getNameLoc()); },
                      parser.getContext(), divisor, every, along);
}

void DivByAttr::print(AsmPrinter &printer) const
{
    printer << "<" << getDivisor();
    if (getEvery() && getAlong())
        printer << ", every " << *getEvery() << " along " << *getAlong();
    printer << ">";
}

LogicalResult DivByAttr::verify(EmitFn emitError, uint64_t divisor,
                                std::optional<int64_t> every, std::optional<int64_t> along)
{
    if (divisor == 0 || !llvm::isPowerOf2_64(divisor))
        return emitError() << "div_by divisor must be a power of two, got " << divisor;
    if (divisor > (uint64_t(1) << 62))
        return emitError() << "div_by divisor is too large (at most 2^62)";
    if (every.has_value() != along.has_value())
        return emitError() << "div_by needs both 'every' and 'along' or neither";
    if (every && *every <= 0)
        return emitError() << "div_by 'every' must be positive";
    if (along && *along < 0)
        return emitError() << "div_by 'along' must not be negative";
    return success();
}

//===----------------------------------------------------------------------===//
// same_elements<[2, 4]>
//===----------------------------------------------------------------------===//

Attribute SameElementsAttr::parse(AsmParser &parser, Type)
{
    SmallVector<int64_t> values;
    if (parser.parseLess()
        || parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&]() -> ParseResult {
               int64_t v = 0;
               if (parser.parseInteger(v))
                   return failure();
               values.push_back(v);
               return success();
           })
        || parser.parseGreater())
        return {};
    return get(parser.getContext(), values);
}

void SameElementsAttr::print(AsmPrinter &printer) const
{
    printer << "<[";
    llvm::interleaveComma(getValues(), printer.getStream());
    printer << "]>";
}

//===----------------------------------------------------------------------===//
// bounded<0, ?>
//===----------------------------------------------------------------------===//

namespace {

ParseResult parseOptionalBound(AsmParser &parser, std::optional<int64_t> &bound)
{
    if (succeeded(parser.parseOptionalQuestion()))
        return success();
    int64_t v = 0;
    if (parser.parseInteger(v))
        return failure();
    bound = v;
    return success();
}

void printOptionalBound(AsmPrinter &printer, std::optional<int64_t> bound)
{
    if (bound)
        printer << *bound;
    else
        printer << "?";
}

} // namespace

Attribute BoundedAttr::parse(AsmParser &parser, Type)
{
    std::optional<int64_t> lb, ub;
    if (parser.parseLess() || parseOptionalBound(parser, lb) || parser.parseComma()
        || parseOptionalBound(parser, ub) || parser.parseGreater())
        return {};
    return getChecked([&] { return parser.emitError(parser.getNameLoc()); },
                      parser.getContext(), lb, ub);
}

void BoundedAttr::print(AsmPrinter &printer) const
{
    printer << "<";
    printOptionalBound(printer, getLb());
    printer << ", ";
    printOptionalBound(printer, getUb());
    printer << ">";
}

LogicalResult BoundedAttr::verify(EmitFn emitError, std::optional<int64_t> lb,
                                  std::optional<int64_t> ub)
{
    if (lb && ub && *lb > *ub)
        return emitError() << "bounded lower bound " << *lb << " exceeds upper bound " << *ub;
    return success();
}

//===----------------------------------------------------------------------===//
// optimization_hints<sm_100 = {num_cta_in_cga = 2}>
//===----------------------------------------------------------------------===//

Attribute OptimizationHintsAttr::parse(AsmParser &parser, Type)
{
    NamedAttrList entries;
    if (parser.parseLess())
        return {};
    if (failed(parser.parseOptionalGreater())) {
        auto parseEntry = [&]() -> ParseResult {
            std::string key;
            SMLoc loc = parser.getCurrentLocation();
            Attribute value;
            if (parser.parseKeywordOrString(&key) || parser.parseEqual()
                || parser.parseAttribute(value))
                return failure();
            if (key.empty())
                return parser.emitError(loc, "empty architecture name in optimization hints");
            if (entries.get(key))
                return parser.emitError(loc, "duplicate architecture '") << key << "'";
            if (!isa<DictionaryAttr>(value))
                return parser.emitError(loc, "hints for '") << key << "' must be a dictionary";
            entries.append(key, value);
            return success();
        };
        if (parser.parseCommaSeparatedList(parseEntry) || parser.parseGreater())
            return {};
    }
    return getChecked([&] { return parser.emitError(parser.getNameLoc()); },
                      parser.getContext(), entries.getDictionary(parser.getContext()));
}

void OptimizationHintsAttr::print(AsmPrinter &printer) const
{
    // Values print without their type (`latency = 3`, as the reference
    // printer does); the outer dictionary is sorted by MLIR.
    printer << "<";
    llvm::interleaveComma(getValue(), printer, [&](NamedAttribute arch) {
        printer.printKeywordOrString(arch.getName().getValue());
        printer << " = ";
        auto hints = dyn_cast<DictionaryAttr>(arch.getValue());
        if (!hints) {
            printer.printAttribute(arch.getValue());
            return;
        }
        printer << "{";
        llvm::interleaveComma(hints, printer, [&](NamedAttribute hint) {
            printer.printKeywordOrString(hint.getName().getValue());
            printer << " = ";
            printer.printAttributeWithoutType(hint.getValue());
        });
        printer << "}";
    });
    printer << ">";
}

LogicalResult OptimizationHintsAttr::verify(EmitFn emitError, DictionaryAttr value)
{
    static const llvm::StringSet<> archs = {"sm_80",  "sm_86",  "sm_87",  "sm_88",
                                            "sm_89",  "sm_90",  "sm_100", "sm_103",
                                            "sm_110", "sm_120", "sm_121", "default"};
    if (!value)
        return emitError() << "optimization hints need a dictionary";
    for (NamedAttribute arch : value) {
        StringRef name = arch.getName().getValue();
        if (!archs.contains(name))
            return emitError() << "unknown architecture '" << name << "' in optimization hints";
        auto hints = dyn_cast<DictionaryAttr>(arch.getValue());
        if (!hints)
            return emitError() << "hints for '" << name << "' must be a dictionary";
        for (NamedAttribute hint : hints) {
            StringRef key = hint.getName().getValue();
            auto intValue = dyn_cast<IntegerAttr>(hint.getValue());
            auto needInt = [&](int64_t lo, int64_t hi) -> LogicalResult {
                if (!intValue || intValue.getType().isInteger(1))
                    return emitError() << "hint '" << key << "' must be an integer";
                int64_t v = intValue.getInt();
                if (v < lo || v > hi)
                    return emitError() << "hint '" << key << "' must be in [" << lo << ", "
                                       << hi << "], got " << v;
                return success();
            };
            if (key == "num_cta_in_cga") {
                if (failed(needInt(1, 16)))
                    return failure();
                int64_t v = intValue.getInt();
                if (!llvm::isPowerOf2_64(static_cast<uint64_t>(v)))
                    return emitError() << "num_cta_in_cga must be a power of two, got " << v;
                if (name.starts_with("sm_8") && v != 1)
                    return emitError() << "num_cta_in_cga must be 1 on " << name;
            } else if (key == "occupancy") {
                if (failed(needInt(1, 32)))
                    return failure();
            } else if (key == "latency") {
                if (failed(needInt(1, 10)))
                    return failure();
            } else if (key == "num_worker_warps_per_cta") {
                if (failed(needInt(1, INT32_MAX)))
                    return failure();
            } else if (key == "allow_tma") {
                if (!isa<BoolAttr>(hint.getValue()))
                    return emitError() << "hint 'allow_tma' must be a boolean";
            }
            // Other keys are accepted as they are (tileir-format.md §2.3).
        }
    }
    return success();
}

//===----------------------------------------------------------------------===//
// Debug info
//===----------------------------------------------------------------------===//

LogicalResult DILexicalBlockAttr::verify(EmitFn emitError, Attribute scope, DIFileAttr file,
                                         unsigned, unsigned)
{
    if (!isa<DISubprogramAttr, DILexicalBlockAttr>(scope))
        return emitError() << "di_lexical_block scope must be a di_subprogram or di_lexical_block";
    if (!file)
        return emitError() << "di_lexical_block needs a file";
    return success();
}

Attribute DILocAttr::parse(AsmParser &parser, Type)
{
    Attribute loc, scope;
    SMLoc locPos = parser.getCurrentLocation();
    if (parser.parseLess() || parser.parseAttribute(loc))
        return {};
    auto fileLoc = dyn_cast<FileLineColLoc>(loc);
    if (!fileLoc)
        return parser.emitError(locPos, "expected loc(\"file\":line:column)"), Attribute();
    if (parser.parseKeyword("in") || parser.parseAttribute(scope) || parser.parseGreater())
        return {};
    return getChecked([&] { return parser.emitError(parser.getNameLoc()); },
                      parser.getContext(), fileLoc, scope);
}

void DILocAttr::print(AsmPrinter &printer) const
{
    printer << "<";
    printer.printAttribute(getSourceLoc());
    printer << " in ";
    printer.printAttribute(getScope());
    printer << ">";
}

LogicalResult DILocAttr::verify(EmitFn emitError, FileLineColLoc sourceLoc, Attribute scope)
{
    if (!sourceLoc)
        return emitError() << "di_loc needs a file:line:column location";
    if (!isa<DISubprogramAttr, DILexicalBlockAttr>(scope))
        return emitError() << "di_loc scope must be a di_subprogram or di_lexical_block";
    return success();
}

} // namespace tileport::tileir
