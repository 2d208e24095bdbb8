// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "tileport/TileIR/Bytecode/Enums.h"
#include "tileport/TileIR/Bytecode/Version.h"

#include <cstdint>
#include <string_view>
#include <vector>

namespace tileport::tileir::bc::detail {

// How an op attribute is stored inline in an instruction.
enum class AttrEncoding : uint8_t {
    Enum,        // vu enum value
    Int32,       // vu, must fit 32 bits
    Int64,       // vu
    Bool,        // u8 0/1
    String,      // string ref
    Dense,       // constant index, typed by the first result
    Hints,       // optimization_hints dictionary body
    Tagged,      // one self-describing attribute
    TaggedArray, // vu n + n tagged attributes
    I32Array,    // [i32]
    BoolArray,   // vu n + n bytes of 0/1
    Unit,        // no payload: a flag bit
};

struct AttrSpec {
    const char *name;
    AttrEncoding encoding;
    EnumKind enumKind = EnumKind::RoundingMode;
    int flagBit = -1;          // optional / unit attributes: their bit in the flags word
    Version since = kVersion13_1; // required attributes newer than the op take `fallback` in older files
    uint32_t fallback = 0;
    std::string_view key = name; // `name` with its length, for the decoded NamedAttribute
    bool absentBefore = false;   // files older than `since` carry no value and none is implied
};

enum class OperandGroup : uint8_t { Single, Optional, Variadic };

struct OperandSpec {
    OperandGroup group = OperandGroup::Single;
    int flagBit = -1; // Optional: its bit in the flags word
    Version since = kVersion13_1;
};

// The bytecode layout of one op (tileir-format.md §4.12.1).
struct OpSpec {
    uint32_t opcode = 0;
    std::string_view name;         // opcodeInfo(opcode)
    Version since = kVersion13_1;  // opcodeInfo(opcode)
    bool resultCountPrefix = false; // "N": vu nResults before the result types
    int results = 1;                // fixed number of results, -1 = variadic
    Version resultsSince = kVersion13_1; // files older than this have no results
    bool flagsWord = false;
    Version flagsSince = kVersion13_1;
    std::vector<AttrSpec> attrs;   // decoding order; Unit ones consume nothing
    bool segmented = false;        // AttrSizedOperandSegments: per-group encoding
    std::vector<OperandSpec> segments;
    int fixedOperands = 0;         // non-segmented without a count prefix
    bool operandCountPrefix = false; // non-segmented "O*": vu n + n indices
    int minOperands = 0;           // with operandCountPrefix
    int maxOperands = -1;          // with operandCountPrefix, -1 = unbounded
    int boolArraySegment = -1;     // segment whose size the BoolArray attribute's length must equal
    int regions = 0;
    bool terminator = false;
};

// The layout of a body opcode, or nullptr for opcodes that never appear in
// function bodies (entry, global, module, gaps, unknown values).
const OpSpec *findOpSpec(uint64_t opcode);

} // namespace tileport::tileir::bc::detail
