// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "tileport/TileIR/Diff/DiffModel.h"
#include "tileport/TileIR/Diff/IrText.h"
#include "tileport/TileIR/Diff/OpLocator.h"
#include "tileport/TileIR/Diff/SequenceAlignment.h"

#include <mlir/IR/Operation.h>

#include <llvm/ADT/DenseMap.h>
#include <llvm/ADT/StringMap.h>

namespace tileport::tileir::diff {

struct DiffOptions {
    AlignmentOptions alignment;
    // Gaps between aligned ops are searched for ops of the same kind, which
    // are reported as changed rather than deleted + inserted.
    AlignmentOptions gapAlignment{256};
};

// Aligns two modules op by op. Functions are paired by name (or, when each
// side has exactly one function left over, with each other); inside a pair
// each region is aligned separately by a longest common subsequence of op
// signatures (op name, operand and result types, key attributes), then the
// aligned ops are compared attribute by attribute and type by type and the
// regions of aligned ops are aligned in turn.
class StructuralDiffer
{
public:
    StructuralDiffer(mlir::Operation *refRoot, mlir::Operation *genRoot, DiffOptions options = {});

    std::vector<FunctionDiff> run();

    OpLocator &refLocator() { return refLoc_; }
    OpLocator &genLocator() { return genLoc_; }

private:
    uint32_t signatureId(mlir::Operation *op);
    uint32_t kindId(mlir::Operation *op);
    uint32_t textId(const void *key, const std::string &text);
    void diffPair(mlir::Operation *ref, mlir::Operation *gen, FunctionDiff &out);
    void alignRegions(mlir::Operation *ref, mlir::Operation *gen, const std::string &refPath, const std::string &genPath,
                      FunctionDiff &out);
    void alignOps(llvm::ArrayRef<mlir::Operation *> ref, llvm::ArrayRef<mlir::Operation *> gen,
                  const std::string &refPrefix, const std::string &genPrefix, FunctionDiff &out);
    // `sameSignature`: the ops were aligned by equal signatures, so their
    // names and operand and result types are known to match.
    void compare(mlir::Operation *ref, mlir::Operation *gen, std::vector<Change> &changes, bool sameSignature = false);
    bool correspond(mlir::Value ref, mlir::Value gen) const;
    void addSubtree(mlir::Operation *op, bool inserted, const std::string &path, FunctionDiff &out);

    mlir::Operation *refRoot_;
    mlir::Operation *genRoot_;
    DiffOptions options_;
    OpLocator refLoc_;
    OpLocator genLoc_;
    TextCache texts_;
    // Types and attributes are compared by normalised text: each distinct
    // object gets the id of its text once; signatures are strings of ids.
    llvm::StringMap<uint32_t> textIds_;
    llvm::DenseMap<const void *, uint32_t> objectIds_;
    llvm::StringMap<uint32_t> signatureIds_;
    llvm::DenseMap<mlir::Operation *, mlir::Operation *> refToGen_;
    llvm::DenseMap<mlir::Operation *, mlir::Operation *> genToRef_;
};

} // namespace tileport::tileir::diff
