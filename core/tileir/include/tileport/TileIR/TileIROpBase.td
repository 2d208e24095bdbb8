// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// Shared op classes. Operand, result and attribute names and their order
// follow tileir-format.md §3 / §4.12.1: the bytecode layout is derived from
// the ODS order, so it must not be rearranged.
//
// Types after `:` are written with custom<TileIRType>, which prints the short
// form (`tile<4xf32>`) and parses the short and the long form.

#ifndef TILEPORT_TILEIR_OPBASE_TD
#define TILEPORT_TILEIR_OPBASE_TD

include "mlir/IR/BuiltinAttributes.td"
include "mlir/IR/OpAsmInterface.td"
include "mlir/IR/RegionKindInterface.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/Interfaces/CallInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/FunctionInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "tileport/TileIR/TileIRAttrDefs.td"
include "tileport/TileIR/TileIRTypes.td"

// Ops whose bodies print without the `cuda_tile.` prefix.
defvar CudaTile_DefaultDialect =
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getDefaultDialect"]>;

// Element-wise op with one operand named `source`: `%r = op %a : tile<..>`.
class CudaTile_UnaryOp<string mnemonic, Type tileType, list<Trait> traits = []>
    : CudaTile_Op<mnemonic, traits # [Pure, SameOperandsAndResultType]> {
  let arguments = (ins tileType:$source);
  let results = (outs tileType:$result);
  let assemblyFormat = "$source attr-dict `:` custom<TileIRType>(type($result))";
}

// Element-wise op with operands `lhs`, `rhs`: `%r = op %a, %b : tile<..>`.
class CudaTile_BinaryOp<string mnemonic, Type tileType, list<Trait> traits = []>
    : CudaTile_Op<mnemonic, traits # [Pure, SameOperandsAndResultType]> {
  let arguments = (ins tileType:$lhs, tileType:$rhs);
  let results = (outs tileType:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` custom<TileIRType>(type($result))";
}

// Integer op with `overflow<kw>` (default none, not printed).
class CudaTile_OverflowBinaryOp<string mnemonic>
    : CudaTile_Op<mnemonic, [Pure, SameOperandsAndResultType]> {
  let arguments = (ins CudaTile_IntTile:$lhs, CudaTile_IntTile:$rhs,
      DefaultValuedAttr<CudaTile_IntegerOverflowAttr,
                        "::tileport::tileir::IntegerOverflow::None">:$overflow);
  let results = (outs CudaTile_IntTile:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs (`overflow` `` $overflow^)? attr-dict `:` custom<TileIRType>(type($result))
  }];
}

// Integer op with a bare signedness keyword after the operands.
class CudaTile_SignedBinaryOp<string mnemonic>
    : CudaTile_Op<mnemonic, [Pure, SameOperandsAndResultType]> {
  let arguments = (ins CudaTile_IntTile:$lhs, CudaTile_IntTile:$rhs,
                       CudaTile_SignednessAttr:$signedness);
  let results = (outs CudaTile_IntTile:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs custom<EnumKeyword>($signedness) attr-dict `:` custom<TileIRType>(type($result))
  }];
}

// Float op with rounding mode and flush_to_zero; `roundingDirective` picks
// the accepted set of modes (tileir-format.md §2.2).
class CudaTile_RoundedFloatBinaryOp<string mnemonic, string roundingDirective>
    : CudaTile_Op<mnemonic, [Pure, SameOperandsAndResultType]> {
  let arguments = (ins CudaTile_BaseFloatTile:$lhs, CudaTile_BaseFloatTile:$rhs,
                       CudaTile_RoundingModeAttr:$rounding_mode,
                       UnitAttr:$flush_to_zero);
  let results = (outs CudaTile_BaseFloatTile:$result);
  let assemblyFormat = "$lhs `,` $rhs custom<" # roundingDirective # ">($rounding_mode)"
      # " (`flush_to_zero` $flush_to_zero^)? attr-dict `:` custom<TileIRType>(type($result))";
  let hasVerifier = 1;
}

// Float op with only flush_to_zero.
class CudaTile_FtzUnaryOp<string mnemonic>
    : CudaTile_Op<mnemonic, [Pure, SameOperandsAndResultType]> {
  let arguments = (ins CudaTile_BaseFloatTile:$source, UnitAttr:$flush_to_zero);
  let results = (outs CudaTile_BaseFloatTile:$result);
  let assemblyFormat = [{
    $source (`flush_to_zero` $flush_to_zero^)? attr-dict `:` custom<TileIRType>(type($result))
  }];
  let hasVerifier = 1;
}

// maxf / minf: two unit flags in any order.
class CudaTile_MinMaxFloatOp<string mnemonic>
    : CudaTile_Op<mnemonic, [Pure, SameOperandsAndResultType]> {
  let arguments = (ins CudaTile_BaseFloatTile:$lhs, CudaTile_BaseFloatTile:$rhs,
                       UnitAttr:$propagate_nan, UnitAttr:$flush_to_zero);
  let results = (outs CudaTile_BaseFloatTile:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs oilist(`flush_to_zero` $flush_to_zero | `propagate_nan` $propagate_nan)
    attr-dict `:` custom<TileIRType>(type($result))
  }];
  let hasVerifier = 1;
}

// exp / tanh: `rounding<approx>` printed, `full` is the default.
class CudaTile_ApproxUnaryOp<string mnemonic>
    : CudaTile_Op<mnemonic, [Pure, SameOperandsAndResultType]> {
  let arguments = (ins CudaTile_BaseFloatTile:$source,
      DefaultValuedAttr<CudaTile_RoundingModeAttr,
                        "::tileport::tileir::RoundingMode::Full">:$rounding_mode);
  let results = (outs CudaTile_BaseFloatTile:$result);
  let assemblyFormat = [{
    $source custom<ApproxRounding>($rounding_mode) attr-dict `:` custom<TileIRType>(type($result))
  }];
  let hasVerifier = 1;
}

// One-operand conversion `%r = op %a : T(source) -> T(result)`.
class CudaTile_CastOp<string mnemonic, Type fromType, Type toType, list<Trait> traits = []>
    : CudaTile_Op<mnemonic, traits # [Pure]> {
  let arguments = (ins fromType:$source);
  let results = (outs toType:$result);
  let assemblyFormat = [{
    $source attr-dict `:` custom<TileIRType>(type($source)) `->` custom<TileIRType>(type($result))
  }];
  let hasVerifier = 1;
}

// Terminators with `operands*`: `yield %a, %b : T, T`.
class CudaTile_TerminatorOp<string mnemonic, list<Trait> traits = []>
    : CudaTile_Op<mnemonic, traits # [Terminator]> {
  let arguments = (ins Variadic<AnyType>:$operands);
  let assemblyFormat = [{
    attr-dict ($operands^ `:` custom<TileIRType>(type($operands)))?
  }];
  let builders = [OpBuilder<(ins), [{ build($_builder, $_state, ::mlir::ValueRange()); }]>];
  let hasVerifier = 1;
}

// View constructors `%v = make_*_view %tv : view-type` (hand-written syntax).
class CudaTile_MakeViewOp<string mnemonic, Type viewType>
    : CudaTile_Op<mnemonic, [Pure, DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>]> {
  let arguments = (ins CudaTile_TensorViewType:$tensor_view);
  let results = (outs viewType:$result);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

#endif // TILEPORT_TILEIR_OPBASE_TD
