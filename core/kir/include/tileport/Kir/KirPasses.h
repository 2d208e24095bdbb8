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
// sub whose left operand is a mul used only there contracts it (named or
// not, in the same block or a region nested in the mul's); a
// left operand that is a mul used elsewhere stops it (Python tries the left
// product first); else a right operand that is such a mul. `a*b - c` is
// fma(a, b, -c), `c - a*b` fma(-a, b, c), the negation placed just before
// the fma. Runs after resolve-dtypes: an integer tile keeps mul and add.
std::unique_ptr<mlir::Pass> createContractFmaPass();

// split-loops: cuTile Python's loop splitting. A loop of step 1 whose body
// has exactly one top-level kir.if on `v OP b` (v the loop variable, OP one
// of < <= > >=, b invariant in the loop) becomes two loops, up to
// min(upper, b) and from max(lower, b) (b + 1 for > and <=), each with the
// `if` replaced by the arm its iterations take. `C and v OP b` with C built
// from constants only splits inside `if C`, the plain loop in its else arm.
std::unique_ptr<mlir::Pass> createSplitLoopsPass();

// Registers the passes for tileport-kir-opt (--kir-resolve-dtypes, --kir-split-loops, --kir-contract-fma).
void registerKirPasses();

// The translator's pipeline on a lowered module, with the verifier after
// every pass. On failure the diagnostics were emitted to the context.
mlir::LogicalResult runPipeline(mlir::ModuleOp module);

} // namespace tileport::kir
