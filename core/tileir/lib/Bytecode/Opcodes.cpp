// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "tileport/TileIR/Bytecode/Opcodes.h"

#include <array>

namespace tileport::tileir::bc {

namespace {

// Index = opcode; empty names are unassigned gaps (0x19-0x24, 0x34-0x39).
constexpr std::array<std::string_view, 0x7B> kNames{
    "absf", "absi", "addf", "addi", "andi", "assert", "assume", "atomic_cas_tko",
    "atomic_rmw_tko", "bitcast", "break", "broadcast", "cat", "ceil", "cmpf", "cmpi",
    "constant", "continue", "cos", "cosh", "divf", "divi", "entry", "exp",
    "exp2", "", "", "", "", "", "", "",
    "", "", "", "", "", "exti", "extract", "floor",
    "fma", "for", "ftof", "ftoi", "get_global", "get_index_space_shape", "get_num_tile_blocks", "get_tensor_shape",
    "get_tile_block_id", "global", "if", "int_to_ptr", "", "", "", "",
    "", "", "iota", "itof", "join_tokens", "load_ptr_tko", "load_view_tko", "log",
    "log2", "loop", "make_partition_view", "make_tensor_view", "make_token", "maxf", "maxi", "minf",
    "mini", "mmaf", "mmai", "module", "mulf", "mulhii", "muli", "negf",
    "negi", "offset", "ori", "permute", "pow", "print_tko", "ptr_to_int", "ptr_to_ptr",
    "reduce", "remf", "remi", "reshape", "return", "rsqrt", "scan", "select",
    "shli", "shri", "sin", "sinh", "sqrt", "store_ptr_tko", "store_view_tko", "subf",
    "subi", "tan", "tanh", "trunci", "xori", "yield", "atan2", "pack",
    "unpack", "alloca", "mmaf_scaled", "make_gather_scatter_view", "make_strided_view", "atomic_red_view_tko",
    "insert", "gdc_launch_dependents_tko", "gdc_wait_tko", "fpowi", "memory_fence_alias_tko",
};

// Opcodes of cuTile's 13.5 development format (its encoder's names): known,
// so that a file using one is told why it is refused.
constexpr std::array<std::string_view, 3> kDevNames{
    "multimem_load_reduce_view_tko", "multimem_reduce_view_tko", "multimem_store_view_tko",
};

} // namespace

uint32_t maxOpcode(Version version)
{
    if (version >= kVersion13_4)
        return 0x7A;
    if (version >= kVersion13_3)
        return 0x75;
    if (version >= kVersion13_2)
        return 0x6E;
    return 0x6D;
}

std::optional<OpcodeInfo> opcodeInfo(uint64_t opcode)
{
    if (opcode < kNames.size()) {
        if (kNames[opcode].empty())
            return std::nullopt;
        Version since = kVersion13_1;
        for (Version v : {kVersion13_2, kVersion13_3, kVersion13_4})
            if (opcode > maxOpcode(Version{v.major, v.minor - 1}))
                since = v;
        return OpcodeInfo{kNames[opcode], since, false};
    }
    if (opcode - kNames.size() < kDevNames.size())
        return OpcodeInfo{kDevNames[opcode - kNames.size()], Version{13, 5}, true};
    return std::nullopt;
}

std::optional<uint32_t> opcodeByName(std::string_view name)
{
    for (uint32_t i = 0; i < kNames.size(); ++i)
        if (!kNames[i].empty() && kNames[i] == name)
            return i;
    return std::nullopt;
}

} // namespace tileport::tileir::bc
