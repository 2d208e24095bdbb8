// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// tileport-kir-opt: MlirOptMain with the kir dialect and its passes.

#include "tileport/Kir/KirDialect.h"
#include "tileport/Kir/KirPasses.h"

#include <mlir/IR/DialectRegistry.h>
#include <mlir/Tools/mlir-opt/MlirOptMain.h>
#include <mlir/Transforms/Passes.h>

int main(int argc, char **argv)
{
    mlir::registerCSEPass();
    tileport::kir::registerKirPasses();
    mlir::DialectRegistry registry;
    registry.insert<tileport::kir::KirDialect>();
    return mlir::asMainReturnCode(mlir::MlirOptMain(argc, argv, "TilePort kernel IR driver\n", registry));
}
