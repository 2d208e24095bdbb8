// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// Structured control flow (tileir-format.md §3.2).

#ifndef TILEPORT_TILEIR_OPS_CONTROLFLOW_TD
#define TILEPORT_TILEIR_OPS_CONTROLFLOW_TD

include "tileport/TileIR/TileIROpBase.td"

def CudaTile_ForOp : CudaTile_Op<"for", [
    RecursiveMemoryEffects, SingleBlock,
    AllTypesMatch<["lowerBound", "upperBound", "step"]>,
    DeclareOpInterfaceMethods<OpAsmOpInterface,
        ["getDefaultDialect", "getAsmResultNames", "getAsmBlockArgumentNames"]>]> {
  let summary = "counted loop over [lowerBound, upperBound) by step";
  let arguments = (ins CudaTile_ScalarIntTile:$lowerBound,
                       CudaTile_ScalarIntTile:$upperBound,
                       CudaTile_ScalarIntTile:$step,
                       Variadic<AnyType>:$initValues,
                       UnitAttr:$unsignedCmp);
  let results = (outs Variadic<AnyType>:$resultValues);
  let regions = (region SizedRegion<1>:$region);
  let hasCustomAssemblyFormat = 1;
  let hasRegionVerifier = 1;
  let extraClassDeclaration = [{
    ::mlir::Value getInductionVar() { return getRegion().front().getArgument(0); }
    ::mlir::Block::BlockArgListType getRegionIterValues() {
      return getRegion().front().getArguments().drop_front();
    }
  }];
}

def CudaTile_LoopOp : CudaTile_Op<"loop", [
    RecursiveMemoryEffects, SingleBlock, CudaTile_DefaultDialect]> {
  let summary = "loop left only through break";
  let arguments = (ins Variadic<AnyType>:$initValues);
  let results = (outs Variadic<AnyType>:$resultValues);
  let regions = (region SizedRegion<1>:$region);
  let hasCustomAssemblyFormat = 1;
  let hasRegionVerifier = 1;
  // `loop { break %x }` runs once: its results are %x (cuTile Python lowers
  // an early return in a helper this way).
  let hasCanonicalizer = 1;
  let extraClassDeclaration = [{
    ::mlir::Block::BlockArgListType getRegionIterValues() {
      return getRegion().front().getArguments();
    }
  }];
}

def CudaTile_IfOp : CudaTile_Op<"if", [
    RecursiveMemoryEffects, NoRegionArguments, CudaTile_DefaultDialect]> {
  let summary = "two-way branch with results";
  let arguments = (ins CudaTile_ScalarI1Tile:$condition);
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region SizedRegion<1>:$thenRegion, MaxSizedRegion<1>:$elseRegion);
  let assemblyFormat = [{
    $condition (`->` `(` custom<TileIRType>(type($results))^ `)`)?
    custom<IfRegion>($thenRegion) (`else` custom<IfRegion>($elseRegion)^)? attr-dict
  }];
  let hasRegionVerifier = 1;
}

def CudaTile_YieldOp : CudaTile_TerminatorOp<"yield", [Pure]> {
  let summary = "terminator of if, reduce and scan bodies";
}

def CudaTile_ContinueOp : CudaTile_TerminatorOp<"continue"> {
  let summary = "next iteration of the innermost for or loop";
}

def CudaTile_BreakOp : CudaTile_TerminatorOp<"break"> {
  let summary = "leave the innermost loop with its results";
}

#endif // TILEPORT_TILEIR_OPS_CONTROLFLOW_TD
