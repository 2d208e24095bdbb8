// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <cstdint>

namespace tileport::tileir::bc {

// A block of a function body: ranges in the FunctionBody pools. A block's
// instructions are contiguous in FunctionBody::instructionPool.
struct Block {
    uint32_t instructions = 0; // first in FunctionBody::instructionPool
    uint32_t instructionCount = 0;
    uint32_t argumentTypes = 0; // first in FunctionBody::words
    uint32_t argumentCount = 0;
    uint32_t firstArgument = 0; // value id of argument 0
};

// A region: a range of FunctionBody::blockPool (Tile IR regions hold at most one block).
struct Region {
    uint32_t blocks = 0;
    uint32_t blockCount = 0;
};

} // namespace tileport::tileir::bc
