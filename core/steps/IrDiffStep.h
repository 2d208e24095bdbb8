// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "KernelConfig.h"
#include "Verdict.h"

#include <QString>
#include <QStringList>

#include <optional>

namespace tileport::steps {

// One config's IR diff: the reference and generated Tile IR, the names the
// report gives them, the config (for the launchers' facts; none for a
// config the run no longer lists) and where the reports go.
struct IrDiffInput {
    QString reference;
    QString generated;
    QString referenceLabel; // empty: the path
    QString generatedLabel;
    const frontend::KernelConfig *config = nullptr;
    QString jsonReport; // written when set
    QString markdownReport;
};

// What the diff came to: PASS, PASS_WITH_NOTES or FAIL_FIXABLE with its
// owner; FAIL_FIXABLE (kernel) with `error` when a module does not load.
struct IrDiffEvidence {
    Verdict verdict = Verdict::FailFixable;
    std::optional<Owner> owner;
    int critical = 0;
    int notes = 0;
    QStringList criticalRules; // distinct, in report order
    QString error;             // the loader's first line, when no diff was made
    int exitCode = 1;          // 0 / 2 / 1 as TileGym's diff_ir.sh (3: not diffed)
    bool diffed() const { return error.isEmpty(); }
};

// Decodes and canonicalizes both modules, diffs them, adds the launchers'
// findings for the config and writes the reports: the one diff step of
// stage C and batch.
IrDiffEvidence diffIr(const IrDiffInput &input);

} // namespace tileport::steps
