// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

// The `cuda_tile` dialect: CUDA Tile IR 13.1-13.4 as an MLIR dialect.
//
// Public C++ API (namespace tileport::tileir)
// -------------------------------------------
// Registration:   registry.insert<CudaTileDialect>(); or
//                 ctx.getOrLoadDialect<CudaTileDialect>();
//
// Types (TileIRTypes.h); element types are MLIR builtin types (i1..i64, i4,
// f16, bf16, f32, tf32, f64, f8E4M3FN, f8E5M2, f8E8M0FNU, f4E2M1FN):
//   PointerType::get(ctx, pointee)                       ptr<f32>
//   TileType::get(ctx, shape, elementType)               tile<4x8xf32>, tile<f32> (shape {})
//       shape: ArrayRef<int64_t>, every dim > 0 and a power of two;
//       TileType is a ShapedType (getRank(), getNumElements(), ...).
//   TensorViewType::get(ctx, elementType, shape, strides)
//       shape/strides: ArrayRef<int64_t>, mlir::ShapedType::kDynamic for `?`
//   PartitionViewType::get(ctx, tileShape, tensorView, dimMap, padding)
//       tileShape/dimMap: ArrayRef<int32_t> (dimMap identity = {0, 1, ...});
//       padding: PaddingValueAttr or nullptr for none
//   StridedViewType::get(ctx, tileShape, traversalStrides, tensorView, dimMap, padding)
//   GatherScatterViewType::get(ctx, tileShape, tensorView, sparseDim (uint32_t), padding)
//   TokenType::get(ctx)
//   (all have getChecked(emitError, ctx, ...) that runs the §1.2 verifier;
//   pass shapes as ArrayRef, e.g. ArrayRef<int32_t>(vec): with a std::vector
//   or SmallVector argument the inherited template getChecked is picked and
//   does not compile outside the dialect's own sources)
//   Entry signatures use the builtin mlir::FunctionType.
//
// Enums (TileIRAttrs.h); value = bytecode integer, stringifyX / symbolizeX
// convert to and from the keyword:
//   RoundingMode, IntegerOverflow, Signedness, ComparisonPredicate,
//   ComparisonOrdering, PaddingValue, SymbolVisibility
//       stored as dialect attributes XAttr::get(ctx, X::Value), e.g.
//       RoundingModeAttr::get(ctx, RoundingMode::Zero)  (#cuda_tile.rounding<zero>)
//   MemoryOrderingSemantics, MemoryScope, AtomicRMWMode
//       stored as i32 IntegerAttrs: MemoryScopeAttr::get(ctx, MemoryScope::Device)
//
// Attributes (TileIRAttrs.h):
//   DivByAttr::get(ctx, divisor, every?, along?)   std::optional<int64_t> each
//   SameElementsAttr::get(ctx, ArrayRef<int64_t>)
//   BoundedAttr::get(ctx, lb?, ub?)                std::optional<int64_t> each
//   OptimizationHintsAttr::get(ctx, DictionaryAttr arch -> DictionaryAttr hints)
//   DIFileAttr, DICompileUnitAttr, DISubprogramAttr, DILexicalBlockAttr;
//   DILocAttr::get(ctx, FileLineColLoc, scope) is a LocationAttr (op location).
//   Dense constants (constant.value, global.value) are DenseIntOrFPElementsAttr
//   whose type is the TileType itself.
//
// Operations (TileIROps.h): "cuda_tile.<mnemonic>", e.g. cuda_tile.addf.
//   Attribute names are the ODS names of tileir-format.md §3 / §4.12.1
//   (rounding_mode, flush_to_zero, overflow, signedness, comparison_predicate,
//   comparison_ordering, memory_ordering_semantics, memory_scope, mode,
//   optimization_hints, identities, dim, reverse, permutation, value,
//   predicate, message, str, num_elem, alignment, global, fast_acc,
//   signedness_lhs, signedness_rhs, propagate_nan, unsignedCmp, rounding (divi),
//   sym_name, function_type, arg_attrs, res_attrs, producer, constant,
//   symbol_visibility, name (get_global)). UnitAttrs are present or absent.
//   Attributes with a default (overflow, divi rounding, exp/tanh/ftof
//   rounding_mode, alignment and symbol_visibility of global) may be left
//   out; the other non-optional ones (e.g. rounding_mode of addf/subf/mulf/
//   divf/fma/sqrt/ftoi/itof, signedness) must be set or verification fails.
//   Ops with AttrSizedOperandSegments need "operandSegmentSizes"
//   (DenseI32ArrayAttr, one entry per ODS operand group): make_tensor_view,
//   load_view_tko, store_view_tko, atomic_red_view_tko, load_ptr_tko,
//   store_ptr_tko, atomic_cas_tko, atomic_rmw_tko, print_tko.
//   Regions: module/entry/for/loop/reduce/scan one region, if two (then,
//   else; else may be empty).
//
// Text syntax: the reference printer's (short types, `cuda_tile.` prefix
// omitted inside module/entry/if/for/loop/reduce/scan bodies).

#include <mlir/IR/Dialect.h>
#include <mlir/IR/MLIRContext.h>

#include "tileport/TileIR/TileIRTypes.h"

#include "tileport/TileIR/TileIRDialect.h.inc"
