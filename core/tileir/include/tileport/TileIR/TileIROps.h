// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

// The 100 `cuda_tile` operations (generated from TileIROps.td). Include this
// header to build or inspect ops with their typed C++ classes; a generic
// mlir::OperationState with "cuda_tile.<mnemonic>" works as well.

#include "tileport/TileIR/TileIRDialect.h"

#include <mlir/Bytecode/BytecodeOpInterface.h>
#include <mlir/IR/OpDefinition.h>
#include <mlir/IR/RegionKindInterface.h>
#include <mlir/IR/SymbolTable.h>
#include <mlir/Interfaces/CallInterfaces.h>
#include <mlir/Interfaces/ControlFlowInterfaces.h>
#include <mlir/Interfaces/FunctionInterfaces.h>
#include <mlir/Interfaces/InferTypeOpInterface.h>
#include <mlir/Interfaces/SideEffectInterfaces.h>

#define GET_OP_CLASSES
#include "tileport/TileIR/TileIROps.h.inc"
