// SPDX-License-Identifier: MIT
#pragma once

#include "tileport/TileIR/Bytecode/Attribute.h"
#include "tileport/TileIR/Bytecode/DebugInfo.h"

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
    std::vector<uint32_t> resultTypes;
    std::vector<NamedAttribute> attributes; // ODS names, ODS order
    std::vector<uint32_t> operands;
    std::vector<int32_t> operandSegments; // only for ops with AttrSizedOperandSegments
    std::vector<Region> regions;
    std::vector<uint32_t> results;
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
