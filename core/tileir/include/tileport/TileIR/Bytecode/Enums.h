// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

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

std::string_view enumKindName(EnumKind kind);
// Number of cases of `kind` in the released formats (values are 0..count-1).
uint32_t enumCaseCount(EnumKind kind);
// The text keyword of a value (e.g. "nearest_even"); empty when out of range.
std::string_view enumKeyword(EnumKind kind, uint32_t value);

} // namespace tileport::tileir::bc
