// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <cstdint>
#include <string_view>

namespace tileport::tileir::bc {

enum class DIKind : uint8_t { Unknown, CompileUnit, File, LexicalBlock, Loc, Subprogram, CallSite };

// One record of the debug attribute table; record i has debug index i + 1.
// References (file, scope, compileUnit, callee, caller) are debug indices.
struct DIRecord {
    DIKind kind = DIKind::Unknown;
    uint64_t offset = 0;
    uint64_t file = 0;        // CompileUnit, LexicalBlock, Subprogram
    uint64_t scope = 0;       // LexicalBlock, Loc
    uint64_t compileUnit = 0; // Subprogram
    uint64_t callee = 0;      // CallSite
    uint64_t caller = 0;      // CallSite
    std::string_view name;         // File, Subprogram
    std::string_view directory;    // File
    std::string_view linkageName;  // Subprogram
    std::string_view filename;     // Loc
    uint64_t line = 0;        // LexicalBlock, Loc, Subprogram
    uint64_t column = 0;      // LexicalBlock, Loc
    uint64_t scopeLine = 0;   // Subprogram
};

// The resolved location of a function or instruction. A call site resolves
// to its callee's position; `caller` keeps the call site's caller index.
struct Location {
    uint64_t debugIndex = 0; // 0 = unknown
    std::string_view file;
    uint64_t line = 0;
    uint64_t column = 0;
    uint64_t scope = 0;  // debug index of the subprogram or lexical block
    uint64_t caller = 0; // debug index of the caller location, 0 if none

    bool known() const { return line != 0 || !file.empty(); }
};

} // namespace tileport::tileir::bc
