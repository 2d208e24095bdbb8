// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <mlir/IR/BuiltinOps.h>
#include <mlir/Pass/PassManager.h>

#include <llvm/Support/raw_ostream.h>

namespace tileport::tileir::diff {

struct CanonicalizeOptions {
    // Run MLIR's own canonicalizer and CSE first when the module holds ops of
    // a registered dialect: they apply its patterns and folders (what
    // `cuda-tile-opt --canonicalize --cse` does). Unregistered ops gain
    // nothing from them, so they are skipped for IR made only of those.
    bool mlirPasses = true;
    // Also run MLIR's CSE. Off by default: on the cuda_tile dialect it merges
    // the same side-effect-free ops as our own pass (memory ops are not
    // merged by either) at about three times the cost.
    bool mlirCse = false;
    bool stripProducer = true;
    // Verify the result (the passes only erase, merge and move ops; tests
    // turn this on).
    bool verify = false;
};

// Appends the canonical pipeline: normalise attributes, [MLIR canonicalize
// if options.mlirPasses, MLIR CSE if also options.mlirCse], hoist and sort
// constants, CSE + DCE of side-effect-free ops.
void addCanonicalPasses(mlir::OpPassManager &pm, const CanonicalizeOptions &options = {});

// Runs the pipeline on `module`; failures are reported through the
// context's diagnostic handler.
mlir::LogicalResult canonicalize(mlir::ModuleOp module, const CanonicalizeOptions &options = {});

// Prints the canonical text: value names from ValueNumbering (%argN, %vN per
// function), no locations. A builtin module that only wraps one op (as the
// parser adds around a bare cuda_tile.module) is left out. The module itself
// is not changed.
void printCanonical(mlir::ModuleOp module, llvm::raw_ostream &os);

} // namespace tileport::tileir::diff
