// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// Op syntax that ODS does not generate (the entry) and the op verifiers.

#include "tileport/Kir/KirOps.h"

#include <mlir/IR/Builders.h>

#include <algorithm>
#include <iterator>
#include <mlir/Interfaces/FunctionImplementation.h>

using namespace mlir;

#define GET_OP_CLASSES
#include "tileport/Kir/KirOps.cpp.inc"

namespace tileport::kir {

namespace {

bool sameDims(ArrayAttr a, ArrayAttr b) { return a == b; }

LogicalResult verifyIndex(Operation *op, TensorType tensor, OperandRange index)
{
    if (index.size() != tensor.getRank())
        return op->emitOpError() << "has " << index.size() << " index component(s) for a rank-" << tensor.getRank()
                                 << " array";
    return success();
}

} // namespace

bool compatibleElements(Type a, Type b) { return a == b || isa<VarType>(a) || isa<VarType>(b); }

LogicalResult verifyElementwise(Operation *op)
{
    Type first = op->getResult(0).getType();
    for (Value v : op->getOperands()) {
        Type t = v.getType();
        auto ta = dyn_cast<TileType>(t), tb = dyn_cast<TileType>(first);
        if (bool(ta) != bool(tb) || (ta && ta.getDims() != tb.getDims()))
            return op->emitOpError() << "operand " << t << " does not have the result's shape " << first;
        if (!compatibleElements(elementTypeOf(t), elementTypeOf(first)))
            return op->emitOpError() << "operand element type " << elementTypeOf(t) << " differs from the result's "
                                     << elementTypeOf(first);
    }
    return success();
}

// --- entry --------------------------------------------------------------------

ParseResult EntryOp::parse(OpAsmParser &parser, OperationState &result)
{
    auto build = [](Builder &b, ArrayRef<Type> args, ArrayRef<Type> results, function_interface_impl::VariadicFlag,
                    std::string &) { return b.getFunctionType(args, results); };
    return function_interface_impl::parseFunctionOp(parser, result, /*allowVariadic=*/false,
                                                    getFunctionTypeAttrName(result.name), build,
                                                    getArgAttrsAttrName(result.name), getResAttrsAttrName(result.name));
}

void EntryOp::print(OpAsmPrinter &p)
{
    function_interface_impl::printFunctionOp(p, *this, /*isVariadic=*/false, getFunctionTypeAttrName(),
                                             getArgAttrsAttrName(), getResAttrsAttrName());
}

StringRef EntryOp::getArgName(unsigned i)
{
    if (auto name = getArgAttrOfType<StringAttr>(i, "kir.name"))
        return name.getValue();
    return {};
}

LogicalResult EntryOp::verify()
{
    if (!getFunctionType().getResults().empty())
        return emitOpError() << "returns nothing: kernels write their outputs";
    Block &body = getBody().front();
    if (body.getNumArguments() != getFunctionType().getNumInputs())
        return emitOpError() << "has " << body.getNumArguments() << " block argument(s) for "
                             << getFunctionType().getNumInputs() << " parameter(s)";
    for (unsigned i = 0; i < body.getNumArguments(); ++i) {
        if (body.getArgument(i).getType() != getFunctionType().getInput(i))
            return emitOpError() << "parameter " << i << " has another type than its block argument";
        if (getArgName(i).empty())
            return emitOpError() << "parameter " << i << " has no kir.name";
    }
    return success();
}

// --- control flow ---------------------------------------------------------------

void ForOp::build(OpBuilder &b, OperationState &state, Value lower, Value upper, Value step, ValueRange inits, StringRef var,
                  ArrayRef<StringRef> carried)
{
    state.addOperands({lower, upper});
    if (step)
        state.addOperands(step);
    state.addOperands(inits);
    state.addAttribute(getOperandSegmentSizesAttrName(state.name),
                       b.getDenseI32ArrayAttr({1, 1, step ? 1 : 0, int32_t(inits.size())}));
    state.addAttribute(getVarAttrName(state.name), b.getStringAttr(var));
    state.addAttribute(getCarriedAttrName(state.name), b.getStrArrayAttr(carried));
    state.addTypes(inits.getTypes());
    Region *body = state.addRegion();
    Block *block = new Block();
    body->push_back(block);
    block->addArgument(b.getI32Type(), state.location);
    for (Value v : inits)
        block->addArgument(v.getType(), state.location);
}

LogicalResult ForOp::verify()
{
    Block *body = getBodyBlock();
    if (getCarried().size() != getInits().size())
        return emitOpError() << "names " << getCarried().size() << " carried value(s) for " << getInits().size() << " init(s)";
    if (body->getNumArguments() != getInits().size() + 1 || !body->getArgument(0).getType().isInteger(32))
        return emitOpError() << "body takes the i32 induction variable and one argument per carried value";
    auto yield = cast<YieldOp>(body->getTerminator());
    if (yield.getValues().size() != getInits().size())
        return emitOpError() << "yields " << yield.getValues().size() << " value(s) for " << getInits().size() << " carried";
    for (unsigned i = 0; i < getInits().size(); ++i) {
        const Type init = getInits()[i].getType(), arg = body->getArgument(i + 1).getType(),
                   next = yield.getValues()[i].getType(), out = getResult(i).getType();
        for (Type t : {arg, next, out}) {
            auto a = dyn_cast<TileType>(init), b = dyn_cast<TileType>(t);
            if (bool(a) != bool(b) || (a && a.getDims() != b.getDims())
                || !compatibleElements(elementTypeOf(init), elementTypeOf(t)))
                return emitOpError() << "carried value '" << cast<StringAttr>(getCarried()[i]).getValue() << "' changes type: "
                                     << init << " vs " << t;
        }
    }
    return success();
}

LogicalResult WhileOp::verify()
{
    if (getCarried().size() != getInits().size())
        return emitOpError() << "names " << getCarried().size() << " carried value(s) for " << getInits().size() << " init(s)";
    for (Block *b : {condBlock(), bodyBlock()}) {
        if (b->getNumArguments() != getInits().size())
            return emitOpError() << "regions take one argument per carried value";
        if (!b->mightHaveTerminator() || !isa<YieldOp>(b->getTerminator()))
            return emitOpError() << "regions end in kir.yield";
    }
    auto condYield = cast<YieldOp>(condBlock()->getTerminator());
    if (condYield.getValues().size() != 1 || !condYield.getValues()[0].getType().isInteger(1))
        return emitOpError() << "the condition region yields one i1";
    auto yield = cast<YieldOp>(bodyBlock()->getTerminator());
    if (yield.getValues().size() != getInits().size())
        return emitOpError() << "yields " << yield.getValues().size() << " value(s) for " << getInits().size() << " carried";
    for (unsigned i = 0; i < getInits().size(); ++i) {
        const Type init = getInits()[i].getType();
        for (Type t : {condBlock()->getArgument(i).getType(), bodyBlock()->getArgument(i).getType(), yield.getValues()[i].getType(),
                       getResult(i).getType()}) {
            auto a = dyn_cast<TileType>(init), b = dyn_cast<TileType>(t);
            if (bool(a) != bool(b) || (a && a.getDims() != b.getDims()) || !compatibleElements(elementTypeOf(init), elementTypeOf(t)))
                return emitOpError() << "carried value '" << cast<StringAttr>(getCarried()[i]).getValue() << "' changes type: "
                                     << init << " vs " << t;
        }
    }
    return success();
}

LogicalResult IfOp::verify()
{
    const unsigned n = getResults().size();
    if (getCarried().size() + getFresh().size() != n)
        return emitOpError() << "names " << getCarried().size() + getFresh().size() << " value(s) for " << n << " result(s)";
    if (getInits().size() != getCarried().size())
        return emitOpError() << "carries " << getCarried().size() << " name(s) with " << getInits().size() << " init(s)";
    for (unsigned i = 0; i < getInits().size(); ++i)
        if (getInits()[i].getType() != getResult(i).getType()
            && !compatibleElements(elementTypeOf(getInits()[i].getType()), elementTypeOf(getResult(i).getType())))
            return emitOpError() << "carried value '" << cast<StringAttr>(getCarried()[i]).getValue() << "' changes type";
    for (Block *arm : {thenBlock(), elseBlock()}) {
        auto yield = dyn_cast<YieldOp>(arm->getTerminator());
        if (!yield)
            return emitOpError() << "arm does not end in kir.yield";
        if (yield.getValues().size() != n)
            return emitOpError() << "arm yields " << yield.getValues().size() << " value(s) for " << n << " result(s)";
        for (unsigned i = 0; i < n; ++i) {
            const Type a = yield.getValues()[i].getType(), out = getResult(i).getType();
            auto ta = dyn_cast<TileType>(a), to = dyn_cast<TileType>(out);
            if (bool(ta) != bool(to) || (ta && ta.getDims() != to.getDims()) || !compatibleElements(elementTypeOf(a), elementTypeOf(out)))
                return emitOpError() << "arm yields " << a << " for a result of type " << out;
        }
    }
    return success();
}

// --- scalars ------------------------------------------------------------------

LogicalResult ConstParamOp::verify()
{
    auto entry = (*this)->getParentOfType<EntryOp>();
    if (!entry)
        return emitOpError() << "is outside an entry";
    for (Attribute a : entry.getConstGenerics())
        if (cast<StringAttr>(a).getValue() == getParam())
            return success();
    return emitOpError() << "reads '" << getParam() << "', which is not a const generic of the entry";
}

LogicalResult NumTilesOp::verify()
{
    auto tensor = cast<TensorType>(getArray().getType());
    if (int32_t(getAxis()) < 0 || getAxis() >= tensor.getRank())
        return emitOpError() << "axis " << int32_t(getAxis()) << " is outside the rank-" << tensor.getRank() << " array";
    if (getDims().size() != tensor.getRank())
        return emitOpError() << "tile dims must have the array's rank " << tensor.getRank();
    if (tensor.isBlockOutput())
        return emitOpError() << "counts the tiles of a block output";
    return success();
}

LogicalResult ListItemOp::verify()
{
    auto list = cast<ListType>(getList().getType());
    auto tensor = cast<TensorType>(getResult().getType());
    if (tensor.getRank() != list.getRank() || tensor.isBlockOutput())
        return emitOpError() << "an item of " << list << " is a rank-" << list.getRank() << " tensor, not " << tensor;
    if (!compatibleElements(tensor.getElementType(), list.getElementType()))
        return emitOpError() << "item element type " << tensor.getElementType() << " differs from the list's " << list.getElementType();
    return success();
}

LogicalResult DimOp::verify()
{
    auto tensor = cast<TensorType>(getArray().getType());
    if (int32_t(getAxis()) < 0 || getAxis() >= tensor.getRank())
        return emitOpError() << "axis " << int32_t(getAxis()) << " is outside the rank-" << tensor.getRank() << " array";
    if (tensor.isBlockOutput())
        return emitOpError() << "reads the shape of a block output";
    return success();
}

LogicalResult ReduceOp::verify()
{
    auto in = cast<TileType>(getInput().getType()), out = cast<TileType>(getResult().getType());
    if (getKind() != "sum" && getKind() != "max" && getKind() != "min" && getKind() != "prod")
        return emitOpError() << "has unknown kind '" << getKind() << "'";
    if (int32_t(getAxis()) < 0 || getAxis() >= in.getRank())
        return emitOpError() << "axis " << int32_t(getAxis()) << " is outside the rank-" << in.getRank() << " tile";
    SmallVector<Attribute> dims(in.getDims().begin(), in.getDims().end());
    dims.erase(dims.begin() + getAxis());
    if (ArrayAttr::get(getContext(), dims) != out.getDims())
        return emitOpError() << "result dims must be the input's without axis " << getAxis();
    if (!compatibleElements(in.getElementType(), out.getElementType()))
        return emitOpError() << "changes the element type";
    return success();
}

LogicalResult ReshapeOp::verify()
{
    auto in = cast<TileType>(getInput().getType()), out = cast<TileType>(getResult().getType());
    if (!compatibleElements(in.getElementType(), out.getElementType()))
        return emitOpError() << "changes the element type";
    // Literal dims must keep the element count; const-generic ones are the
    // launch's to check.
    int64_t a = 1, b = 1;
    bool literal = true;
    for (Attribute d : in.getDims())
        if (auto i = dyn_cast<IntegerAttr>(d)) a *= i.getInt(); else literal = false;
    for (Attribute d : out.getDims())
        if (auto i = dyn_cast<IntegerAttr>(d)) b *= i.getInt(); else literal = false;
    if (literal && a != b)
        return emitOpError() << "reshapes " << a << " element(s) into " << b;
    return success();
}

LogicalResult TransposeOp::verify()
{
    auto in = cast<TileType>(getInput().getType()), out = cast<TileType>(getResult().getType());
    if (in.getRank() != 2 || out.getRank() != 2 || in.getDims()[0] != out.getDims()[1] || in.getDims()[1] != out.getDims()[0])
        return emitOpError() << "swaps the two dims of a rank-2 tile";
    if (!compatibleElements(in.getElementType(), out.getElementType()))
        return emitOpError() << "changes the element type";
    return success();
}

LogicalResult MmaOp::verify()
{
    auto a = cast<TileType>(getA().getType()), b = cast<TileType>(getB().getType()), acc = cast<TileType>(getAcc().getType());
    const unsigned r = a.getRank();
    if ((r != 2 && r != 3) || b.getRank() != r || acc.getRank() != r)
        return emitOpError() << "takes rank-2 tiles, or rank-3 ones with a leading batch axis";
    auto d = [](TileType t, unsigned i) { return t.getDims()[t.getRank() - 2 + i]; };
    if (d(a, 1) != d(b, 0) || d(a, 0) != d(acc, 0) || d(b, 1) != d(acc, 1) || (r == 3 && (a.getDims()[0] != b.getDims()[0] || a.getDims()[0] != acc.getDims()[0])))
        return emitOpError() << "shapes do not chain: " << a << " x " << b << " -> " << acc;
    if (!compatibleElements(a.getElementType(), b.getElementType()))
        return emitOpError() << "operands of different element types";
    if (getResult().getType() != getAcc().getType() && !compatibleElements(acc.getElementType(), cast<TileType>(getResult().getType()).getElementType()))
        return emitOpError() << "result must have the accumulator's type";
    return success();
}

LogicalResult MmaScaledOp::verify()
{
    auto a = cast<TileType>(getA().getType()), as = cast<TileType>(getAScale().getType()), b = cast<TileType>(getB().getType()),
         bs = cast<TileType>(getBScale().getType()), acc = cast<TileType>(getAcc().getType());
    const unsigned r = a.getRank();
    if ((r != 2 && r != 3) || as.getRank() != r || b.getRank() != r || bs.getRank() != r || acc.getRank() != r)
        return emitOpError() << "takes rank-2 tiles, or rank-3 ones with a leading batch axis";
    auto d = [](TileType t, unsigned i) { return t.getDims()[t.getRank() - 2 + i]; };
    if (d(a, 1) != d(b, 0) || d(a, 0) != d(acc, 0) || d(b, 1) != d(acc, 1))
        return emitOpError() << "shapes do not chain: " << a << " x " << b << " -> " << acc;
    if (d(as, 0) != d(a, 0) || d(bs, 1) != d(b, 1) || d(as, 1) != d(bs, 0))
        return emitOpError() << "scale shapes do not fit the operands: " << as << ", " << bs;
    if (!compatibleElements(a.getElementType(), b.getElementType()) || !compatibleElements(as.getElementType(), bs.getElementType()))
        return emitOpError() << "operands (or scales) of different element types";
    if (!isa<VarType>(acc.getElementType()) && !acc.getElementType().isF32())
        return emitOpError() << "needs an f32 accumulator";
    if (getResult().getType() != getAcc().getType())
        return emitOpError() << "result must have the accumulator's type";
    return success();
}

// pack / unpack: rank-1 tiles, one side uint8 bytes, the other of a width
// other than 8 (8-bit elements are a bitcast).
static LogicalResult verifyBytes(Operation *op, TileType wide, TileType bytes)
{
    if (wide.getRank() != 1 || bytes.getRank() != 1)
        return op->emitOpError() << "takes and gives rank-1 tiles";
    if (!isa<VarType>(bytes.getElementType()) && !bytes.getElementType().isUnsignedInteger(8))
        return op->emitOpError() << "needs uint8 bytes, not " << bytes.getElementType();
    const Type e = wide.getElementType();
    if (!isa<VarType>(e) && (e.getIntOrFloatBitWidth() == 8 || e.getIntOrFloatBitWidth() == 1))
        return op->emitOpError() << "packs " << e << ": 8-bit elements are a bitcast, bools have no bytes";
    return success();
}

LogicalResult PackOp::verify() { return verifyBytes(*this, cast<TileType>(getInput().getType()), cast<TileType>(getResult().getType())); }
LogicalResult UnpackOp::verify() { return verifyBytes(*this, cast<TileType>(getResult().getType()), cast<TileType>(getInput().getType())); }

LogicalResult ScalarToTileOp::verify()
{
    auto out = cast<TileType>(getResult().getType());
    if (out.getRank() != 0 || !compatibleElements(getInput().getType(), out.getElementType()))
        return emitOpError() << "makes a rank-0 tile of the scalar's type, not " << out;
    return success();
}

LogicalResult MathOp::verify()
{
    static const char *const fns[] = {"exp", "exp2", "log", "log2", "tanh", "sqrt", "rsqrt", "sin", "cos", "abs",
                                      "ceil", "floor", "tan", "sinh", "cosh"};
    if (std::none_of(std::begin(fns), std::end(fns), [&](const char *f) { return getFn() == f; }))
        return emitOpError() << "has unknown function '" << getFn() << "'";
    return verifyElementwise(*this);
}

LogicalResult TileToScalarOp::verify()
{
    auto in = cast<TileType>(getInput().getType());
    if (in.getRank() != 0 || !compatibleElements(in.getElementType(), getResult().getType()))
        return emitOpError() << "reads a rank-0 tile of the result's type, not " << in;
    return success();
}

LogicalResult CmpOp::verify()
{
    static const char *const preds[] = {"lt", "le", "gt", "ge", "eq", "ne"};
    if (std::none_of(std::begin(preds), std::end(preds), [&](const char *p) { return getPredicate() == p; }))
        return emitOpError() << "has unknown predicate '" << getPredicate() << "'";
    if (!isa<TileType>(getLhs().getType()) && !isa<TileType>(getRhs().getType()) && !isa<TileType>(getResult().getType())) {
        if (!compatibleElements(getLhs().getType(), getRhs().getType()))
            return emitOpError() << "compares " << getLhs().getType() << " with " << getRhs().getType();
        if (!getResult().getType().isInteger(1))
            return emitOpError() << "gives a bool";
        return success();
    }
    auto a = dyn_cast<TileType>(getLhs().getType()), b = dyn_cast<TileType>(getRhs().getType()),
         out = dyn_cast<TileType>(getResult().getType());
    if (!a || !b || !out)
        return emitOpError() << "compares two tiles or two scalars";
    if (a.getDims() != b.getDims() || a.getDims() != out.getDims())
        return emitOpError() << "compares tiles of other shapes than its result's";
    if (!compatibleElements(a.getElementType(), b.getElementType()))
        return emitOpError() << "compares " << a.getElementType() << " with " << b.getElementType();
    if (!out.getElementType().isInteger(1))
        return emitOpError() << "gives a bool tile";
    return success();
}

LogicalResult SelectOp::verify()
{
    auto c = cast<TileType>(getCond().getType());
    if (!compatibleElements(c.getElementType(), IntegerType::get(getContext(), 1)))
        return emitOpError() << "selects by a bool tile";
    auto out = cast<TileType>(getResult().getType());
    if (c.getDims() != out.getDims())
        return emitOpError() << "selects by a condition of another shape";
    for (Value v : {getLhs(), getRhs()}) {
        auto t = cast<TileType>(v.getType());
        if (t.getDims() != out.getDims() || !compatibleElements(t.getElementType(), out.getElementType()))
            return emitOpError() << "a value's type " << t << " differs from the result's " << out;
    }
    return success();
}

LogicalResult IotaOp::verify()
{
    auto tile = cast<TileType>(getResult().getType());
    auto e = dyn_cast<IntegerType>(tile.getElementType());
    if (tile.getRank() != 1 || !e || e.getWidth() < 8)
        return emitOpError() << "makes a rank-1 integer tile, not " << tile;
    return success();
}

// --- memory -------------------------------------------------------------------

// A load's or store's ordering and scope: both absent (weak) or both given,
// each one cutile names for that direction.
static LogicalResult verifyOrdering(Operation *op, std::optional<StringRef> ordering, std::optional<StringRef> scope,
                                    StringRef allowed)
{
    if (bool(ordering) != bool(scope))
        return op->emitOpError() << "needs both an ordering and a scope, or neither";
    if (!ordering)
        return success();
    if (*ordering != "Relaxed" && *ordering != allowed)
        return op->emitOpError() << "has ordering '" << *ordering << "' (Relaxed or " << allowed << ")";
    if (*scope != "TileBlock" && *scope != "Device" && *scope != "System")
        return op->emitOpError() << "has unknown scope '" << *scope << "'";
    return success();
}

LogicalResult LoadOp::verify()
{
    if (failed(verifyOrdering(*this, getOrdering(), getScope(), "Acquire")))
        return failure();
    auto tensor = cast<TensorType>(getArray().getType());
    auto tile = cast<TileType>(getResult().getType());
    if (failed(verifyIndex(*this, tensor, getIndex())))
        return failure();
    if (tensor.isBlockOutput())
        return emitOpError() << "reads a block output";
    if (tile.getRank() != tensor.getRank())
        return emitOpError() << "loads a rank-" << tile.getRank() << " tile from a rank-" << tensor.getRank() << " array";
    if (!compatibleElements(tile.getElementType(), tensor.getElementType()))
        return emitOpError() << "loads " << tile.getElementType() << " from an array of " << tensor.getElementType();
    if (auto order = getOrder()) {
        SmallVector<int32_t> sorted(order->begin(), order->end());
        llvm::sort(sorted);
        for (size_t i = 0; i < sorted.size(); ++i)
            if (sorted[i] != int32_t(i) || sorted.size() != tensor.getRank())
                return emitOpError() << "order must permute the " << tensor.getRank() << " axes";
    }
    static const char *const modes[] = {"None", "Zero", "NegZero", "Nan", "PosInf", "NegInf"};
    for (const char *m : modes)
        if (getPadding() == m)
            return success();
    return emitOpError() << "has unknown padding '" << getPadding() << "'";
}

LogicalResult StoreOp::verify()
{
    if (failed(verifyOrdering(*this, getOrdering(), getScope(), "Release")))
        return failure();
    auto tensor = cast<TensorType>(getArray().getType());
    auto tile = cast<TileType>(getTile().getType());
    if (failed(verifyIndex(*this, tensor, getIndex())))
        return failure();
    if (tile.getRank() != tensor.getRank())
        return emitOpError() << "stores a rank-" << tile.getRank() << " tile into a rank-" << tensor.getRank() << " array";
    if (!compatibleElements(tile.getElementType(), tensor.getElementType()))
        return emitOpError() << "stores " << tile.getElementType() << " into an array of " << tensor.getElementType();
    if (tensor.isBlockOutput() && !sameDims(tensor.getPartition(), tile.getDims()))
        return emitOpError() << "stores a tile of other dims than the block output's partition";
    return success();
}

// --- conversion and broadcast -----------------------------------------------------

LogicalResult ConvertOp::verify()
{
    auto in = dyn_cast<TileType>(getInput().getType());
    auto out = dyn_cast<TileType>(getResult().getType());
    if (bool(in) != bool(out))
        return emitOpError() << "converts between a scalar and a tile";
    if (in && !sameDims(in.getDims(), out.getDims()))
        return emitOpError() << "changes the tile's dims";
    return success();
}

namespace {

// An atomic's values and its lanes (offsets into the array) agree.
LogicalResult verifyAtomicLanes(Operation *op, Value value, Value offset, Value array)
{
    auto v = cast<TileType>(value.getType());
    if (!sameDims(v.getDims(), cast<TileType>(offset.getType()).getDims()))
        return op->emitOpError() << "has offsets of another shape than its values";
    if (!compatibleElements(v.getElementType(), cast<TensorType>(array.getType()).getElementType()))
        return op->emitOpError() << "writes an array of another element type";
    return success();
}

} // namespace

LogicalResult AtomicCasOp::verify()
{
    if (getResult().getType() != getValue().getType() || getExpected().getType() != getValue().getType())
        return emitOpError() << "compares, swaps and gives one type";
    return verifyAtomicLanes(*this, getValue(), getOffset(), getArray());
}

LogicalResult AtomicRmwOp::verify()
{
    static const char *const modes[] = {"add", "max", "min", "and", "or", "xor", "xchg"};
    static const char *const orderings[] = {"Relaxed", "Acquire", "Release", "AcqRel"};
    static const char *const scopes[] = {"TileBlock", "Device", "System"};
    const auto known = [](StringRef v, const auto &list) { return std::any_of(std::begin(list), std::end(list), [&](const char *x) { return v == x; }); };
    if (!known(getMode(), modes))
        return emitOpError() << "has unknown mode '" << getMode() << "'";
    if (!known(getOrdering(), orderings))
        return emitOpError() << "has unknown memory ordering '" << getOrdering() << "'";
    if (!known(getScope(), scopes))
        return emitOpError() << "has unknown memory scope '" << getScope() << "'";
    if (getResult().getType() != getValue().getType())
        return emitOpError() << "gives " << getResult().getType() << " for an update of " << getValue().getType();
    return verifyAtomicLanes(*this, getValue(), getOffset(), getArray());
}

LogicalResult BitcastOp::verify()
{
    auto in = cast<TileType>(getInput().getType());
    auto out = cast<TileType>(getResult().getType());
    if (!sameDims(in.getDims(), out.getDims()))
        return emitOpError() << "changes the tile's dims";
    // A type variable's width is known only once resolved: checked then.
    const Type from = in.getElementType(), to = out.getElementType();
    if (!isa<VarType>(from) && !isa<VarType>(to) && from.getIntOrFloatBitWidth() != to.getIntOrFloatBitWidth())
        return emitOpError() << "reads " << from << " as " << to << ", of another width";
    return success();
}

LogicalResult BroadcastOp::verify()
{
    auto out = cast<TileType>(getResult().getType());
    if (!compatibleElements(elementTypeOf(getInput().getType()), out.getElementType()))
        return emitOpError() << "changes the element type";
    if (auto in = dyn_cast<TileType>(getInput().getType())) {
        if (in.getRank() > out.getRank())
            return emitOpError() << "broadcasts a rank-" << in.getRank() << " tile to rank " << out.getRank();
        // Python's rule, from the trailing dims: equal, or 1 in the input.
        const unsigned shift = out.getRank() - in.getRank();
        for (unsigned i = 0; i < in.getRank(); ++i) {
            Attribute a = in.getDims()[i], b = out.getDims()[shift + i];
            auto one = dyn_cast<IntegerAttr>(a);
            if (a != b && !(one && one.getInt() == 1))
                return emitOpError() << "input dim " << i << " neither matches nor is 1";
        }
    }
    return success();
}

} // namespace tileport::kir

