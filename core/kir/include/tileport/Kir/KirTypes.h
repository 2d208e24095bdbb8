// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <mlir/IR/BuiltinAttributes.h>
#include <mlir/IR/BuiltinTypes.h>
#include <mlir/IR/Types.h>

#define GET_TYPEDEF_CLASSES
#include "tileport/Kir/KirTypes.h.inc"

namespace tileport::kir {

// A builtin element type the translator gives cuTile Rust a name for.
bool isConcreteElementType(mlir::Type t);
// A scalar value's type: a concrete element type or an element-type variable.
bool isScalarType(mlir::Type t);
// The element type of a scalar, tile or tensor type (the scalar itself).
mlir::Type elementTypeOf(mlir::Type t);
// The same scalar, tile or tensor type with another element type.
mlir::Type withElementType(mlir::Type t, mlir::Type element);
// A tile dim: a literal or a const generic's name.
mlir::Attribute literalDim(mlir::MLIRContext *ctx, int64_t n);
mlir::Attribute symbolDim(mlir::MLIRContext *ctx, llvm::StringRef name);

} // namespace tileport::kir
