// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// Views, loads, stores, atomics, tokens, alloca, offset (tileir-format.md §3.3).

#ifndef TILEPORT_TILEIR_OPS_MEMORY_TD
#define TILEPORT_TILEIR_OPS_MEMORY_TD

include "tileport/TileIR/TileIROpBase.td"

//===----------------------------------------------------------------------===//
// Views (hand-written syntax)
//===----------------------------------------------------------------------===//

def CudaTile_MakeTensorViewOp : CudaTile_Op<"make_tensor_view", [
    Pure, AttrSizedOperandSegments,
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>]> {
  let summary = "describe a tensor in global memory";
  let arguments = (ins CudaTile_ScalarPointerTile:$base,
                       Variadic<CudaTile_ScalarIntTile>:$dynamicShape,
                       Variadic<CudaTile_ScalarIntTile>:$dynamicStrides);
  let results = (outs CudaTile_TensorViewType:$result);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def CudaTile_MakePartitionViewOp
    : CudaTile_MakeViewOp<"make_partition_view", CudaTile_PartitionViewType>;
def CudaTile_MakeStridedViewOp
    : CudaTile_MakeViewOp<"make_strided_view", CudaTile_StridedViewType>;
def CudaTile_MakeGatherScatterViewOp
    : CudaTile_MakeViewOp<"make_gather_scatter_view", CudaTile_GatherScatterViewType>;

def CudaTile_GetTensorShapeOp : CudaTile_Op<"get_tensor_shape", [Pure]> {
  let summary = "runtime shape of a tensor view";
  let arguments = (ins CudaTile_TensorViewType:$src);
  let results = (outs Variadic<CudaTile_ScalarIntTile>:$result);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def CudaTile_GetIndexSpaceShapeOp : CudaTile_Op<"get_index_space_shape", [Pure]> {
  let summary = "extent of a view's tile index space";
  let arguments = (ins CudaTile_TileView:$src);
  let results = (outs Variadic<CudaTile_ScalarIntTile>:$result);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def CudaTile_LoadViewTkoOp : CudaTile_Op<"load_view_tko", [AttrSizedOperandSegments]> {
  let summary = "load one tile of a view";
  let arguments = (ins CudaTile_MemoryOrderingSemanticsAttr:$memory_ordering_semantics,
                       OptionalAttr<CudaTile_MemoryScopeAttr>:$memory_scope,
                       CudaTile_TileView:$view,
                       Variadic<CudaTile_IntTile>:$index,
                       Optional<CudaTile_TokenType>:$token,
                       OptionalAttr<CudaTile_OptimizationHintsAttr>:$optimization_hints,
                       OptionalAttr<DenseBoolArrayAttr>:$inbounds); // 13.4: indices promised in bounds
  let results = (outs CudaTile_AnyTile:$tile, CudaTile_TokenType:$result_token);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def CudaTile_StoreViewTkoOp : CudaTile_Op<"store_view_tko", [AttrSizedOperandSegments]> {
  let summary = "store one tile of a view (out-of-bounds elements masked)";
  let arguments = (ins CudaTile_MemoryOrderingSemanticsAttr:$memory_ordering_semantics,
                       OptionalAttr<CudaTile_MemoryScopeAttr>:$memory_scope,
                       CudaTile_AnyTile:$tile,
                       CudaTile_TileView:$view,
                       Variadic<CudaTile_IntTile>:$index,
                       Optional<CudaTile_TokenType>:$token,
                       OptionalAttr<CudaTile_OptimizationHintsAttr>:$optimization_hints,
                       OptionalAttr<DenseBoolArrayAttr>:$inbounds); // 13.4: indices promised in bounds
  let results = (outs CudaTile_TokenType:$result_token);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def CudaTile_AtomicRedViewTkoOp : CudaTile_Op<"atomic_red_view_tko", [AttrSizedOperandSegments]> {
  let summary = "atomic reduction of a tile into one tile of a view";
  let arguments = (ins CudaTile_MemoryOrderingSemanticsAttr:$memory_ordering_semantics,
                       CudaTile_MemoryScopeAttr:$memory_scope,
                       CudaTile_TileView:$view,
                       Variadic<CudaTile_IntTile>:$index,
                       CudaTile_AtomicRMWModeAttr:$mode,
                       CudaTile_AnyTile:$value,
                       Optional<CudaTile_TokenType>:$token);
  let results = (outs CudaTile_TokenType:$result_token);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Pointer-tile memory ops (declarative syntax)
//===----------------------------------------------------------------------===//

def CudaTile_LoadPtrTkoOp : CudaTile_Op<"load_ptr_tko", [AttrSizedOperandSegments]> {
  let summary = "gather through a tile of pointers";
  let arguments = (ins CudaTile_MemoryOrderingSemanticsAttr:$memory_ordering_semantics,
                       OptionalAttr<CudaTile_MemoryScopeAttr>:$memory_scope,
                       CudaTile_PointerTile:$source,
                       Optional<CudaTile_I1Tile>:$mask,
                       Optional<CudaTile_NumberTile>:$paddingValue,
                       Optional<CudaTile_TokenType>:$token,
                       OptionalAttr<CudaTile_OptimizationHintsAttr>:$optimization_hints);
  let results = (outs CudaTile_AnyTile:$result, CudaTile_TokenType:$result_token);
  let assemblyFormat = [{
    $memory_ordering_semantics ($memory_scope^)? $source (`,` $mask^)? (`,` $paddingValue^)?
    (`token` `` `=` `` $token^)? (`optimization_hints` `=` $optimization_hints^)? attr-dict
    `:` custom<TileIRType>(type($source)) (`,` custom<TileIRType>(type($mask))^)?
    (`,` custom<TileIRType>(type($paddingValue))^)?
    `->` custom<TileIRType>(type($result)) `,` custom<TileIRType>(type($result_token))
  }];
  let hasVerifier = 1;
}

def CudaTile_StorePtrTkoOp : CudaTile_Op<"store_ptr_tko", [AttrSizedOperandSegments]> {
  let summary = "scatter through a tile of pointers";
  let arguments = (ins CudaTile_MemoryOrderingSemanticsAttr:$memory_ordering_semantics,
                       OptionalAttr<CudaTile_MemoryScopeAttr>:$memory_scope,
                       CudaTile_PointerTile:$destination,
                       CudaTile_AnyTile:$value,
                       Optional<CudaTile_I1Tile>:$mask,
                       Optional<CudaTile_TokenType>:$token,
                       OptionalAttr<CudaTile_OptimizationHintsAttr>:$optimization_hints);
  let results = (outs CudaTile_TokenType:$result_token);
  let assemblyFormat = [{
    $memory_ordering_semantics ($memory_scope^)? $destination `,` $value (`,` $mask^)?
    (`token` `` `=` `` $token^)? (`optimization_hints` `=` $optimization_hints^)? attr-dict
    `:` custom<TileIRType>(type($destination)) `,` custom<TileIRType>(type($value))
    (`,` custom<TileIRType>(type($mask))^)? `->` custom<TileIRType>(type($result_token))
  }];
  let hasVerifier = 1;
}

def CudaTile_AtomicCASTkoOp : CudaTile_Op<"atomic_cas_tko", [
    AttrSizedOperandSegments, AllTypesMatch<["cmp", "val", "result"]>]> {
  let summary = "element-wise compare-and-swap, returns the old values";
  let arguments = (ins CudaTile_MemoryOrderingSemanticsAttr:$memory_ordering_semantics,
                       CudaTile_MemoryScopeAttr:$memory_scope,
                       CudaTile_PointerTile:$pointers,
                       CudaTile_AnyTile:$cmp,
                       CudaTile_AnyTile:$val,
                       Optional<CudaTile_I1Tile>:$mask,
                       Optional<CudaTile_TokenType>:$token);
  let results = (outs CudaTile_AnyTile:$result, CudaTile_TokenType:$result_token);
  let assemblyFormat = [{
    $memory_ordering_semantics $memory_scope $pointers `,` $cmp `,` $val (`,` $mask^)?
    (`token` `` `=` `` $token^)? attr-dict
    `:` custom<TileIRType>(type($pointers)) `,` custom<TileIRType>(type($val))
    (`,` custom<TileIRType>(type($mask))^)?
    `->` custom<TileIRType>(type($result)) `,` custom<TileIRType>(type($result_token))
  }];
  let hasVerifier = 1;
}

def CudaTile_AtomicRMWTkoOp : CudaTile_Op<"atomic_rmw_tko", [
    AttrSizedOperandSegments, AllTypesMatch<["arg", "result"]>]> {
  let summary = "element-wise atomic read-modify-write, returns the old values";
  let arguments = (ins CudaTile_MemoryOrderingSemanticsAttr:$memory_ordering_semantics,
                       CudaTile_MemoryScopeAttr:$memory_scope,
                       CudaTile_PointerTile:$pointers,
                       CudaTile_AtomicRMWModeAttr:$mode,
                       CudaTile_AnyTile:$arg,
                       Optional<CudaTile_I1Tile>:$mask,
                       Optional<CudaTile_TokenType>:$token);
  let results = (outs CudaTile_AnyTile:$result, CudaTile_TokenType:$result_token);
  let assemblyFormat = [{
    $memory_ordering_semantics $memory_scope $pointers `,` $mode `,` $arg (`,` $mask^)?
    (`token` `` `=` `` $token^)? attr-dict
    `:` custom<TileIRType>(type($pointers)) `,` custom<TileIRType>(type($arg))
    (`,` custom<TileIRType>(type($mask))^)?
    `->` custom<TileIRType>(type($result)) `,` custom<TileIRType>(type($result_token))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Tokens, scratch memory, pointer arithmetic
//===----------------------------------------------------------------------===//

def CudaTile_MakeTokenOp : CudaTile_Op<"make_token", [Pure]> {
  let summary = "fresh ordering token";
  let results = (outs CudaTile_TokenType:$result);
  let assemblyFormat = "attr-dict `:` custom<TileIRType>(type($result))";
}

def CudaTile_JoinTokensOp : CudaTile_Op<"join_tokens", [Pure]> {
  let summary = "token ordered after all inputs";
  let arguments = (ins Variadic<CudaTile_TokenType>:$tokens);
  let results = (outs CudaTile_TokenType:$result);
  let assemblyFormat = "$tokens attr-dict `:` custom<TileIRType>(type($result))";
}

// Tile IR 13.4: programmatic dependent launch. Both order the kernel's memory
// against its grid neighbours, so they are never removed or reordered.
class CudaTile_GdcOp<string mnemonic> : CudaTile_Op<mnemonic> {
  let arguments = (ins Optional<CudaTile_TokenType>:$token);
  let results = (outs CudaTile_TokenType:$result_token);
  let assemblyFormat = [{
    (`token` `` `=` `` $token^)? attr-dict `->` custom<TileIRType>(type($result_token))
  }];
}
def CudaTile_GdcWaitTkoOp : CudaTile_GdcOp<"gdc_wait_tko"> {
  let summary = "wait for the preceding kernel of a programmatic dependent launch";
}
def CudaTile_GdcLaunchDependentsTkoOp : CudaTile_GdcOp<"gdc_launch_dependents_tko"> {
  let summary = "let the dependent kernel of a programmatic dependent launch start";
}

def CudaTile_MemoryFenceAliasTkoOp : CudaTile_Op<"memory_fence_alias_tko"> {
  let summary = "token after which accesses through aliasing views are ordered (Tile IR 13.4)";
  let arguments = (ins CudaTile_TokenType:$token);
  let results = (outs CudaTile_TokenType:$result_token);
  let assemblyFormat = "$token attr-dict `:` custom<TileIRType>(type($result_token))";
}

def CudaTile_AllocaOp : CudaTile_Op<"alloca"> {
  let summary = "scratch allocation";
  let arguments = (ins ConfinedAttr<I64Attr, [IntMinValue<0>]>:$num_elem,
                       ConfinedAttr<I64Attr, [IntMinValue<0>]>:$alignment,
                       UnitAttr:$global);
  let results = (outs CudaTile_ScalarPointerTile:$result);
  let assemblyFormat = [{
    `num_elem` `=` $num_elem `,` `alignment` `=` $alignment (`global` $global^)? attr-dict
    `:` custom<TileIRType>(type($result))
  }];
  let hasVerifier = 1;
}

def CudaTile_OffsetOp : CudaTile_Op<"offset", [Pure, AllTypesMatch<["ptr", "result"]>]> {
  let summary = "pointer plus offset times the pointee size";
  let arguments = (ins CudaTile_PointerTile:$ptr, CudaTile_IntTile:$offset);
  let results = (outs CudaTile_PointerTile:$result);
  let assemblyFormat = [{
    $ptr `,` $offset attr-dict `:` custom<TileIRType>(type($ptr)) `,`
    custom<TileIRType>(type($offset)) `->` custom<TileIRType>(type($result))
  }];
  let hasVerifier = 1;
}

#endif // TILEPORT_TILEIR_OPS_MEMORY_TD
