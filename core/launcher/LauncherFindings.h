// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "KernelConfig.h"
#include "LauncherRules.h"
#include "tileport/TileIR/Diff/DiffModel.h"

#include <vector>

namespace tileport {

// The launchers' specialization of a config as findings of its IR diff
// (docs/ir-diff.md): a Note owned by the host per fact where cuTile
// Python's and cutile's rules differ (`launcher-rule`), or one Note that
// the facts were assumed for a hand-written config (`launcher-facts-assumed`).
// They explain `assume` differences rather than flag the port.
struct LauncherFindings {
    static std::vector<tileir::diff::Finding> of(const rust::LauncherComparison &comparison);

    // Adds them to a report that already has findings; where both IRs are
    // equal the launchers' facts made no difference and nothing is added.
    static void addTo(tileir::diff::DiffReport &report, const frontend::KernelConfig &config);
};

} // namespace tileport
