// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// Floating-point arithmetic and math (tileir-format.md §3.5).

#ifndef TILEPORT_TILEIR_OPS_FLOAT_TD
#define TILEPORT_TILEIR_OPS_FLOAT_TD

include "tileport/TileIR/TileIROpBase.td"

def CudaTile_AddFOp : CudaTile_RoundedFloatBinaryOp<"addf", "IEEERounding">;
def CudaTile_SubFOp : CudaTile_RoundedFloatBinaryOp<"subf", "IEEERounding">;
def CudaTile_MulFOp : CudaTile_RoundedFloatBinaryOp<"mulf", "IEEERounding">;
def CudaTile_DivFOp : CudaTile_RoundedFloatBinaryOp<"divf", "DivFRounding">;

def CudaTile_FmaOp : CudaTile_Op<"fma", [Pure, SameOperandsAndResultType]> {
  let summary = "fused multiply-add lhs * rhs + acc";
  let arguments = (ins CudaTile_BaseFloatTile:$lhs, CudaTile_BaseFloatTile:$rhs,
                       CudaTile_BaseFloatTile:$acc,
                       CudaTile_RoundingModeAttr:$rounding_mode,
                       UnitAttr:$flush_to_zero);
  let results = (outs CudaTile_BaseFloatTile:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs `,` $acc custom<IEEERounding>($rounding_mode)
    (`flush_to_zero` $flush_to_zero^)? attr-dict `:` custom<TileIRType>(type($result))
  }];
  let hasVerifier = 1;
}

def CudaTile_RemFOp : CudaTile_BinaryOp<"remf", CudaTile_BaseFloatTile>;
def CudaTile_MaxFOp : CudaTile_MinMaxFloatOp<"maxf">;
def CudaTile_MinFOp : CudaTile_MinMaxFloatOp<"minf">;

def CudaTile_AbsFOp : CudaTile_UnaryOp<"absf", CudaTile_BaseFloatTile>;
def CudaTile_NegFOp : CudaTile_UnaryOp<"negf", CudaTile_BaseFloatTile>;
def CudaTile_CeilOp : CudaTile_UnaryOp<"ceil", CudaTile_BaseFloatTile>;
def CudaTile_FloorOp : CudaTile_UnaryOp<"floor", CudaTile_BaseFloatTile>;

def CudaTile_PowOp : CudaTile_Op<"pow", [Pure, SameOperandsAndResultType]> {
  let summary = "source raised to exponent";
  let arguments = (ins CudaTile_BaseFloatTile:$source, CudaTile_BaseFloatTile:$exponent);
  let results = (outs CudaTile_BaseFloatTile:$result);
  let assemblyFormat = "$source `,` $exponent attr-dict `:` custom<TileIRType>(type($result))";
}

// Tile IR 13.4: an integer exponent (i8/i16/i32) of the base's shape.
def CudaTile_FPowIOp : CudaTile_Op<"fpowi", [Pure, AllTypesMatch<["source", "result"]>]> {
  let summary = "source raised to an integer exponent";
  let arguments = (ins CudaTile_BaseFloatTile:$source, CudaTile_IntTile:$exponent);
  let results = (outs CudaTile_BaseFloatTile:$result);
  let assemblyFormat = [{
    $source `,` $exponent attr-dict `:` custom<TileIRType>(type($source)) `,` custom<TileIRType>(type($exponent))
  }];
  let hasVerifier = 1;
}

def CudaTile_Atan2Op : CudaTile_Op<"atan2", [Pure, SameOperandsAndResultType]> {
  let summary = "atan(x / y) with quadrant";
  let arguments = (ins CudaTile_BaseFloatTile:$x, CudaTile_BaseFloatTile:$y);
  let results = (outs CudaTile_BaseFloatTile:$result);
  let assemblyFormat = "$x `,` $y attr-dict `:` custom<TileIRType>(type($result))";
}

def CudaTile_ExpOp : CudaTile_ApproxUnaryOp<"exp">;
def CudaTile_Exp2Op : CudaTile_FtzUnaryOp<"exp2">;
def CudaTile_LogOp : CudaTile_UnaryOp<"log", CudaTile_BaseFloatTile>;
def CudaTile_Log2Op : CudaTile_UnaryOp<"log2", CudaTile_BaseFloatTile>;

def CudaTile_SqrtOp : CudaTile_Op<"sqrt", [Pure, SameOperandsAndResultType]> {
  let summary = "square root";
  let arguments = (ins CudaTile_BaseFloatTile:$source,
                       CudaTile_RoundingModeAttr:$rounding_mode,
                       UnitAttr:$flush_to_zero);
  let results = (outs CudaTile_BaseFloatTile:$result);
  let assemblyFormat = [{
    $source custom<SqrtRounding>($rounding_mode) (`flush_to_zero` $flush_to_zero^)? attr-dict
    `:` custom<TileIRType>(type($result))
  }];
  let hasVerifier = 1;
}

def CudaTile_RsqrtOp : CudaTile_FtzUnaryOp<"rsqrt">;
def CudaTile_SinOp : CudaTile_UnaryOp<"sin", CudaTile_BaseFloatTile>;
def CudaTile_CosOp : CudaTile_UnaryOp<"cos", CudaTile_BaseFloatTile>;
def CudaTile_TanOp : CudaTile_UnaryOp<"tan", CudaTile_BaseFloatTile>;
def CudaTile_SinHOp : CudaTile_UnaryOp<"sinh", CudaTile_BaseFloatTile>;
def CudaTile_CosHOp : CudaTile_UnaryOp<"cosh", CudaTile_BaseFloatTile>;
def CudaTile_TanHOp : CudaTile_ApproxUnaryOp<"tanh">;

#endif // TILEPORT_TILEIR_OPS_FLOAT_TD
