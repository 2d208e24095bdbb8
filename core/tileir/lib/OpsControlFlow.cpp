// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// for, loop and if: hand-written syntax and region verifiers.

#include "tileport/TileIR/TileIROps.h"

#include "CustomDirectives.h"

#include <mlir/IR/Builders.h>
#include <mlir/IR/PatternMatch.h>

using namespace mlir;

namespace tileport::tileir {

namespace {

bool isViewType(Type t)
{
    return isa<TensorViewType, PartitionViewType, StridedViewType, GatherScatterViewType>(t);
}

LogicalResult verifyNoViews(Operation *op, TypeRange types, StringRef what)
{
    for (Type t : types)
        if (isViewType(t))
            return op->emitOpError() << what << " may not be views, got " << t;
    return success();
}

// `iter_values(%a = %x, %b = %y)`
void printIterValues(OpAsmPrinter &p, Block::BlockArgListType args, OperandRange inits)
{
    p << "iter_values(";
    llvm::interleaveComma(llvm::zip(args, inits), p, [&](auto pair) {
        p << std::get<0>(pair) << " = " << std::get<1>(pair);
    });
    p << ")";
}

} // namespace

//===----------------------------------------------------------------------===//
// for [unsigned] %iv in (%lb to %ub, step %s) : T [iter_values(...) -> (T...)] {...}
//===----------------------------------------------------------------------===//

ParseResult ForOp::parse(OpAsmParser &parser, OperationState &result)
{
    if (succeeded(parser.parseOptionalKeyword("unsigned")))
        result.addAttribute(getUnsignedCmpAttrName(result.name), parser.getBuilder().getUnitAttr());

    OpAsmParser::Argument iv;
    OpAsmParser::UnresolvedOperand lb, ub, step;
    Type ivType;
    if (parser.parseArgument(iv) || parser.parseKeyword("in") || parser.parseLParen()
        || parser.parseOperand(lb) || parser.parseKeyword("to") || parser.parseOperand(ub)
        || parser.parseComma() || parser.parseKeyword("step") || parser.parseOperand(step)
        || parser.parseRParen() || parser.parseColon() || parseTileIRType(parser, ivType))
        return failure();
    iv.type = ivType;

    SmallVector<OpAsmParser::Argument> regionArgs{iv};
    SmallVector<OpAsmParser::UnresolvedOperand> inits;
    SmallVector<Type> iterTypes;
    if (succeeded(parser.parseOptionalKeyword("iter_values"))) {
        SmallVector<OpAsmParser::Argument> iterArgs;
        SMLoc loc = parser.getCurrentLocation();
        if (parser.parseAssignmentList(iterArgs, inits) || parser.parseArrow()
            || parser.parseLParen() || parseTileIRType(parser, iterTypes) || parser.parseRParen())
            return failure();
        if (iterArgs.size() != iterTypes.size())
            return parser.emitError(loc, "expected ")
                   << iterArgs.size() << " iter_values types, got " << iterTypes.size();
        for (auto [arg, type] : llvm::zip(iterArgs, iterTypes)) {
            arg.type = type;
            regionArgs.push_back(arg);
        }
    }
    if (parser.resolveOperands({lb, ub, step}, ivType, result.operands)
        || parser.resolveOperands(inits, iterTypes, parser.getNameLoc(), result.operands))
        return failure();
    result.addTypes(iterTypes);

    Region *body = result.addRegion();
    if (parser.parseRegion(*body, regionArgs))
        return failure();
    ensureImplicitTerminator<ContinueOp>(*body, parser.getBuilder(), result.location);
    return parser.parseOptionalAttrDict(result.attributes);
}

void ForOp::print(OpAsmPrinter &p)
{
    if (getUnsignedCmp())
        p << " unsigned";
    p << " " << getInductionVar() << " in (" << getLowerBound() << " to " << getUpperBound()
      << ", step " << getStep() << ") : ";
    printTileIRType(p, getInductionVar().getType());
    p << " ";
    if (!getInitValues().empty()) {
        printIterValues(p, getRegionIterValues(), getInitValues());
        p << " -> (";
        printTileIRTypes(p, getInitValues().getTypes());
        p << ") ";
    }
    p.printRegion(getRegion(), /*printEntryBlockArgs=*/false,
                  /*printBlockTerminators=*/!hasImplicitTerminator<ContinueOp>(getRegion()));
    p.printOptionalAttrDict((*this)->getDiscardableAttrDictionary().getValue(), {getUnsignedCmpAttrName()});
}

LogicalResult ForOp::verifyRegions()
{
    Block &block = getRegion().front();
    if (block.getNumArguments() != 1 + getInitValues().size())
        return emitOpError("body must have the induction variable and one argument per iter value");
    if (getInductionVar().getType() != getLowerBound().getType())
        return emitOpError("induction variable type must match the bounds");
    if (ValueRange(getRegionIterValues()).getTypes() != getInitValues().getTypes())
        return emitOpError("iter_values argument types must match the initial values");
    if (getResultTypes() != getInitValues().getTypes())
        return emitOpError("result types must match the iter_values types");
    return verifyNoViews(*this, getInitValues().getTypes(), "loop-carried values");
}

//===----------------------------------------------------------------------===//
// loop [iter_values(...) : T... [-> R...]] | [: R...] {...}
//===----------------------------------------------------------------------===//

ParseResult LoopOp::parse(OpAsmParser &parser, OperationState &result)
{
    SmallVector<OpAsmParser::Argument> regionArgs;
    SmallVector<OpAsmParser::UnresolvedOperand> inits;
    SmallVector<Type> iterTypes;
    if (succeeded(parser.parseOptionalKeyword("iter_values"))) {
        SMLoc loc = parser.getCurrentLocation();
        if (parser.parseAssignmentList(regionArgs, inits) || parser.parseColon()
            || parseTileIRType(parser, iterTypes))
            return failure();
        if (regionArgs.size() != iterTypes.size())
            return parser.emitError(loc, "expected ")
                   << regionArgs.size() << " iter_values types, got " << iterTypes.size();
        for (auto [arg, type] : llvm::zip(regionArgs, iterTypes))
            arg.type = type;
        if (succeeded(parser.parseOptionalArrow()) && parseTileIRType(parser, result.types))
            return failure();
    } else if (succeeded(parser.parseOptionalColon())) {
        if (parseTileIRType(parser, result.types))
            return failure();
    }
    if (parser.resolveOperands(inits, iterTypes, parser.getNameLoc(), result.operands))
        return failure();
    Region *body = result.addRegion();
    if (parser.parseRegion(*body, regionArgs))
        return failure();
    ensureImplicitTerminator<ContinueOp>(*body, parser.getBuilder(), result.location);
    return parser.parseOptionalAttrDict(result.attributes);
}

void LoopOp::print(OpAsmPrinter &p)
{
    bool hasIters = !getInitValues().empty();
    bool hasResults = getNumResults() != 0;
    p << " ";
    if (hasIters) {
        printIterValues(p, getRegionIterValues(), getInitValues());
        p << " : ";
        printTileIRTypes(p, getInitValues().getTypes());
        p << " ";
        if (hasResults)
            p << "-> ";
    } else if (hasResults) {
        p << ": ";
    }
    if (hasResults) {
        printTileIRTypes(p, getResultTypes());
        p << " ";
    }
    p.printRegion(getRegion(), /*printEntryBlockArgs=*/false,
                  /*printBlockTerminators=*/!hasImplicitTerminator<ContinueOp>(getRegion()));
    p.printOptionalAttrDict((*this)->getDiscardableAttrDictionary().getValue());
}

namespace {

// A loop whose body is only `break`: one trip, the break's values (its own
// iteration arguments stand for the initial values).
struct FoldSingleTripLoop : OpRewritePattern<LoopOp> {
    using OpRewritePattern::OpRewritePattern;
    LogicalResult matchAndRewrite(LoopOp op, PatternRewriter &rewriter) const override
    {
        Block &body = op.getRegion().front();
        if (!llvm::hasSingleElement(body))
            return failure();
        auto brk = dyn_cast<BreakOp>(body.front());
        if (!brk || brk->getNumOperands() != op->getNumResults())
            return failure();
        SmallVector<Value> values;
        for (Value v : brk->getOperands()) {
            auto arg = dyn_cast<BlockArgument>(v);
            values.push_back(arg && arg.getOwner() == &body ? op.getInitValues()[arg.getArgNumber()] : v);
        }
        rewriter.replaceOp(op, values);
        return success();
    }
};

} // namespace

void LoopOp::getCanonicalizationPatterns(RewritePatternSet &patterns, MLIRContext *context)
{
    patterns.add<FoldSingleTripLoop>(context);
}

LogicalResult LoopOp::verifyRegions()
{
    if (ValueRange(getRegionIterValues()).getTypes() != getInitValues().getTypes())
        return emitOpError("iter_values argument types must match the initial values");
    if (failed(verifyNoViews(*this, getInitValues().getTypes(), "loop-carried values")))
        return failure();
    return verifyNoViews(*this, getResultTypes(), "loop results");
}

//===----------------------------------------------------------------------===//
// if
//===----------------------------------------------------------------------===//

LogicalResult IfOp::verifyRegions()
{
    if (getNumResults() != 0 && getElseRegion().empty())
        return emitOpError("with results needs an else region");
    return verifyNoViews(*this, getResultTypes(), "if results");
}

} // namespace tileport::tileir
