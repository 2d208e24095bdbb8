// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <mlir/IR/BuiltinOps.h>
#include <mlir/IR/MLIRContext.h>
#include <mlir/IR/OwningOpRef.h>

#include <llvm/Support/raw_ostream.h>

namespace tileport::tileir::diff {

// Prepares a context for Tile IR input: loads the cuda_tile dialect (so the
// official syntax parses and is verified) and allows unregistered dialects
// for anything else.
void configureContext(mlir::MLIRContext &ctx);

// True if the bytes start with the Tile IR bytecode magic "\x7fTileIR\0".
bool isTileIrBytecode(llvm::StringRef bytes);

// Loads a Tile IR module from a file. MLIR text is parsed (a bare top-level
// op is wrapped in a builtin module); bytecode is recognised by its magic.
// On failure returns null and writes "path:line:col: error: ..." lines (or
// "path: ..." for file-level problems) to `diag`.
// With `handleDiagnostics` false no handler is installed for the parse: its
// diagnostics (located "path:line:col") go to the handlers the caller put on
// the context, as needed when several modules load at once on one context.
mlir::OwningOpRef<mlir::ModuleOp> loadModule(llvm::StringRef path, mlir::MLIRContext &ctx, llvm::raw_ostream &diag,
                                             bool handleDiagnostics = true);

// The same for text already in memory; `name` is used in diagnostics.
mlir::OwningOpRef<mlir::ModuleOp> loadModuleFromText(llvm::StringRef text, llvm::StringRef name, mlir::MLIRContext &ctx,
                                                     llvm::raw_ostream &diag, bool handleDiagnostics = true);

// Prints what loadModule() read in the official syntax: the top-level ops
// (the cuda_tile.module), not the implicit builtin module around them. With
// `locations`, debug locations print as loc(...), which parses back.
void printModuleText(mlir::ModuleOp module, llvm::raw_ostream &os, bool locations = false);

} // namespace tileport::tileir::diff
