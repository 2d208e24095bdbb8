// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// Tile construction and shape ops, reductions, scans and matrix multiply
// (tileir-format.md §3.7, §3.8).

#ifndef TILEPORT_TILEIR_OPS_TILE_TD
#define TILEPORT_TILEIR_OPS_TILE_TD

include "tileport/TileIR/TileIROpBase.td"

def CudaTile_ConstantOp : CudaTile_Op<"constant", [
    Pure, ConstantLike,
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>]> {
  let summary = "literal tile: `constant <i32: [0, 1]> : tile<2xi32>`";
  let arguments = (ins Builtin_DenseIntOrFPElementsAttr:$value);
  let results = (outs CudaTile_NumberTile:$result);
  let assemblyFormat = "custom<DenseConstant>($value, type($result)) attr-dict";
  let hasFolder = 1;
  let hasVerifier = 1;
}

def CudaTile_IotaOp : CudaTile_Op<"iota", [Pure]> {
  let summary = "0, 1, 2, ... along a rank-1 tile";
  let results = (outs CudaTile_IntTile:$result);
  let assemblyFormat = "attr-dict `:` custom<TileIRType>(type($result))";
  let hasVerifier = 1;
}

// Both fold a splat constant into the splat of their result type: a literal
// is one value, whether written at rank 0 and brought to the shape (what
// cuTile Python emits) or made at the shape (what cutile emits).
def CudaTile_BroadcastOp : CudaTile_CastOp<"broadcast", CudaTile_AnyTile, CudaTile_AnyTile,
    [DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>]> {
  let hasFolder = 1;
}
def CudaTile_ReshapeOp : CudaTile_CastOp<"reshape", CudaTile_AnyTile, CudaTile_AnyTile,
    [DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>]> {
  let hasFolder = 1;
}

def CudaTile_PermuteOp : CudaTile_Op<"permute", [Pure]> {
  let summary = "transpose by a permutation of the dimensions";
  let arguments = (ins CudaTile_AnyTile:$source, DenseI32ArrayAttr:$permutation);
  let results = (outs CudaTile_AnyTile:$result);
  let assemblyFormat = [{
    $source $permutation attr-dict
    `:` custom<TileIRType>(type($source)) `->` custom<TileIRType>(type($result))
  }];
  let hasVerifier = 1;
}

def CudaTile_ExtractOp : CudaTile_Op<"extract", [Pure]> {
  let summary = "sub-tile at a block index";
  let arguments = (ins CudaTile_AnyTile:$source, Variadic<CudaTile_ScalarI32Tile>:$indices);
  let results = (outs CudaTile_AnyTile:$result);
  let assemblyFormat = [{
    $source `[` $indices `]` attr-dict
    `:` custom<TileIRType>(type($source)) `->` custom<TileIRType>(type($result))
  }];
  let hasVerifier = 1;
}

// Tile IR 13.4: the inverse of extract; the result has the destination's type.
def CudaTile_InsertOp : CudaTile_Op<"insert", [Pure, AllTypesMatch<["destination", "result"]>]> {
  let summary = "tile with a sub-tile replaced at a block index";
  let arguments = (ins CudaTile_AnyTile:$source, CudaTile_AnyTile:$destination,
                       Variadic<CudaTile_ScalarI32Tile>:$indices);
  let results = (outs CudaTile_AnyTile:$result);
  let assemblyFormat = [{
    $source `,` $destination `[` $indices `]` attr-dict
    `:` custom<TileIRType>(type($source)) `->` custom<TileIRType>(type($result))
  }];
  let hasVerifier = 1;
}

def CudaTile_CatOp : CudaTile_Op<"cat", [Pure]> {
  let summary = "concatenate along a dimension";
  let arguments = (ins CudaTile_AnyTile:$lhs, CudaTile_AnyTile:$rhs, I64Attr:$dim);
  let results = (outs CudaTile_AnyTile:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs `dim` `=` $dim attr-dict `:` custom<TileIRType>(type($lhs)) `,`
    custom<TileIRType>(type($rhs)) `->` custom<TileIRType>(type($result))
  }];
  let hasVerifier = 1;
}

