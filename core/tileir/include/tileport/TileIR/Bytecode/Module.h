// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "tileport/TileIR/Bytecode/Attribute.h"
#include "tileport/TileIR/Bytecode/DebugInfo.h"
#include "tileport/TileIR/Bytecode/FunctionBody.h"
#include "tileport/TileIR/Bytecode/Type.h"
#include "tileport/TileIR/Bytecode/Version.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tileport::tileir::bc {

struct Section {
    uint8_t id = 0;
    uint64_t offset = 0;        // the id byte
    uint64_t payloadOffset = 0;
    uint64_t length = 0;
    uint64_t alignment = 1;
};

// A constant table entry: the raw little-endian storage of a dense constant.
// Element type and shape come from each use (constant op, global).
struct Constant {
    uint64_t offset = 0; // file offset of the raw bytes
    std::vector<uint8_t> bytes;
};

struct Global {
    std::string_view name;
    uint32_t type = 0;     // a rank-1 tile
    uint32_t constant = 0; // initial value
    uint64_t alignment = 0;
    bool isPrivate = false;  // 13.3+
    bool isConstant = false; // 13.3+
    uint64_t offset = 0;
};

struct Function {
    std::string_view name;
    uint32_t signature = 0; // a function type
    bool kernel = false;
    bool isPrivate = false;
    std::optional<OptimizationHintsAttr> hints;
    uint64_t offset = 0;
    uint64_t debugList = 0; // 0 = no locations, else the 1-based debug list
    Location location;
    // Arguments are values 0..n-1 (the entry block's arguments).
    FunctionBody body;
    uint32_t instructionCount = 0; // all instructions, nested ones included
};

struct Module {
    Version version;
    int tag = 0;
    std::optional<std::string_view> producer;
    std::vector<Section> sections;
    // Every string of the model is a view into stringData, which copies of the
    // module share; a string referenced many times is stored once.
    std::shared_ptr<const std::string> stringData;
    std::vector<std::string_view> strings;
    std::vector<Type> types;
    std::vector<Constant> constants;
    std::vector<Global> globals;
    std::vector<DIRecord> debugRecords;
    std::vector<Function> functions;
    // Distinct instruction locations; entry 0 is the unknown location.
    std::vector<Location> locations{Location{}};

    const Function *function(std::string_view name) const;
    const Location &location(const Instruction &inst) const { return locations[inst.location]; }
};

} // namespace tileport::tileir::bc
