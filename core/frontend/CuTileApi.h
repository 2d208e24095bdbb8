// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <QString>
#include <QStringView>

namespace tileport::frontend {

// The public API of cuTile Python 1.7 (cuda.tile): which names exist, which
// are device operations and of what kind, and where shape-taking operations
// take their tile shape.
class CuTileApi
{
public:
    struct Function {
        const char *name;
        const char *category; // block, memory, creation, math, reduce, scan, mma, shape, convert,
                              // compile_time, debug, sync, host
        int shapeArg;         // positional index of the tile shape, -1 if none
        const char *shapeKeyword;
    };

    // A callable exported by cuda.tile (device op or host API), or nullptr.
    static const Function *function(QStringView name);
    // A method of a cuTile Array, Tile, TiledView or RawArrayMemory, or nullptr.
    static const Function *method(QStringView name);
    // Any name exported by cuda.tile (callables, dtypes, enums, types).
    static bool isExport(QStringView name);
    static bool isDtype(QStringView name);
    // Read-only attributes of cuTile values (dtype, shape, strides, ...).
    static bool isProperty(QStringView name);
    // Device-side memory operations: their set per branch decides variants.
    static bool isMemory(const Function &f);
    // Python builtins cuTile accepts in tile code.
    static bool isBuiltin(QStringView name);
};

} // namespace tileport::frontend
