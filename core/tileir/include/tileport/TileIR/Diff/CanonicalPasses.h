// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <mlir/Pass/Pass.h>

#include <memory>

namespace tileport::tileir::diff {

// The canonicalizer's own passes. They run on any op (normally the builtin
// module) and work on unregistered cuda_tile ops through OpTable, and on a
// registered dialect through MLIR's traits and interfaces.

// Drops attributes equal to their printer default (OpTable) and, optionally,
// the module's `producer` string.
std::unique_ptr<mlir::Pass> createNormalizeAttributesPass(bool stripProducer = true);

// Moves every constant of a function (nested regions included) to the top of
// its entry block, merges equal ones, and orders them by (type, value) so
// that the order does not depend on where they first appeared.
std::unique_ptr<mlir::Pass> createHoistConstantsPass();

// Common-subexpression elimination of side-effect-free ops (dominance-scoped
// across nested regions, first occurrence kept) followed by removal of
// side-effect-free ops whose results are unused.
std::unique_ptr<mlir::Pass> createEliminateRedundancyPass();

} // namespace tileport::tileir::diff