namespace tileport::kir {

// Offsets and mask of a pointer-lane access: u64 offsets, a bool mask, both
// of the accessed tile's shape.
static LogicalResult verifyLanes(Operation *op, TileType tile, Value offset, Value mask)
{
    auto off = cast<TileType>(offset.getType());
    if (!compatibleElements(off.getElementType(), IntegerType::get(op->getContext(), 64, IntegerType::Unsigned)))
        return op->emitOpError() << "takes u64 offsets, not " << off.getElementType();
    if (off.getDims() != tile.getDims())
        return op->emitOpError() << "has offsets of another shape than its tile";
    if (mask) {
        auto m = cast<TileType>(mask.getType());
        if (m.getDims() != tile.getDims() || !compatibleElements(m.getElementType(), IntegerType::get(op->getContext(), 1)))
            return op->emitOpError() << "takes a bool mask of its tile's shape";
    }
    return success();
}

LogicalResult LoadPtrOp::verify()
{
    auto tile = cast<TileType>(getResult().getType());
    if (cast<TensorType>(getArray().getType()).isBlockOutput())
        return emitOpError() << "reads a block output";
    if (!compatibleElements(tile.getElementType(), cast<TensorType>(getArray().getType()).getElementType()))
        return emitOpError() << "loads " << tile.getElementType() << " from an array of "
                             << cast<TensorType>(getArray().getType()).getElementType();
    if (getPadding() && !getMask())
        return emitOpError() << "pads lanes without a mask";
    return verifyLanes(*this, tile, getOffset(), getMask());
}

LogicalResult StorePtrOp::verify()
{
    auto tile = cast<TileType>(getValue().getType());
    auto tensor = cast<TensorType>(getArray().getType());
    if (tensor.isBlockOutput())
        return emitOpError() << "scatters into a block output";
    if (!compatibleElements(tile.getElementType(), tensor.getElementType()))
        return emitOpError() << "stores " << tile.getElementType() << " into an array of " << tensor.getElementType();
    return verifyLanes(*this, tile, getOffset(), getMask());
}

} // namespace tileport::kir

