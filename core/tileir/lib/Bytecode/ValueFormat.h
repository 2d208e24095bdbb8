// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "tileport/TileIR/Bytecode/Module.h"

#include <cstdint>
#include <string>

namespace tileport::tileir::bc::detail {

// Text for one scalar value stored as raw bits: integers signed decimal,
// i1 true/false, f16/bf16/f32/f64 shortest decimal (NaN/Inf and the narrow
// float formats as hex bit patterns).
std::string formatScalarBits(ScalarKind kind, uint64_t bits);
// "<f32: 0.5>" or "<i32: [0, 1, 2, 3]>" for a dense constant of a tile type.
std::string formatDense(const Module &module, uint32_t constant, uint32_t tileType);

} // namespace tileport::tileir::bc::detail
