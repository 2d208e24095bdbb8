// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "tileport/TileIR/Bytecode/Enums.h"

#include <array>
#include <span>

namespace tileport::tileir::bc {

namespace {

constexpr std::string_view kRounding[] = {"nearest_even", "zero", "negative_inf", "positive_inf",
                                          "approx", "full", "nearest_int_to_zero", "nearest_away"};
constexpr std::string_view kOverflow[] = {"none", "no_signed_wrap", "no_unsigned_wrap", "no_wrap"};
constexpr std::string_view kSignedness[] = {"unsigned", "signed"};
constexpr std::string_view kPredicate[] = {"equal", "not_equal", "less_than", "less_than_or_equal",
                                           "greater_than", "greater_than_or_equal"};
constexpr std::string_view kOrdering[] = {"unordered", "ordered"};
constexpr std::string_view kMemoryOrdering[] = {"weak", "relaxed", "acquire", "release", "acq_rel"};
constexpr std::string_view kScope[] = {"tl_blk", "device", "sys"};
constexpr std::string_view kAtomicMode[] = {"and", "or", "xor", "add", "addf", "max", "min", "umax", "umin", "xchg"};
constexpr std::string_view kPadding[] = {"zero", "neg_zero", "nan", "pos_inf", "neg_inf"};
constexpr std::string_view kVisibility[] = {"public", "private"};

std::span<const std::string_view> keywords(EnumKind kind)
{
    switch (kind) {
    case EnumKind::RoundingMode: return kRounding;
    case EnumKind::IntegerOverflow: return kOverflow;
    case EnumKind::Signedness: return kSignedness;
    case EnumKind::ComparisonPredicate: return kPredicate;
    case EnumKind::ComparisonOrdering: return kOrdering;
    case EnumKind::MemoryOrderingSemantics: return kMemoryOrdering;
    case EnumKind::MemoryScope: return kScope;
    case EnumKind::AtomicRMWMode: return kAtomicMode;
    case EnumKind::PaddingValue: return kPadding;
    case EnumKind::SymbolVisibility: return kVisibility;
    }
    return {};
}

} // namespace

std::string_view enumKindName(EnumKind kind)
{
    switch (kind) {
    case EnumKind::RoundingMode: return "RoundingMode";
    case EnumKind::IntegerOverflow: return "IntegerOverflow";
    case EnumKind::Signedness: return "Signedness";
    case EnumKind::ComparisonPredicate: return "ComparisonPredicate";
    case EnumKind::ComparisonOrdering: return "ComparisonOrdering";
    case EnumKind::MemoryOrderingSemantics: return "MemoryOrderingSemantics";
    case EnumKind::MemoryScope: return "MemoryScope";
    case EnumKind::AtomicRMWMode: return "AtomicRMWMode";
    case EnumKind::PaddingValue: return "PaddingValue";
    case EnumKind::SymbolVisibility: return "SymbolVisibility";
    }
    return "?";
}

uint32_t enumCaseCount(EnumKind kind, Version version)
{
    // nearest_away, the last rounding mode, is new in 13.4.
    if (kind == EnumKind::RoundingMode && version < kVersion13_4)
        return uint32_t(keywords(kind).size()) - 1;
    return uint32_t(keywords(kind).size());
}

std::string_view enumKeyword(EnumKind kind, uint32_t value)
{
    const auto k = keywords(kind);
    return value < k.size() ? k[value] : std::string_view();
}

} // namespace tileport::tileir::bc
