// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "tileport/TileIR/Bytecode/Attribute.h"
#include "tileport/TileIR/Bytecode/Block.h"
#include "tileport/TileIR/Bytecode/Instruction.h"

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

namespace tileport::tileir::bc {

// The instruction tree of one function, stored as flat pools that the reader
// fills front to back (a few large allocations instead of several per
// instruction). Block 0 is the entry block; its arguments are the function's.
class FunctionBody
{
public:
    // One op attribute. Its name and kind come from the op's layout (`slot`
    // indexes the op's attributes in ODS order); enum, 32-bit integer, bool
    // and dense payloads are stored here (a dense value takes the op's first
    // result type), others in richAttributes.
    struct AttributeSlot {
        uint32_t value = 0; // the enum, integer or bool; dense: the constant; else the richAttributes index
        uint8_t slot = 0;
    };

    std::vector<Instruction> instructionPool;
    std::vector<Block> blockPool;
    std::vector<Region> regionPool;
    std::vector<uint32_t> words;
    std::vector<AttributeSlot> attributeSlots;
    std::vector<Attribute> richAttributes; // strings, arrays, hints, predicates

    const Block &entry() const { return blockPool.front(); }
    std::span<const Instruction> instructions(const Block &b) const
    {
        return std::span(instructionPool).subspan(b.instructions, b.instructionCount);
    }
    std::span<const uint32_t> argumentTypes(const Block &b) const
    {
        return std::span(words).subspan(b.argumentTypes, b.argumentCount);
    }
    ValueIds arguments(const Block &b) const { return ValueIds(b.firstArgument, b.firstArgument + b.argumentCount); }
    std::span<const Block> blocks(const Region &r) const { return std::span(blockPool).subspan(r.blocks, r.blockCount); }

    std::span<const uint32_t> resultTypes(const Instruction &i) const
    {
        return std::span(words).subspan(i.words, i.resultCount);
    }
    // Values are stored as 32-bit words; the sizes are never negative.
    std::span<const int32_t> operandSegments(const Instruction &i) const
    {
        return {reinterpret_cast<const int32_t *>(words.data() + i.words + i.resultCount), i.segmentCount};
    }
    std::span<const uint32_t> operands(const Instruction &i) const
    {
        return std::span(words).subspan(i.words + i.resultCount + i.segmentCount, i.operandCount);
    }
    std::span<const Region> regions(const Instruction &i) const
    {
        return std::span(regionPool).subspan(i.regions, i.regionCount);
    }
    // Attribute `index` (< i.attributeCount), ODS names in ODS order.
    NamedAttribute attribute(const Instruction &i, size_t index) const;
    std::optional<Attribute> attribute(const Instruction &i, std::string_view name) const;
};

} // namespace tileport::tileir::bc
