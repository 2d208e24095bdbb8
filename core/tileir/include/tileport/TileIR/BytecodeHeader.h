// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>
#include <span>
#include <string>

namespace tileport::tileir {

// The fixed 12-byte prefix of a .tileirbc file: magic, major, minor, tag.
struct BytecodeHeader {
    int major = 0;
    int minor = 0;
    int tag = 0;

    std::string versionString() const { return std::to_string(major) + "." + std::to_string(minor); }
};

// Parses the header; on failure returns false and sets `error` to a message
// that names the byte offset.
bool parseBytecodeHeader(std::span<const uint8_t> bytes, BytecodeHeader &out, std::string &error);

} // namespace tileport::tileir
