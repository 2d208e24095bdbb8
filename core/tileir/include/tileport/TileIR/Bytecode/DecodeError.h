// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <cstdint>
#include <string>

namespace tileport::tileir::bc {

// A decoding failure: the absolute byte offset in the file and what is wrong
// there. Every error the reader reports carries the offset.
struct DecodeError {
    uint64_t offset = 0;
    std::string message;

    std::string str() const { return "offset " + std::to_string(offset) + ": " + message; }
};

} // namespace tileport::tileir::bc
