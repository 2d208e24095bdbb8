// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "tileport/TileIR/Bytecode/BytecodeHeader.h"

#include <cstring>

namespace tileport::tileir {

bool parseBytecodeHeader(std::span<const uint8_t> bytes, BytecodeHeader &out, std::string &error)
{
    if (bytes.size() < kBytecodeHeaderSize) {
        error = "offset " + std::to_string(bytes.size()) + ": file ends inside the 12-byte header";
        return false;
    }
    if (std::memcmp(bytes.data(), kBytecodeMagic.data(), kBytecodeMagic.size()) != 0) {
        error = "offset 0: not Tile IR bytecode (bad magic)";
        return false;
    }
    out.major = bytes[8];
    out.minor = bytes[9];
    out.tag = bytes[10] | (bytes[11] << 8);
    if (out.major != 13 || out.minor < 1 || out.minor > 4) {
        error = "offset 8: unsupported Tile IR bytecode version " + out.versionString();
        return false;
    }
    return true;
}

} // namespace tileport::tileir