namespace tileport::kir {

LogicalResult PermuteOp::verify()
{
    auto in = cast<TileType>(getInput().getType()), out = cast<TileType>(getResult().getType());
    if (getAxes().size() != in.getRank() || out.getRank() != in.getRank())
        return emitOpError() << "permutes " << getAxes().size() << " axes of a rank-" << in.getRank() << " tile";
    SmallVector<bool> seen(in.getRank(), false);
    for (auto [i, a] : llvm::enumerate(getAxes())) {
        if (a < 0 || unsigned(a) >= in.getRank() || seen[size_t(a)])
            return emitOpError() << "axes must be a permutation of 0.." << in.getRank() - 1;
        seen[size_t(a)] = true;
        if (out.getDims()[i] != in.getDims()[size_t(a)])
            return emitOpError() << "result dim " << i << " is not input dim " << a;
    }
    if (!compatibleElements(in.getElementType(), out.getElementType()))
        return emitOpError() << "changes the element type";
    return success();
}

} // namespace tileport::kir

namespace tileport::kir {

LogicalResult ChooseOp::verify()
{
    const Type a = getLhs().getType(), b = getRhs().getType(), out = getResult().getType();
    auto ta = dyn_cast<TileType>(a), tb = dyn_cast<TileType>(b), to = dyn_cast<TileType>(out);
    if (bool(ta) != bool(tb) || bool(ta) != bool(to) || (ta && (ta.getDims() != tb.getDims() || ta.getDims() != to.getDims())))
        return emitOpError() << "chooses between values of one kind and shape";
    if (!compatibleElements(elementTypeOf(a), elementTypeOf(b)) || !compatibleElements(elementTypeOf(a), elementTypeOf(out)))
        return emitOpError() << "chooses between " << a << " and " << b;
    return success();
}

} // namespace tileport::kir

