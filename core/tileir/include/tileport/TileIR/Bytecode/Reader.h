// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "tileport/TileIR/Bytecode/DecodeError.h"
#include "tileport/TileIR/Bytecode/Module.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>

namespace tileport::tileir::bc {

struct ReadOptions {
    unsigned maxRegionDepth = 64;    // nested regions (if/for/loop/reduce/scan)
    unsigned maxAttributeDepth = 16; // nested arrays and dictionaries
};

struct ReadResult {
    std::optional<Module> module;
    DecodeError error; // set when module is empty

    bool ok() const { return module.has_value(); }
};

// Decodes a complete .tileirbc file (13.1, 13.2 or 13.3). Never throws: any
// malformed input gives an error with the file offset where it was found.
ReadResult readModule(std::span<const uint8_t> bytes, const ReadOptions &options = {});

} // namespace tileport::tileir::bc
