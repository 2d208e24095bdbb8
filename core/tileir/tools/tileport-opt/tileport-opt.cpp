// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// tileport-opt: MlirOptMain with the cuda_tile dialect and the generic
// clean-up passes (-cse, -canonicalize, -symbol-dce).

#include "tileport/TileIR/TileIRDialect.h"

#include <mlir/IR/DialectRegistry.h>
#include <mlir/Tools/mlir-opt/MlirOptMain.h>
#include <mlir/Transforms/Passes.h>

int main(int argc, char **argv)
{
    mlir::registerCSEPass();
    mlir::registerCanonicalizerPass();
    mlir::registerSymbolDCEPass();
    mlir::DialectRegistry registry;
    registry.insert<tileport::tileir::CudaTileDialect>();
    return mlir::asMainReturnCode(
        mlir::MlirOptMain(argc, argv, "TilePort cuda_tile optimizer driver\n", registry));
}
