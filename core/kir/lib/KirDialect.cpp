// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// Dialect registration.

#include "tileport/Kir/KirOps.h"

#include "tileport/Kir/KirDialect.cpp.inc"

namespace tileport::kir {

void KirDialect::initialize()
{
    registerTypes();
    registerOps();
}

void KirDialect::registerOps()
{
    addOperations<
#define GET_OP_LIST
#include "tileport/Kir/KirOps.cpp.inc"
        >();
}

} // namespace tileport::kir
