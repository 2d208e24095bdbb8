// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <QString>

#include <mlir/IR/MLIRContext.h>
#include <mlir/IR/BuiltinTypes.h>
#include <mlir/IR/Types.h>

namespace tileport::rust {

// cuTile Rust element type names ("f32", "u8", "bool") and the kernel IR's
// builtin element types, both ways. Null / empty where there is none.
mlir::Type kirElementType(mlir::MLIRContext *ctx, const QString &rustName);
QString rustElementName(mlir::Type t);

// Integers other than bool, and floats, as Python's promotion rules tell
// them apart.
inline bool isIntegerType(mlir::Type t) { return llvm::isa<mlir::IntegerType>(t) && !t.isInteger(1); }
inline bool isFloatType(mlir::Type t) { return llvm::isa<mlir::FloatType>(t); }

} // namespace tileport::rust
