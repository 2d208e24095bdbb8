// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <QString>

#include <mlir/IR/MLIRContext.h>
#include <mlir/IR/Types.h>

namespace tileport::rust {

// cuTile Rust element type names ("f32", "u8", "bool") and the kernel IR's
// builtin element types, both ways. Null / empty where there is none.
mlir::Type kirElementType(mlir::MLIRContext *ctx, const QString &rustName);
QString rustElementName(mlir::Type t);

} // namespace tileport::rust