namespace tileport::kir {

LogicalResult ExtractOp::verify()
{
    auto in = cast<TileType>(getInput().getType()), out = cast<TileType>(getResult().getType());
    if (getIndex().size() != in.getRank() || out.getRank() != in.getRank())
        return emitOpError() << "takes one index per axis of a rank-" << in.getRank() << " tile and gives that rank";
    for (Value i : getIndex()) {
        auto t = cast<TileType>(i.getType());
        if (t.getRank() != 0 || !compatibleElements(t.getElementType(), IntegerType::get(getContext(), 32)))
            return emitOpError() << "takes rank-0 i32 tiles as its index";
    }
    if (!compatibleElements(in.getElementType(), out.getElementType()))
        return emitOpError() << "changes the element type";
    return success();
}

LogicalResult AssumeDivByOp::verify()
{
    const Type e = elementTypeOf(getInput().getType());
    if (!isa<VarType>(e) && (!isa<IntegerType>(e) || e.getIntOrFloatBitWidth() == 1))
        return emitOpError() << "needs an integer value";
    if (getDivisor() <= 0)
        return emitOpError() << "needs a positive divisor";
    return success();
}

LogicalResult ScanSumOp::verify()
{
    auto in = cast<TileType>(getInput().getType());
    if (int32_t(getAxis()) < 0 || getAxis() >= in.getRank())
        return emitOpError() << "axis " << int32_t(getAxis()) << " is outside the rank-" << in.getRank() << " tile";
    if (getInput().getType() != getResult().getType() && cast<TileType>(getResult().getType()).getDims() != in.getDims())
        return emitOpError() << "gives a tile of another shape";
    return success();
}

} // namespace tileport::kir
