// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// Kernel IR types. Scalars are builtin types (i1, i32, i64, f16, bf16, f32,
// tf32, f64) or an element-type variable; tiles and tensors are the
// dialect's own.

#ifndef TILEPORT_KIR_TYPES_TD
#define TILEPORT_KIR_TYPES_TD

include "tileport/Kir/KirDialect.td"

class Kir_Type<string name, string typeMnemonic> : TypeDef<Kir_Dialect, name> {
  let mnemonic = typeMnemonic;
}

def Kir_VarType : Kir_Type<"Var", "var"> {
  let summary = "an element type not decided yet (a dtype variable)";
  let description = [{
    `!kir.var<3>`: the element type shared by the values that carry id 3.
    Unification binds it to a concrete type or leaves it a generic of the
    entry. `!kir.var<7, scalar>` is a scalar parameter's type, which its
    uses must decide: it never becomes a generic.
  }];
  let parameters = (ins "unsigned":$id, "bool":$scalar);
  let hasCustomAssemblyFormat = 1;
}

def Kir_TileType : Kir_Type<"Tile", "tile"> {
  let summary = "a tile: static dims, each a literal or a const generic";
  let description = [{
    `!kir.tile<[TILE, 16], f32>`. A dim is an i64 IntegerAttr or a
    StringAttr naming a const generic of the entry. Rank 0 is allowed.
  }];
  let parameters = (ins "::mlir::ArrayAttr":$dims, "::mlir::Type":$elementType);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    unsigned getRank() const { return getDims().size(); }
    TileType withElementType(::mlir::Type element) const;
  }];
}

def Kir_TensorType : Kir_Type<"Tensor", "tensor"> {
  let summary = "an array parameter: a tensor reference of known rank";
  let description = [{
    `!kir.tensor<f32, 2>` is read through `&Tensor<f32, {[-1, -1]}>`;
    `!kir.tensor<f32, 1, out [TILE]>` is a block output, handed to the entry
    as the `&mut` partition of one block (its dims are the partition's).
  }];
  let parameters = (ins "::mlir::Type":$elementType, "unsigned":$rank,
                        "::mlir::ArrayAttr":$partition);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    bool isBlockOutput() const { return getPartition() && !getPartition().empty(); }
    TensorType withElementType(::mlir::Type element) const;
  }];
}

def Kir_ListType : Kir_Type<"List", "list"> {
  let summary = "a list parameter: arrays of one element type and rank";
  let description = [{
    `!kir.list<f16, 2>` is cuTile Python's list of arrays. The entry takes
    it as a pointer to a table of i64 words, one row per item (its base,
    then its shape, then its strides), and the list's length; an item is
    read from the table and viewed as a `!kir.tensor` of the same element
    type and rank.
  }];
  let parameters = (ins "::mlir::Type":$elementType, "unsigned":$rank);
  let assemblyFormat = "`<` $elementType `,` $rank `>`";
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    ListType withElementType(::mlir::Type element) const;
    // Words per item (base, shape, strides) and the row width a load reads:
    // the next power of two, as cuTile Python lays the table out.
    unsigned itemWords() const { return 1 + 2 * getRank(); }
    unsigned rowTileWidth() const;
  }];
}

#endif // TILEPORT_KIR_TYPES_TD
