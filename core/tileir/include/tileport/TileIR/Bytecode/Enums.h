// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "tileport/TileIR/Bytecode/Version.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace tileport::tileir::bc {

// The Tile IR enumerations that appear in bytecode as integer values.
enum class EnumKind : uint8_t {
    RoundingMode,
    IntegerOverflow,
    Signedness,
    ComparisonPredicate,
    ComparisonOrdering,
    MemoryOrderingSemantics,
    MemoryScope,
    AtomicRMWMode,
    PaddingValue,
    SymbolVisibility,
};

inline constexpr size_t kEnumKindCount = size_t(EnumKind::SymbolVisibility) + 1;

std::string_view enumKindName(EnumKind kind);
// Number of cases of `kind` in files of `version` (values are 0..count-1).
uint32_t enumCaseCount(EnumKind kind, Version version);
// The text keyword of a value (e.g. "nearest_even"); empty when out of range.
std::string_view enumKeyword(EnumKind kind, uint32_t value);

} // namespace tileport::tileir::bc
