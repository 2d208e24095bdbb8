// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// Integer arithmetic and bitwise ops (tileir-format.md §3.4).

#ifndef TILEPORT_TILEIR_OPS_INTEGER_TD
#define TILEPORT_TILEIR_OPS_INTEGER_TD

include "tileport/TileIR/TileIROpBase.td"

def CudaTile_AddIOp : CudaTile_OverflowBinaryOp<"addi">;
def CudaTile_SubIOp : CudaTile_OverflowBinaryOp<"subi">;
def CudaTile_MulIOp : CudaTile_OverflowBinaryOp<"muli">;
def CudaTile_ShLIOp : CudaTile_OverflowBinaryOp<"shli">;

def CudaTile_MulhiIOp : CudaTile_Op<"mulhii", [Pure, SameOperandsAndResultType]> {
  let summary = "high half of the product";
  let arguments = (ins CudaTile_IntTile:$x, CudaTile_IntTile:$y);
  let results = (outs CudaTile_IntTile:$result);
  let assemblyFormat = "$x `,` $y attr-dict `:` custom<TileIRType>(type($result))";
}

def CudaTile_DivIOp : CudaTile_Op<"divi", [Pure, SameOperandsAndResultType]> {
  let summary = "integer division; rounding picks floor/ceil division";
  let arguments = (ins CudaTile_IntTile:$lhs, CudaTile_IntTile:$rhs,
      CudaTile_SignednessAttr:$signedness,
      DefaultValuedAttr<CudaTile_RoundingModeAttr,
                        "::tileport::tileir::RoundingMode::Zero">:$rounding);
  let results = (outs CudaTile_IntTile:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs custom<EnumKeyword>($signedness) (`rounding` `` $rounding^)? attr-dict
    `:` custom<TileIRType>(type($result))
  }];
  let hasVerifier = 1;
}

def CudaTile_RemIOp : CudaTile_SignedBinaryOp<"remi">;
def CudaTile_MaxIOp : CudaTile_SignedBinaryOp<"maxi">;
def CudaTile_MinIOp : CudaTile_SignedBinaryOp<"mini">;
def CudaTile_ShRIOp : CudaTile_SignedBinaryOp<"shri">;

def CudaTile_AbsIOp : CudaTile_UnaryOp<"absi", CudaTile_IntTile>;

def CudaTile_NegIOp : CudaTile_Op<"negi", [Pure, SameOperandsAndResultType]> {
  let summary = "integer negation";
  let arguments = (ins CudaTile_IntTile:$source,
      DefaultValuedAttr<CudaTile_IntegerOverflowAttr,
                        "::tileport::tileir::IntegerOverflow::None">:$overflow);
  let results = (outs CudaTile_IntTile:$result);
  let assemblyFormat = [{
    $source (`overflow` `` $overflow^)? attr-dict `:` custom<TileIRType>(type($result))
  }];
  let hasVerifier = 1;
}

def CudaTile_AndIOp : CudaTile_BinaryOp<"andi", CudaTile_IntTile>;
def CudaTile_OrIOp : CudaTile_BinaryOp<"ori", CudaTile_IntTile>;
def CudaTile_XOrIOp : CudaTile_BinaryOp<"xori", CudaTile_IntTile>;

#endif // TILEPORT_TILEIR_OPS_INTEGER_TD
