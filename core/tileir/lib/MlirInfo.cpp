// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "tileport/TileIR/MlirInfo.h"

#include <llvm/Config/llvm-config.h>
#include <mlir/IR/BuiltinDialect.h>
#include <mlir/IR/MLIRContext.h>

namespace tileport::tileir {

MlirInfo probeMlir()
{
    MlirInfo info;
    info.version = LLVM_VERSION_STRING;
    info.cmakeDir = TILEPORT_MLIR_DIR;
    mlir::MLIRContext ctx;
    info.contextOk = ctx.getOrLoadDialect<mlir::BuiltinDialect>() != nullptr;
    return info;
}

} // namespace tileport::tileir