def CudaTile_ReduceOp : CudaTile_Op<"reduce", [
    RecursiveMemoryEffects, SingleBlock,
    DeclareOpInterfaceMethods<OpAsmOpInterface,
        ["getDefaultDialect", "getAsmResultNames", "getAsmBlockArgumentNames"]>]> {
  let summary = "tree reduction along one dimension";
  let arguments = (ins Variadic<CudaTile_AnyTile>:$operands,
                       ConfinedAttr<I32Attr, [IntNonNegative]>:$dim,
                       ArrayAttr:$identities);
  let results = (outs Variadic<CudaTile_AnyTile>:$results);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    $operands attr-dict ` ` `dim` `` `=` `` $dim `identities` `` `=` `` $identities
    `:` custom<TileIRType>(type($operands)) `->` custom<TileIRType>(type($results))
    custom<ArgumentRegion>($body)
  }];
  let hasRegionVerifier = 1;
}

def CudaTile_ScanOp : CudaTile_Op<"scan", [
    RecursiveMemoryEffects, SingleBlock, CudaTile_DefaultDialect]> {
  let summary = "prefix scan along one dimension";
  let arguments = (ins Variadic<CudaTile_AnyTile>:$operands,
                       ConfinedAttr<I32Attr, [IntNonNegative]>:$dim,
                       BoolAttr:$reverse,
                       ArrayAttr:$identities);
  let results = (outs Variadic<CudaTile_AnyTile>:$results);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    $operands attr-dict ` ` `dim` `` `=` `` $dim `reverse` `` `=` `` $reverse
    `identities` `` `=` `` $identities
    `:` custom<TileIRType>(type($operands)) `->` custom<TileIRType>(type($results))
    custom<ArgumentRegion>($body)
  }];
  let hasRegionVerifier = 1;
}

def CudaTile_MmaFOp : CudaTile_Op<"mmaf", [Pure, AllTypesMatch<["acc", "result"]>]> {
  let summary = "floating-point matrix multiply-accumulate";
  let arguments = (ins CudaTile_FloatTile:$lhs, CudaTile_FloatTile:$rhs,
                       CudaTile_FloatTile:$acc, UnitAttr:$fast_acc);
  let results = (outs CudaTile_FloatTile:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs `,` $acc (`fast_acc` $fast_acc^)? attr-dict `:` custom<TileIRType>(type($lhs))
    `,` custom<TileIRType>(type($rhs)) `,` custom<TileIRType>(type($acc))
  }];
  let hasVerifier = 1;
}

def CudaTile_MmaIOp : CudaTile_Op<"mmai", [Pure, AllTypesMatch<["acc", "result"]>]> {
  let summary = "integer matrix multiply-accumulate (i8 x i8 + i32)";
  let arguments = (ins CudaTile_I8Tile:$lhs, CudaTile_I8Tile:$rhs, CudaTile_I32Tile:$acc,
                       CudaTile_SignednessAttr:$signedness_lhs,
                       CudaTile_SignednessAttr:$signedness_rhs);
  let results = (outs CudaTile_I32Tile:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs `,` $acc custom<EnumKeyword>($signedness_lhs)
    custom<EnumKeyword>($signedness_rhs) attr-dict `:` custom<TileIRType>(type($lhs))
    `,` custom<TileIRType>(type($rhs)) `,` custom<TileIRType>(type($acc))
  }];
  let hasVerifier = 1;
}

def CudaTile_MmaFScaledOp : CudaTile_Op<"mmaf_scaled", [Pure, AllTypesMatch<["acc", "result"]>]> {
  let summary = "block-scaled matrix multiply-accumulate";
  let arguments = (ins CudaTile_FloatTile:$lhs, CudaTile_FloatTile:$rhs,
                       CudaTile_FloatTile:$acc, CudaTile_FloatTile:$lhs_scale,
                       CudaTile_FloatTile:$rhs_scale);
  let results = (outs CudaTile_FloatTile:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs `,` $acc `,` $lhs_scale `,` $rhs_scale attr-dict
    `:` custom<TileIRType>(type($lhs)) `,` custom<TileIRType>(type($rhs)) `,`
    custom<TileIRType>(type($acc)) `,` custom<TileIRType>(type($lhs_scale)) `,`
    custom<TileIRType>(type($rhs_scale))
  }];
  let hasVerifier = 1;
}

#endif // TILEPORT_TILEIR_OPS_TILE_TD
