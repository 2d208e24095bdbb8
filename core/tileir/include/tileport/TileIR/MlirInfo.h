// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <string>

namespace tileport::tileir {

// Facts about the MLIR the Tile IR layer is built on, checked at run time by
// creating a context (so a broken libMLIR shows up in `tileport doctor`).
struct MlirInfo {
    std::string version;    // LLVM_VERSION_STRING
    std::string cmakeDir;   // MLIR_DIR at configure time
    bool contextOk = false; // an MLIRContext could be created and loaded builtin
};

MlirInfo probeMlir();

} // namespace tileport::tileir
