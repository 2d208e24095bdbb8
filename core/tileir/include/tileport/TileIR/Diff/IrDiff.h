// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "tileport/TileIR/Diff/Canonicalizer.h"
#include "tileport/TileIR/Diff/DiffModel.h"
#include "tileport/TileIR/Diff/StructuralDiffer.h"

#include <mlir/IR/BuiltinOps.h>

#include <optional>

namespace tileport::tileir::diff {

struct IrDiffOptions {
    bool canonicalize = true;
    CanonicalizeOptions canonical;
    DiffOptions diff;
};

// The whole comparison: canonicalize both modules in place (unless turned
// off), align them, take the census of each, classify, and set the verdict.
// Returns nothing (after writing the reason to `diag`) when a module does not
// survive canonicalization. Paths are only copied into the report.
std::optional<DiffReport> diffModules(mlir::ModuleOp ref, mlir::ModuleOp gen, const IrDiffOptions &options,
                                      llvm::raw_ostream &diag, const std::string &refPath = "ref",
                                      const std::string &genPath = "gen");

// Loads two module files (text or bytecode) into a context of its own and
// diffs them; nothing (the reason in `diag`) when either does not load.
// The names go into the report in place of the paths.
std::optional<DiffReport> diffFiles(const std::string &refFile, const std::string &genFile, const IrDiffOptions &options,
                                    llvm::raw_ostream &diag, const std::string &refName, const std::string &genName);

} // namespace tileport::tileir::diff
