// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "tileport/TileIR/Bytecode/Enums.h"

#include <cstdint>
#include <optional>
#include <string_view>
#include <variant>
#include <vector>

namespace tileport::tileir::bc {

struct Attribute;
struct NamedAttribute;

struct EnumAttr {
    EnumKind kind = EnumKind::RoundingMode;
    uint32_t value = 0;
};
// Integers: op attributes carry no type; tagged ones do. `value` holds the
// zero-extended bits.
struct IntegerAttr {
    uint64_t value = 0;
    std::optional<uint32_t> type;
};
struct FloatAttr {
    uint32_t type = 0;
    uint64_t bits = 0; // the IEEE (or tf32/f8/f4) bit pattern
};
struct BoolAttr {
    bool value = false;
};
struct TypeAttr {
    uint32_t type = 0;
};
// Strings (here and elsewhere in the model) are views into the module's
// string table.
struct StringAttr {
    std::string_view value;
};
struct ArrayAttr {
    std::vector<Attribute> elements;
};
// A dense constant: an entry of Module::constants read as `type` (a tile).
struct DenseAttr {
    uint32_t constant = 0;
    uint32_t type = 0;
};
struct DivByAttr {
    uint64_t divisor = 0;
    std::optional<int64_t> every;
    std::optional<int64_t> along;
};
struct SameElementsAttr {
    std::vector<int64_t> values;
};
struct BoundedAttr {
    std::optional<int64_t> lower;
    std::optional<int64_t> upper;
};
struct DictionaryAttr {
    std::vector<NamedAttribute> entries;
};
// Architecture name ("sm_100") -> dictionary of hints.
struct OptimizationHintsAttr {
    std::vector<NamedAttribute> architectures;
};
struct I32ArrayAttr {
    std::vector<int32_t> values;
};
// One flag per entry (13.4's per-index inbounds of view loads and stores).
struct BoolArrayAttr {
    std::vector<bool> values;
};
// A UnitAttr that is set (absent unit attributes are not listed).
struct UnitAttr {};

using AttributeValue = std::variant<EnumAttr, IntegerAttr, FloatAttr, BoolAttr, TypeAttr, StringAttr, ArrayAttr,
                                    DenseAttr, DivByAttr, SameElementsAttr, BoundedAttr, DictionaryAttr,
                                    OptimizationHintsAttr, I32ArrayAttr, BoolArrayAttr, UnitAttr>;

struct Attribute {
    AttributeValue value;

    template<class T> const T *get() const { return std::get_if<T>(&value); }
};

struct NamedAttribute {
    std::string_view name;
    Attribute value;
};

} // namespace tileport::tileir::bc
