// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "KernelInfo.h"

namespace tileport::frontend {

// Lists what a kernel's compiled form is specialized on (cuTile Python's JIT
// keys, which the Rust port must make explicit): dtype variables, constant
// values, array layout assumptions, integer-scalar divisibility, dtype-driven
// branches and per-target options.
class SpecializationBuilder
{
public:
    static void build(KernelInfo &kernel);
};

} // namespace tileport::frontend
