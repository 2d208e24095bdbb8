// SPDX-License-Identifier: MIT
#pragma once

#include "tileport/TileIR/Bytecode/Attribute.h"
#include "tileport/TileIR/Bytecode/DebugInfo.h"
#include "tileport/TileIR/Bytecode/InlineVector.h"

#include <cstdint>
#include <string_view>
#include <vector>

namespace tileport::tileir::bc {

struct Region;

// One decoded operation. Value ids follow the bytecode numbering: function
// arguments first, then block arguments and results as they are defined.
struct Instruction {
    uint32_t opcode = 0;
    std::string_view name; // op mnemonic without the dialect prefix, e.g. "addf"
    uint64_t offset = 0;   // file offset of the opcode byte
    // Inline sizes cover the common ops, so most instructions own no heap memory.
    InlineVector<uint32_t, 2> resultTypes;
    InlineVector<NamedAttribute, 1> attributes; // ODS names, ODS order
    InlineVector<uint32_t, 4> operands;
    InlineVector<int32_t, 2> operandSegments; // only for ops with AttrSizedOperandSegments
    InlineVector<Region, 0> regions;
    InlineVector<uint32_t, 2> results;
    Location location;

    const Attribute *attribute(std::string_view attrName) const;
};

struct Block {
    std::vector<uint32_t> argumentTypes;
    std::vector<uint32_t> arguments; // value ids
    std::vector<Instruction> instructions;
};

struct Region {
    std::vector<Block> blocks;
};

} // namespace tileport::tileir::bc
