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

// Registers the passes for tileport-kir-opt (--kir-resolve-dtypes).
void registerKirPasses();

// The translator's pipeline on a lowered module, with the verifier after
// every pass. On failure the diagnostics were emitted to the context.
mlir::LogicalResult runPipeline(mlir::ModuleOp module);

} // namespace tileport::kir
