// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <mlir/IR/BuiltinOps.h>
#include <mlir/Pass/Pass.h>

#include <memory>

namespace tileport::kir {

// resolve-dtypes: unifies element-type variables from the ops' own
// constraints (operands of one element-wise op, a loaded or stored tile and
// its array, a broadcast's input and result) and rewrites every type to its
// representative: a concrete type or the root variable, which the printer
// names as a generic. Fails where two concrete types meet.
std::unique_ptr<mlir::Pass> createResolveDtypesPass();

// contract-fma: `a * b + c` on float tiles (or tiles of an array's
// generic dtype) becomes one fma, as cuTile Python contracts it: an add or
// sub whose left operand is an unnamed mul used only there contracts it; a
// left operand that is a mul used elsewhere stops it (Python tries the left
// product first); else a right operand that is such a mul. `a*b - c` is
// fma(a, b, -c), `c - a*b` fma(-a, b, c), the negation placed just before
// the fma. Runs after resolve-dtypes: an integer tile keeps mul and add.
std::unique_ptr<mlir::Pass> createContractFmaPass();

// Registers the passes for tileport-kir-opt (--kir-resolve-dtypes, --kir-contract-fma).
void registerKirPasses();

// The translator's pipeline on a lowered module, with the verifier after
// every pass. On failure the diagnostics were emitted to the context.
mlir::LogicalResult runPipeline(mlir::ModuleOp module);

} // namespace tileport::kir
