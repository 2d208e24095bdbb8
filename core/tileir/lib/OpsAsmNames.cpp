// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// Suggested SSA names of tileir-format.md §6.1 (OpAsmOpInterface) and the
// default dialect of the ops whose bodies omit the `cuda_tile.` prefix.

#include "tileport/TileIR/TileIROps.h"

#include <llvm/ADT/APSInt.h>
#include <llvm/ADT/SmallString.h>

using namespace mlir;

namespace tileport::tileir {

//===----------------------------------------------------------------------===//
// Suggested SSA names
//===----------------------------------------------------------------------===//

// %true / %false / %cst_i1, else %cst[_<value>]_<elem>, e.g. %cst_0_i32.
void ConstantOp::getAsmResultNames(OpAsmSetValueNameFn setNameFn)
{
    DenseIntOrFPElementsAttr value = getValue();
    Type elem = value.getElementType();
    if (elem.isInteger(1)) {
        if (value.isSplat()) {
            setNameFn(getResult(), value.getSplatValue<APInt>().isZero() ? "false" : "true");
            return;
        }
        // A non-splat i1 constant mixes both values.
        setNameFn(getResult(), "cst_i1");
        return;
    }
    SmallString<32> name("cst");
    llvm::raw_svector_ostream os(name);
    if (value.isSplat()) {
        if (isa<IntegerType>(elem)) {
            os << "_";
            value.getSplatValue<APInt>().print(os, /*isSigned=*/true);
        } else {
            APFloat f = value.getSplatValue<APFloat>();
            if (f.isNaN()) {
                os << "_NaN";
            } else {
                // Only values that are exactly a (non-negative) integer.
                APSInt asInt(64, /*isUnsigned=*/true);
                bool exact = false;
                f.convertToInteger(asInt, APFloat::rmTowardZero, &exact);
                if (exact)
                    os << "_" << asInt.getZExtValue();
            }
        }
    }
    os << "_" << elem;
    setNameFn(getResult(), name);
}

// %assume, or %assume_<producer's suggested name> when the producer names
// its results (the reference printer's rule, including an empty suffix).
void AssumeOp::getAsmResultNames(OpAsmSetValueNameFn setNameFn)
{
    std::string name = "assume";
    if (Operation *producer = getValue().getDefiningOp())
        if (auto asmOp = dyn_cast<OpAsmOpInterface>(producer)) {
            name += "_";
            asmOp.getAsmResultNames([&](Value v, StringRef n) {
                if (v == getValue())
                    name += n.str();
            });
        }
    setNameFn(getResult(), name);
}

void BroadcastOp::getAsmResultNames(OpAsmSetValueNameFn setNameFn)
{
    setNameFn(getResult(), "bcast");
}

void ReshapeOp::getAsmResultNames(OpAsmSetValueNameFn setNameFn)
{
    setNameFn(getResult(), "reshape");
}

void MakeTensorViewOp::getAsmResultNames(OpAsmSetValueNameFn setNameFn)
{
    setNameFn(getResult(), "tview");
}

void MakePartitionViewOp::getAsmResultNames(OpAsmSetValueNameFn setNameFn)
{
    setNameFn(getResult(), "pview");
}

void MakeStridedViewOp::getAsmResultNames(OpAsmSetValueNameFn setNameFn)
{
    setNameFn(getResult(), "sview");
}

void MakeGatherScatterViewOp::getAsmResultNames(OpAsmSetValueNameFn setNameFn)
{
    setNameFn(getResult(), "gsview");
}

void ForOp::getAsmResultNames(OpAsmSetValueNameFn setNameFn)
{
    if (getNumResults())
        setNameFn(getResult(0), "for");
}

void ForOp::getAsmBlockArgumentNames(Region &region, OpAsmSetValueNameFn setNameFn)
{
    if (region.empty() || region.front().getNumArguments() == 0)
        return;
    setNameFn(region.front().getArgument(0), "loopIdx");
    for (auto [i, arg] : llvm::enumerate(region.front().getArguments().drop_front()))
        setNameFn(arg, "iterArg" + std::to_string(i));
}

void ReduceOp::getAsmResultNames(OpAsmSetValueNameFn setNameFn)
{
    if (getNumResults())
        setNameFn(getResult(0), "reduce");
}

void ReduceOp::getAsmBlockArgumentNames(Region &region, OpAsmSetValueNameFn setNameFn)
{
    if (region.empty())
        return;
    auto args = region.front().getArguments();
    for (auto [i, arg] : llvm::enumerate(args)) {
        std::string name = i % 2 == 0 ? "reduce_lhs" : "reduce_rhs";
        if (args.size() > 2)
            name += std::to_string(i / 2);
        setNameFn(arg, name);
    }
}

//===----------------------------------------------------------------------===//
// Default dialect inside bodies
//===----------------------------------------------------------------------===//

StringRef ModuleOp::getDefaultDialect() { return CudaTileDialect::getDialectNamespace(); }
StringRef EntryOp::getDefaultDialect() { return CudaTileDialect::getDialectNamespace(); }
StringRef ForOp::getDefaultDialect() { return CudaTileDialect::getDialectNamespace(); }
StringRef LoopOp::getDefaultDialect() { return CudaTileDialect::getDialectNamespace(); }
StringRef IfOp::getDefaultDialect() { return CudaTileDialect::getDialectNamespace(); }
StringRef ReduceOp::getDefaultDialect() { return CudaTileDialect::getDialectNamespace(); }
StringRef ScanOp::getDefaultDialect() { return CudaTileDialect::getDialectNamespace(); }

} // namespace tileport::tileir
