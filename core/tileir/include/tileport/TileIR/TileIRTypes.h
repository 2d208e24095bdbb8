// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

// Types of `cuda_tile` (generated from TileIRTypes.td), the element-type
// groups of tileir-format.md §1.1, and the short-form type syntax used
// inside op bodies. See TileIRDialect.h for a summary.

#include "tileport/TileIR/TileIRAttrs.h"

#include <mlir/IR/BuiltinTypeInterfaces.h>
#include <mlir/IR/BuiltinTypes.h>
#include <mlir/IR/OpImplementation.h>
#include <mlir/IR/Types.h>

#define GET_TYPEDEF_CLASSES
#include "tileport/TileIR/TileIRTypes.h.inc"

namespace tileport::tileir {

// Element-type groups (tileir-format.md §1.1).
bool isIntElementType(mlir::Type t);     // i1 i8 i16 i32 i64
bool isBaseFloatType(mlir::Type t);      // f16 bf16 f32 f64
bool isFloatElementType(mlir::Type t);   // BaseFloat + tf32 f8E4M3FN f8E5M2 f8E8M0FNU f4E2M1FN
bool isNumberType(mlir::Type t);         // int or float element
bool isPointerElementType(mlir::Type t); // ptr<Number>
bool isTileElementType(mlir::Type t);    // Number, i4, ptr<Number>

// True when `t` is a tile whose element satisfies `pred` (any rank / rank 0).
bool tileElementIs(mlir::Type t, llvm::function_ref<bool(mlir::Type)> pred);
bool scalarTileElementIs(mlir::Type t, llvm::function_ref<bool(mlir::Type)> pred);

// Short-form type syntax: parses the bare keyword `token`, any MLIR type
// (`f32`, `!cuda_tile.tile<4xf32>`), or a bare dialect mnemonic
// (`tile<4xf32>`), in that order; prints dialect types without `!cuda_tile.`.
mlir::ParseResult parseTileIRType(mlir::AsmParser &parser, mlir::Type &type);
void printTileIRType(mlir::AsmPrinter &printer, mlir::Type type);

// For views (partition / strided / gather_scatter): the tensor view they
// cover, the type of one loaded tile, and the rank of their index space.
TensorViewType viewTensorView(mlir::Type view);
TileType viewTileType(mlir::Type view);
unsigned viewIndexRank(mlir::Type view);

} // namespace tileport::tileir
