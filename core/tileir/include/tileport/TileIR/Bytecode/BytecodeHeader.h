// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

namespace tileport::tileir {

inline constexpr std::array<uint8_t, 8> kBytecodeMagic{0x7F, 'T', 'i', 'l', 'e', 'I', 'R', 0x00};
inline constexpr size_t kBytecodeHeaderSize = 12;

// The fixed 12-byte prefix of a .tileirbc file: magic, major, minor, tag.
struct BytecodeHeader {
    int major = 0;
    int minor = 0;
    int tag = 0;

    std::string versionString() const { return std::to_string(major) + "." + std::to_string(minor); }
    // 13.1-13.4 are the released formats the full reader decodes.
    bool isReleased() const { return major == 13 && minor >= 1 && minor <= 4; }
};

// Parses the header (13.1-13.4); on failure returns false and sets `error`
// to a message that names the byte offset.
bool parseBytecodeHeader(std::span<const uint8_t> bytes, BytecodeHeader &out, std::string &error);

} // namespace tileport::tileir
