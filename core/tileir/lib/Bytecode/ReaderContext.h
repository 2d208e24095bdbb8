// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "Cursor.h"
#include "tileport/TileIR/Bytecode/Module.h"
#include "tileport/TileIR/Bytecode/Reader.h"

#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace tileport::tileir::bc::detail {

// State shared by the section readers while one file is decoded: the module
// being filled, the file version, and the checks on table references.
class ReaderContext
{
public:
    ReaderContext(Module &module, const ReadOptions &options)
        : module(module)
        , options(options)
    {
    }

    Module &module;
    const ReadOptions &options;
    std::set<std::string_view> globalNames;

    const Version &version() const { return module.version; }

    // A string ref read at the cursor; `nonEmpty` for names and keys.
    std::string_view readString(Cursor &c, const char *what, bool nonEmpty = false) const;
    // A type ref read at the cursor, checked against the type table. Inline:
    // every instruction reads its result types.
    uint32_t readTypeRef(Cursor &c, const char *what) const
    {
        const uint64_t at = c.offset();
        const uint64_t index = c.varint(what);
        if (index >= module.types.size()) [[unlikely]]
            failTypeRef(at, index, what);
        return uint32_t(index);
    }
    const Type &type(uint32_t index) const { return module.types[index]; }
    // The Module::locations entry for a (checked) debug index, resolved once
    // per index; `at` is the offset reported if it is not a location.
    uint32_t locationIndex(uint64_t debugIndex, uint64_t at);
    bool isScalar(uint32_t t, bool integer) const;

    // Checks that constant `index` holds a valid dense value of tile type
    // `tileType`; `at` is the offset reported on failure.
    void checkDense(uint64_t index, uint32_t tileType, uint64_t at) const;

private:
    std::vector<uint32_t> m_locationSlots; // by debug index; 0 = not resolved yet
    [[noreturn]] void failTypeRef(uint64_t at, uint64_t index, const char *what) const;
};

// Reads a table "vu n; pad to width; u<width> offset[n]; data" that fills the
// rest of `c`: entry i spans [offset[i], offset[i+1]), the last one to the end.
std::vector<Cursor> readOffsetTable(Cursor &c, unsigned width, const char *what);

// Section readers, in the order the module reader runs them.
void readStringSection(ReaderContext &ctx, Cursor c);
void readProducerSection(ReaderContext &ctx, Cursor c);
void readTypeSection(ReaderContext &ctx, Cursor c);
void readConstantSection(ReaderContext &ctx, Cursor c);
void readGlobalSection(ReaderContext &ctx, Cursor c);

// Per-function location lists from the debug section (index arrays into the
// debug records); filled by readDebugSection, consumed by the function reader.
struct DebugLists {
    bool present = false;
    uint64_t offset = 0;                    // the section payload
    std::vector<std::vector<uint64_t>> lists; // list k holds the debug indices of function locIndex k+1
};
DebugLists readDebugSection(ReaderContext &ctx, Cursor c);
// Resolves debug index `index` to a location (unknown for 0).
Location resolveLocation(const ReaderContext &ctx, uint64_t index, uint64_t at);

void readFunctionSection(ReaderContext &ctx, Cursor c, const DebugLists &debug);

} // namespace tileport::tileir::bc::detail
