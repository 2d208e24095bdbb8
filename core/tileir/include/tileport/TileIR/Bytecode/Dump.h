// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "tileport/TileIR/Bytecode/Attribute.h"
#include "tileport/TileIR/Bytecode/Module.h"

#include <cstdint>
#include <string>

namespace tileport::tileir::bc {

struct DumpOptions {
    bool offsets = false;   // append "@0x…" file offsets to instructions
    bool locations = true;  // append "loc(file:line:col)" where known
};

// A readable, indented listing of the module for debugging and tests. Types
// use the Tile IR short syntax (tile<4xf32>, ptr<f16>, ...). Not MLIR.
std::string dump(const Module &module, const DumpOptions &options = {});
// The short syntax of one type table entry; "<bad type N>" if out of range.
std::string typeToString(const Module &module, uint32_t type);
std::string attributeToString(const Module &module, const Attribute &attribute);

} // namespace tileport::tileir::bc
