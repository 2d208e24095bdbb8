// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "tileport/TileIR/Diff/DiffModel.h"
#include "tileport/TileIR/Diff/OpCensus.h"
#include "tileport/TileIR/Diff/OpLocator.h"

#include <vector>

namespace tileport::tileir::diff {

// Turns the census of both modules and the structural edits into findings,
// at least as strict as TileGym's diff_ir.sh (see docs/ir-diff.md for every
// rule, its severity and its owner).
class Classifier
{
public:
    Classifier(const OpCensus &ref, const OpCensus &gen, OpLocator &refLocator, OpLocator &genLocator);

    std::vector<Finding> classify(const std::vector<FunctionDiff> &functions);

    // PASS: no findings; PASS_WITH_NOTES: only workarounds and notes;
    // FAIL_FIXABLE: at least one critical finding.
    static Verdict verdictOf(const std::vector<Finding> &findings);
    // For FAIL_FIXABLE: kernel if any critical finding is the kernel's.
    static std::optional<Owner> ownerOf(const std::vector<Finding> &findings);

private:
    void opCounts(const std::vector<FunctionDiff> &functions);
    void functionPairing(const std::vector<FunctionDiff> &functions);
    void tileShapes();
    void reductionsAndMma();
    void precisionFlags();
    void memoryHints();
    void entryHints();
    void assumptions();
    void layoutsAndTypes();
    void editNotes(const std::vector<FunctionDiff> &functions);

    Finding &add(Severity severity, Owner owner, std::string rule, std::string op, std::string message);
    void listRef(Finding &f, const std::vector<mlir::Operation *> &ops);
    void listGen(Finding &f, const std::vector<mlir::Operation *> &ops);

    const OpCensus &ref_;
    const OpCensus &gen_;
    OpLocator &refLoc_;
    OpLocator &genLoc_;
    std::vector<Finding> findings_;
};

} // namespace tileport::tileir::diff
