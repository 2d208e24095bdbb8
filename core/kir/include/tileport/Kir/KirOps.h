// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "tileport/Kir/KirDialect.h"

#include <mlir/Bytecode/BytecodeOpInterface.h>
#include <mlir/IR/BuiltinOps.h>
#include <mlir/IR/OpDefinition.h>
#include <mlir/IR/OpImplementation.h>
#include <mlir/IR/SymbolTable.h>
#include <mlir/Interfaces/ControlFlowInterfaces.h>
#include <mlir/Interfaces/FunctionInterfaces.h>
#include <mlir/Interfaces/SideEffectInterfaces.h>

namespace tileport::kir {
// Element types that are one type, or will be once dtypes are resolved
// (either is an element-type variable).
bool compatibleElements(mlir::Type a, mlir::Type b);
// Operands and result of an element-wise op: one shape, compatible elements.
llvm::LogicalResult verifyElementwise(mlir::Operation *op);
} // namespace tileport::kir

#define GET_OP_CLASSES
#include "tileport/Kir/KirOps.h.inc"
