// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// Comparison, selection and conversions (tileir-format.md §3.6).

#ifndef TILEPORT_TILEIR_OPS_CONVERSION_TD
#define TILEPORT_TILEIR_OPS_CONVERSION_TD

include "tileport/TileIR/TileIROpBase.td"

def CudaTile_CmpIOp : CudaTile_Op<"cmpi", [Pure, AllTypesMatch<["lhs", "rhs"]>]> {
  let summary = "element-wise integer comparison";
  let arguments = (ins CudaTile_ComparisonPredicateAttr:$comparison_predicate,
                       CudaTile_IntTile:$lhs, CudaTile_IntTile:$rhs,
                       CudaTile_SignednessAttr:$signedness);
  let results = (outs CudaTile_I1Tile:$result);
  let assemblyFormat = [{
    custom<EnumKeyword>($comparison_predicate) $lhs `,` $rhs `,` custom<EnumKeyword>($signedness)
    attr-dict `:` custom<TileIRType>(type($lhs)) `->` custom<TileIRType>(type($result))
  }];
  let hasVerifier = 1;
}

def CudaTile_CmpFOp : CudaTile_Op<"cmpf", [Pure, AllTypesMatch<["lhs", "rhs"]>]> {
  let summary = "element-wise float comparison";
  let arguments = (ins CudaTile_ComparisonPredicateAttr:$comparison_predicate,
                       CudaTile_ComparisonOrderingAttr:$comparison_ordering,
                       CudaTile_BaseFloatTile:$lhs, CudaTile_BaseFloatTile:$rhs);
  let results = (outs CudaTile_I1Tile:$result);
  let assemblyFormat = [{
    custom<EnumKeyword>($comparison_predicate) custom<EnumKeyword>($comparison_ordering)
    $lhs `,` $rhs attr-dict `:` custom<TileIRType>(type($lhs)) `->` custom<TileIRType>(type($result))
  }];
  let hasVerifier = 1;
}

def CudaTile_SelectOp : CudaTile_Op<"select", [
    Pure, AllTypesMatch<["val_if_true", "val_if_false", "result"]>]> {
  let summary = "element-wise choice";
  let arguments = (ins CudaTile_I1Tile:$cond, CudaTile_AnyTile:$val_if_true,
                       CudaTile_AnyTile:$val_if_false);
  let results = (outs CudaTile_AnyTile:$result);
  let assemblyFormat = [{
    $cond `,` $val_if_true `,` $val_if_false attr-dict
    `:` custom<TileIRType>(type($cond)) `,` custom<TileIRType>(type($result))
  }];
  let hasVerifier = 1;
}

def CudaTile_BitcastOp : CudaTile_CastOp<"bitcast", CudaTile_NumberTile, CudaTile_NumberTile> {
  // A splat constant folds to the constant of the same bits (cutile writes
  // an 8-bit float constant as the bitcast of its integer bits; cuTile
  // Python emits the constant).
  let hasFolder = 1;
}

def CudaTile_ExtIOp : CudaTile_Op<"exti", [Pure]> {
  let summary = "sign or zero extension";
  let arguments = (ins CudaTile_IntOrI4Tile:$from, CudaTile_SignednessAttr:$signedness);
  let results = (outs CudaTile_IntOrI4Tile:$to);
  let assemblyFormat = [{
    $from custom<EnumKeyword>($signedness) attr-dict
    `:` custom<TileIRType>(type($from)) `->` custom<TileIRType>(type($to))
  }];
  let hasVerifier = 1;
}

def CudaTile_TruncIOp : CudaTile_Op<"trunci", [Pure]> {
  let summary = "integer truncation";
  let arguments = (ins CudaTile_IntOrI4Tile:$from,
      DefaultValuedAttr<CudaTile_IntegerOverflowAttr,
                        "::tileport::tileir::IntegerOverflow::None">:$overflow);
  let results = (outs CudaTile_IntOrI4Tile:$to);
  let assemblyFormat = [{
    $from (`overflow` `` $overflow^)? attr-dict
    `:` custom<TileIRType>(type($from)) `->` custom<TileIRType>(type($to))
  }];
  let hasVerifier = 1;
}

def CudaTile_FToFOp : CudaTile_Op<"ftof", [Pure]> {
  let summary = "float to float conversion";
  let arguments = (ins CudaTile_FloatTile:$from,
      DefaultValuedAttr<CudaTile_RoundingModeAttr,
                        "::tileport::tileir::RoundingMode::NearestEven">:$rounding_mode);
  let results = (outs CudaTile_FloatTile:$to);
  let assemblyFormat = [{
    $from custom<FToFRounding>($rounding_mode) attr-dict
    `:` custom<TileIRType>(type($from)) `->` custom<TileIRType>(type($to))
  }];
  let hasVerifier = 1;
}

def CudaTile_FToIOp : CudaTile_Op<"ftoi", [Pure]> {
  let summary = "float to integer conversion (truncating; saturating since 13.4)";
  let arguments = (ins CudaTile_FloatTile:$from, CudaTile_SignednessAttr:$signedness,
                       CudaTile_RoundingModeAttr:$rounding_mode, UnitAttr:$saturating);
  let results = (outs CudaTile_IntTile:$to);
  let assemblyFormat = [{
    $from custom<EnumKeyword>($signedness) (`saturating` $saturating^)?
    custom<IntegerRounding>($rounding_mode) attr-dict
    `:` custom<TileIRType>(type($from)) `->` custom<TileIRType>(type($to))
  }];
  let hasVerifier = 1;
}

def CudaTile_IToFOp : CudaTile_Op<"itof", [Pure]> {
  let summary = "integer to float conversion";
  let arguments = (ins CudaTile_IntTile:$from, CudaTile_SignednessAttr:$signedness,
                       CudaTile_RoundingModeAttr:$rounding_mode);
  let results = (outs CudaTile_FloatTile:$to);
  let assemblyFormat = [{
    $from custom<EnumKeyword>($signedness) custom<IEEERounding>($rounding_mode) attr-dict
    `:` custom<TileIRType>(type($from)) `->` custom<TileIRType>(type($to))
  }];
  let hasVerifier = 1;
  // A splat integer constant the float type holds exactly folds to that
  // float (a Python int constant is folded so; cutile converts at run time).
  let hasFolder = 1;
}

def CudaTile_IntToPtrOp : CudaTile_CastOp<"int_to_ptr", CudaTile_I64Tile, CudaTile_PointerTile>;
def CudaTile_PtrToIntOp : CudaTile_CastOp<"ptr_to_int", CudaTile_PointerTile, CudaTile_I64Tile>;
def CudaTile_PtrToPtrOp : CudaTile_CastOp<"ptr_to_ptr", CudaTile_PointerTile, CudaTile_PointerTile>;
def CudaTile_PackOp : CudaTile_CastOp<"pack", CudaTile_NumberOrI4Tile, CudaTile_I8Tile>;
def CudaTile_UnpackOp : CudaTile_CastOp<"unpack", CudaTile_I8Tile, CudaTile_NumberOrI4Tile>;

#endif // TILEPORT_TILEIR_OPS_CONVERSION_TD
