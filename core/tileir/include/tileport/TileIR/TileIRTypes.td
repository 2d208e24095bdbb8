// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// The seven Tile IR types and the type constraints the operations use.
// Element types are MLIR builtin types; the dialect adds pointers, tiles,
// views and the ordering token.

#ifndef TILEPORT_TILEIR_TYPES_TD
#define TILEPORT_TILEIR_TYPES_TD

include "mlir/IR/BuiltinTypeInterfaces.td"
include "tileport/TileIR/TileIREnums.td"

class CudaTile_Type<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<CudaTile_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

def CudaTile_PointerType : CudaTile_Type<"Pointer", "ptr"> {
  let summary = "pointer to global memory";
  let parameters = (ins "::mlir::Type":$pointeeType);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def CudaTile_TileType : CudaTile_Type<"Tile", "tile",
    [ShapedTypeInterface]> {
  let summary = "statically shaped tile of scalars or pointers";
  let parameters = (ins ArrayRefParameter<"int64_t">:$shape,
                        "::mlir::Type":$elementType);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let skipDefaultBuilders = 0;
  let extraClassDeclaration = [{
    bool hasRank() const { return true; }
    TileType cloneWith(std::optional<::llvm::ArrayRef<int64_t>> shape,
                       ::mlir::Type elementType) const;
  }];
}

def CudaTile_TensorViewType : CudaTile_Type<"TensorView", "tensor_view"> {
  let summary = "global-memory tensor with shape and strides (? = dynamic)";
  let parameters = (ins "::mlir::Type":$elementType,
                        ArrayRefParameter<"int64_t">:$shape,
                        ArrayRefParameter<"int64_t">:$strides);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    size_t getRank() const { return getShape().size(); }
  }];
}

def CudaTile_PartitionViewType : CudaTile_Type<"PartitionView", "partition_view"> {
  let summary = "grid of equally sized tiles over a tensor view";
  let parameters = (ins ArrayRefParameter<"int32_t">:$tileShape,
                        "TensorViewType":$tensorView,
                        ArrayRefParameter<"int32_t">:$dimMap,
                        OptionalParameter<"PaddingValueAttr">:$paddingValue);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def CudaTile_StridedViewType : CudaTile_Type<"StridedView", "strided_view"> {
  let summary = "grid of tiles over a tensor view with explicit traversal strides";
  let parameters = (ins ArrayRefParameter<"int32_t">:$tileShape,
                        ArrayRefParameter<"int32_t">:$traversalStrides,
                        "TensorViewType":$tensorView,
                        ArrayRefParameter<"int32_t">:$dimMap,
                        OptionalParameter<"PaddingValueAttr">:$paddingValue);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def CudaTile_GatherScatterViewType
    : CudaTile_Type<"GatherScatterView", "gather_scatter_view"> {
  let summary = "tile view indexed by a 1-D index tile along one dimension";
  let parameters = (ins ArrayRefParameter<"int32_t">:$tileShape,
                        "TensorViewType":$tensorView,
                        "uint32_t":$sparseDim,
                        OptionalParameter<"PaddingValueAttr">:$paddingValue);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def CudaTile_TokenType : CudaTile_Type<"Token", "token"> {
  let summary = "memory ordering token";
}

//===----------------------------------------------------------------------===//
// Constraints. The element predicates live in C++ (TileIRTypes.h) so that the
// groups of tileir-format.md §1.1 are written down once.
//===----------------------------------------------------------------------===//

class CudaTile_TileWith<string elemPred, string desc>
    : Type<CPred<"::tileport::tileir::tileElementIs($_self, " # elemPred # ")">,
           "tile of " # desc, "::tileport::tileir::TileType">;
class CudaTile_ScalarTileWith<string elemPred, string desc>
    : Type<CPred<"::tileport::tileir::scalarTileElementIs($_self, " # elemPred # ")">,
           "rank-0 tile of " # desc, "::tileport::tileir::TileType">;

defvar IntElem = "::tileport::tileir::isIntElementType";
defvar BaseFloatElem = "::tileport::tileir::isBaseFloatType";
defvar FloatElem = "::tileport::tileir::isFloatElementType";
defvar NumberElem = "::tileport::tileir::isNumberType";
defvar PtrElem = "::tileport::tileir::isPointerElementType";
defvar AnyElem = "::tileport::tileir::isTileElementType";

def CudaTile_AnyTile : CudaTile_TileWith<AnyElem, "any element type">;
def CudaTile_IntTile : CudaTile_TileWith<IntElem, "i1/i8/i16/i32/i64">;
def CudaTile_BaseFloatTile : CudaTile_TileWith<BaseFloatElem, "f16/bf16/f32/f64">;
def CudaTile_FloatTile : CudaTile_TileWith<FloatElem, "floating-point values">;
def CudaTile_NumberTile : CudaTile_TileWith<NumberElem, "integers or floats">;
def CudaTile_PointerTile : CudaTile_TileWith<PtrElem, "pointers">;
def CudaTile_I1Tile : CudaTile_TileWith<"[](::mlir::Type e) { return e.isInteger(1); }", "i1">;
def CudaTile_I8Tile : CudaTile_TileWith<"[](::mlir::Type e) { return e.isInteger(8); }", "i8">;
def CudaTile_I32Tile : CudaTile_TileWith<"[](::mlir::Type e) { return e.isInteger(32); }", "i32">;
def CudaTile_I64Tile : CudaTile_TileWith<"[](::mlir::Type e) { return e.isInteger(64); }", "i64">;
// exti / trunci / pack / unpack also accept i4.
def CudaTile_IntOrI4Tile : CudaTile_TileWith<
    "[](::mlir::Type e) { return ::tileport::tileir::isIntElementType(e) || e.isInteger(4); }",
    "i1/i4/i8/i16/i32/i64">;
def CudaTile_NumberOrI4Tile : CudaTile_TileWith<
    "[](::mlir::Type e) { return ::tileport::tileir::isNumberType(e) || e.isInteger(4); }",
    "integers (incl. i4) or floats">;

def CudaTile_ScalarIntTile : CudaTile_ScalarTileWith<IntElem, "i1/i8/i16/i32/i64">;
def CudaTile_ScalarI1Tile : CudaTile_ScalarTileWith<"[](::mlir::Type e) { return e.isInteger(1); }", "i1"> {
  let builderCall = "::tileport::tileir::TileType::get($_builder.getContext(), {}, $_builder.getI1Type())";
}
def CudaTile_ScalarI32Tile : CudaTile_ScalarTileWith<"[](::mlir::Type e) { return e.isInteger(32); }", "i32"> {
  let builderCall = "::tileport::tileir::TileType::get($_builder.getContext(), {}, $_builder.getI32Type())";
}
def CudaTile_ScalarPointerTile : CudaTile_ScalarTileWith<PtrElem, "pointer">;

def CudaTile_TileView : AnyTypeOf<[CudaTile_PartitionViewType, CudaTile_StridedViewType,
                                   CudaTile_GatherScatterViewType], "tile view">;

#endif // TILEPORT_TILEIR_TYPES_TD
