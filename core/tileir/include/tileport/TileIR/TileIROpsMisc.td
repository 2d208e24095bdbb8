// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// assume, assert, print_tko and the grid queries (tileir-format.md §3.9).

#ifndef TILEPORT_TILEIR_OPS_MISC_TD
#define TILEPORT_TILEIR_OPS_MISC_TD

include "tileport/TileIR/TileIROpBase.td"

def CudaTile_AssumeOp : CudaTile_Op<"assume", [
    Pure, AllTypesMatch<["value", "result"]>,
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>]> {
  let summary = "attach a fact (divisibility, equal groups, bounds) to a value";
  let arguments = (ins AnyType:$value, CudaTile_AssumePredicateAttr:$predicate);
  let results = (outs AnyType:$result);
  let assemblyFormat = [{
    custom<AssumePredicate>($predicate) `,` $value attr-dict `:` custom<TileIRType>(type($value))
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

def CudaTile_AssertOp : CudaTile_Op<"assert"> {
  let summary = "runtime check with a message";
  let arguments = (ins CudaTile_I1Tile:$condition, StrAttr:$message);
  let assemblyFormat = [{
    $condition `,` $message attr-dict `:` custom<TileIRType>(type($condition))
  }];
}

def CudaTile_PrintTkoOp : CudaTile_Op<"print_tko", [AttrSizedOperandSegments]> {
  let summary = "printf-like output, ordered by tokens";
  let arguments = (ins StrAttr:$str, Variadic<CudaTile_AnyTile>:$args,
                       Optional<CudaTile_TokenType>:$token);
  let results = (outs CudaTile_TokenType:$result_token);
  let assemblyFormat = [{
    $str (`,` $args^)? (`token` `` `=` `` $token^)? attr-dict
    (`:` custom<TileIRType>(type($args))^)? `->` custom<TileIRType>(type($result_token))
  }];
  let hasVerifier = 1;
}

def CudaTile_GetTileBlockIdOp : CudaTile_Op<"get_tile_block_id", [
    Pure, AllTypesMatch<["blockId_x", "blockId_y", "blockId_z"]>]> {
  let summary = "coordinates of the executing tile block";
  let results = (outs CudaTile_ScalarI32Tile:$blockId_x, CudaTile_ScalarI32Tile:$blockId_y,
                      CudaTile_ScalarI32Tile:$blockId_z);
  let assemblyFormat = "attr-dict `:` custom<TileIRType>(type($blockId_x))";
}

def CudaTile_GetNumTileBlocksOp : CudaTile_Op<"get_num_tile_blocks", [
    Pure, AllTypesMatch<["gridSize_x", "gridSize_y", "gridSize_z"]>]> {
  let summary = "grid size in tile blocks";
  let results = (outs CudaTile_ScalarI32Tile:$gridSize_x, CudaTile_ScalarI32Tile:$gridSize_y,
                      CudaTile_ScalarI32Tile:$gridSize_z);
  let assemblyFormat = "attr-dict `:` custom<TileIRType>(type($gridSize_x))";
}

#endif // TILEPORT_TILEIR_OPS_MISC_TD
