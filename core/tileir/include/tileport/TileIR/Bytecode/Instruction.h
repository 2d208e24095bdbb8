// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <cstdint>
#include <ranges>
#include <string_view>

namespace tileport::tileir::bc {

// Consecutive value ids: results and block arguments are numbered in order.
using ValueIds = std::ranges::iota_view<uint32_t, uint32_t>;

// One decoded operation, kept small because large modules hold millions:
// result types, operands, attributes and regions live in the pools of the
// enclosing FunctionBody and are read through its accessors. Value ids follow
// the bytecode numbering: function arguments first, then block arguments and
// results as they are defined.
// The reader rejects ops with more than 65535 results or operands.
struct Instruction {
    uint32_t offset = 0;      // file offset of the opcode byte (files are below 4 GiB)
    uint32_t location = 0;    // index into Module::locations; 0 = unknown
    uint32_t firstResult = 0; // value id of result 0
    uint32_t words = 0;       // FunctionBody::words: result types, operand segment sizes, operands
    uint32_t attributes = 0;  // first entry in FunctionBody::attributeSlots
    uint32_t regions = 0;     // first entry in FunctionBody::regionPool
    uint16_t resultCount = 0;
    uint16_t operandCount = 0;
    uint8_t opcode = 0;       // released opcodes end at 0x75
    uint8_t attributeCount = 0;
    uint8_t segmentCount = 0; // operand segment sizes, only for ops with AttrSizedOperandSegments
    uint8_t regionCount = 0;

    std::string_view name() const; // op mnemonic without the dialect prefix, e.g. "addf"
    ValueIds results() const { return ValueIds(firstResult, firstResult + resultCount); }
};

} // namespace tileport::tileir::bc
