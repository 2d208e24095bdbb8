// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <mlir/IR/Operation.h>

#include <llvm/ADT/SmallVector.h>

namespace tileport::tileir::diff {

class TextCache;

// Every attribute of an op, inherent and discardable, sorted by name. For an
// unregistered op this includes the `<{...}>` properties, which MLIR keeps
// apart from getAttrs().
llvm::SmallVector<mlir::NamedAttribute> allAttributes(mlir::Operation *op);

// One attribute by name (inherent or discardable), or a null attribute.
mlir::Attribute findAttribute(mlir::Operation *op, llvm::StringRef name);

// True when the attribute equals the op's printer default (OpTable).
bool isDefaultValued(mlir::Operation *op, mlir::NamedAttribute attr, TextCache &texts);

// The attributes that take part in a comparison: allAttributes() without the
// defaulted ones and without metadata (producer, symbol names, segment sizes).
llvm::SmallVector<mlir::NamedAttribute> comparableAttributes(mlir::Operation *op, TextCache &texts);

// Removes one attribute wherever the op keeps it; true if it was there.
bool removeAttribute(mlir::Operation *op, llvm::StringRef name);

// Removes defaulted attributes from the op itself (discardable ones, and the
// properties of unregistered ops); returns how many.
unsigned dropDefaultAttributes(mlir::Operation *op, TextCache &texts);

} // namespace tileport::tileir::diff
