// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "tileport/TileIR/Bytecode/Version.h"

#include <cstdint>
#include <optional>
#include <string_view>

namespace tileport::tileir::bc {

// Opcode numbers of the ops whose names the tests and tools refer to.
namespace opc {
inline constexpr uint32_t Break = 0x0A, Continue = 0x11, Entry = 0x16, For = 0x29, Global = 0x31, If = 0x32,
                          Loop = 0x41, Module = 0x4B, Reduce = 0x58, Return = 0x5C, Scan = 0x5E, Yield = 0x6D;
} // namespace opc

struct OpcodeInfo {
    std::string_view name; // mnemonic, e.g. "addf"
    Version since;
    bool development = false; // of an unreleased development format, never valid in a released file
};

// Known opcodes, released and 13.5-dev; nullopt for gaps and unknown values.
std::optional<OpcodeInfo> opcodeInfo(uint64_t opcode);
std::optional<uint32_t> opcodeByName(std::string_view name);
// Highest opcode a file of `version` may use.
uint32_t maxOpcode(Version version);

} // namespace tileport::tileir::bc
