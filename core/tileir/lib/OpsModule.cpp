// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// module, entry, global, get_global and the four terminators.

#include "tileport/TileIR/TileIROps.h"

#include "CustomDirectives.h"

#include <mlir/IR/Builders.h>
#include <mlir/Interfaces/FunctionImplementation.h>

using namespace mlir;

namespace tileport::tileir {

//===----------------------------------------------------------------------===//
// module
//===----------------------------------------------------------------------===//

void ModuleOp::build(OpBuilder &builder, OperationState &state, StringRef name)
{
    state.addAttribute(getSymNameAttrName(state.name), builder.getStringAttr(name));
    state.addRegion()->emplaceBlock();
}

LogicalResult ModuleOp::verify()
{
    for (Operation &op : getBody().front())
        if (!isa<EntryOp, GlobalOp>(op))
            return op.emitOpError("is not allowed directly inside '")
                   << getOperationName() << "' (only entry and global)";
    return success();
}

//===----------------------------------------------------------------------===//
// entry @name(%arg0: T, ...) [-> ...] [optimization_hints=<...>] { ... }
//===----------------------------------------------------------------------===//

ParseResult EntryOp::parse(OpAsmParser &parser, OperationState &result)
{
    MLIRContext *ctx = parser.getContext();
    StringAttr name;
    SmallVector<OpAsmParser::Argument> args;
    if (parser.parseSymbolName(name, getSymNameAttrName(result.name), result.attributes)
        || parseTypedArgumentList(parser, args, /*allowAttrs=*/true))
        return failure();

    SmallVector<Type> resultTypes;
    if (succeeded(parser.parseOptionalArrow())) {
        if (succeeded(parser.parseOptionalLParen())) {
            if (failed(parser.parseOptionalRParen()))
                if (parseTileIRType(parser, resultTypes) || parser.parseRParen())
                    return failure();
        } else {
            Type t;
            if (parseTileIRType(parser, t))
                return failure();
            resultTypes.push_back(t);
        }
    }
    SmallVector<Type> argTypes;
    bool anyArgAttrs = false;
    for (const OpAsmParser::Argument &a : args) {
        argTypes.push_back(a.type);
        anyArgAttrs |= a.attrs && !a.attrs.empty();
    }
    result.addAttribute(getFunctionTypeAttrName(result.name),
                        TypeAttr::get(FunctionType::get(ctx, argTypes, resultTypes)));
    if (anyArgAttrs) {
        SmallVector<Attribute> dicts;
        for (const OpAsmParser::Argument &a : args)
            dicts.push_back(a.attrs ? a.attrs : DictionaryAttr::get(ctx));
        result.addAttribute(getArgAttrsAttrName(result.name), ArrayAttr::get(ctx, dicts));
    }

    if (succeeded(parser.parseOptionalKeyword("optimization_hints"))) {
        if (parser.parseEqual())
            return failure();
        Attribute hints = OptimizationHintsAttr::parse(parser, Type());
        if (!hints)
            return failure();
        result.addAttribute(getOptimizationHintsAttrName(result.name), hints);
    }

    Region *body = result.addRegion();
    if (parser.parseRegion(*body, args, /*enableNameShadowing=*/false))
        return failure();
    ensureImplicitTerminator<ReturnOp>(*body, parser.getBuilder(), result.location);
    return parser.parseOptionalAttrDict(result.attributes);
}

void EntryOp::print(OpAsmPrinter &p)
{
    p << ' ';
    p.printSymbolName(getSymName());
    printTypedArgumentList(p, getBody().front().getArguments(), getArgAttrsAttr());
    ArrayRef<Type> results = getFunctionType().getResults();
    if (!results.empty()) {
        p << " -> ";
        if (results.size() == 1) {
            printTileIRType(p, results.front());
        } else {
            p << "(";
            printTileIRTypes(p, results);
            p << ")";
        }
    }
    if (OptimizationHintsAttr hints = getOptimizationHintsAttr(); hints && !hints.getValue().empty()) {
        p << " optimization_hints=";
        hints.print(p);
    }
    p << ' ';
    p.printRegion(getBody(), /*printEntryBlockArgs=*/false, /*printBlockTerminators=*/true);
    p.printOptionalAttrDict((*this)->getDiscardableAttrDictionary().getValue(),
                            {getSymNameAttrName(), getFunctionTypeAttrName(),
                             getArgAttrsAttrName(), getResAttrsAttrName(),
                             getOptimizationHintsAttrName()});
}

LogicalResult EntryOp::verify()
{
    FunctionType type = getFunctionType();
    if (!type.getResults().empty())
        return emitOpError("must not return values");
    for (Type t : type.getInputs()) {
        if (auto tile = dyn_cast<TileType>(t)) {
            if (tile.getRank() != 0)
                return emitOpError("tile arguments must be rank 0 (scalars or pointers), got ") << t;
            continue;
        }
        if (!isa<TensorViewType, PartitionViewType, StridedViewType, GatherScatterViewType,
                 TokenType>(t))
            return emitOpError("argument types must be rank-0 tiles, views or tokens, got ") << t;
    }
    return success();
}

LogicalResult EntryOp::verifyRegions()
{
    Block &block = getBody().front();
    if (block.getArgumentTypes() != getFunctionType().getInputs())
        return emitOpError("body arguments do not match the function type");
    return success();
}

//===----------------------------------------------------------------------===//
// global / get_global
//===----------------------------------------------------------------------===//

LogicalResult GlobalOp::verify()
{
    auto tile = dyn_cast<TileType>(getValue().getType());
    if (!tile || tile.getRank() != 1)
        return emitOpError("value must be a rank-1 tile, got ") << getValue().getType();
    int64_t alignment = getAlignment();
    if (alignment < 0 || (alignment != 0 && !llvm::isPowerOf2_64(static_cast<uint64_t>(alignment))))
        return emitOpError("alignment must be 0 or a power of two, got ") << alignment;
    return success();
}

SymbolTable::Visibility GlobalOp::getVisibility()
{
    return getSymbolVisibility() == SymbolVisibility::Private ? SymbolTable::Visibility::Private
                                                              : SymbolTable::Visibility::Public;
}

void GlobalOp::setVisibility(SymbolTable::Visibility visibility)
{
    setSymbolVisibility(visibility == SymbolTable::Visibility::Public ? SymbolVisibility::Public
                                                                      : SymbolVisibility::Private);
}

LogicalResult GetGlobalOp::verifySymbolUses(SymbolTableCollection &symbolTable)
{
    auto global = symbolTable.lookupNearestSymbolFrom<GlobalOp>(*this, getNameAttr());
    if (!global)
        return emitOpError("'") << getName() << "' does not reference a global";
    auto ptr = cast<PointerType>(cast<TileType>(getResult().getType()).getElementType());
    Type elem = cast<TileType>(global.getValue().getType()).getElementType();
    if (ptr.getPointeeType() != elem)
        return emitOpError("pointee type ") << ptr.getPointeeType()
                                            << " does not match the global's element type " << elem;
    return success();
}

//===----------------------------------------------------------------------===//
// Terminators
//===----------------------------------------------------------------------===//

namespace {

// The op that `op` exits: the innermost ancestor that is not an `if`.
Operation *exitedOp(Operation *op)
{
    Operation *parent = op->getParentOp();
    while (parent && isa<IfOp>(parent))
        parent = parent->getParentOp();
    return parent;
}

} // namespace

LogicalResult ReturnOp::verify()
{
    Operation *target = exitedOp(*this);
    auto entry = dyn_cast_or_null<EntryOp>(target);
    if (!entry)
        return emitOpError("must be inside an entry (directly or in nested ifs)");
    if (getOperandTypes() != entry.getFunctionType().getResults())
        return emitOpError("operands must match the entry results (none)");
    return success();
}

LogicalResult YieldOp::verify()
{
    Operation *parent = (*this)->getParentOp();
    if (isa<IfOp>(parent)) {
        if (getOperandTypes() != parent->getResultTypes())
            return emitOpError("operand types must match the results of the enclosing if");
        return success();
    }
    if (isa<ReduceOp, ScanOp>(parent))
        return success(); // checked by the reduce/scan region verifier
    return emitOpError("must terminate an if, reduce or scan body");
}

LogicalResult ContinueOp::verify()
{
    Operation *target = exitedOp(*this);
    if (auto loop = dyn_cast_or_null<LoopOp>(target)) {
        if (getOperandTypes() != loop.getInitValues().getTypes())
            return emitOpError("operand types must match the iter_values of the enclosing loop");
        return success();
    }
    if (auto forOp = dyn_cast_or_null<ForOp>(target)) {
        if (getOperandTypes() != forOp.getResultTypes())
            return emitOpError("operand types must match the results of the enclosing for");
        return success();
    }
    return emitOpError("must be inside a for or loop (directly or in nested ifs)");
}

LogicalResult BreakOp::verify()
{
    auto loop = dyn_cast_or_null<LoopOp>(exitedOp(*this));
    if (!loop)
        return emitOpError("must be inside a loop (directly or in nested ifs)");
    if (getOperandTypes() != loop.getResultTypes())
        return emitOpError("operand types must match the results of the enclosing loop");
    return success();
}

} // namespace tileport::tileir
