// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "tileport/TileIR/Bytecode/Module.h"

#include <mlir/IR/MLIRContext.h>
#include <mlir/IR/OwningOpRef.h>

#include <span>
#include <string>

namespace tileport::tileir {

struct ImportResult {
    // A verified `cuda_tile.module @kernels` (null on failure).
    mlir::OwningOpRef<mlir::Operation *> module;
    // "offset 0x..: ..." or "file: ...", one line.
    std::string error;
    bool ok() const { return bool(module); }
};

// Materialises a decoded bytecode module as ops of our cuda_tile dialect:
// types, attributes, constants, regions, debug locations (as file:line:col),
// globals and the producer. The result is run through the dialect verifier;
// a failure names the byte offset of the offending instruction.
ImportResult importBytecode(const bc::Module &module, mlir::MLIRContext &ctx);

// Decodes and imports raw bytes / a file in one step.
ImportResult importBytecode(std::span<const uint8_t> bytes, mlir::MLIRContext &ctx);
ImportResult importBytecodeFile(const std::string &path, mlir::MLIRContext &ctx);

} // namespace tileport::tileir
