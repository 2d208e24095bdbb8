// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// The `cuda_tile` dialect and the base class of its operations.

#ifndef TILEPORT_TILEIR_DIALECT_TD
#define TILEPORT_TILEIR_DIALECT_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"

def CudaTile_Dialect : Dialect {
  let name = "cuda_tile";
  let cppNamespace = "::tileport::tileir";
  let summary = "CUDA Tile IR: tile-level kernels for NVIDIA GPUs";
  let description = [{
    Operations, types and attributes of CUDA Tile IR 13.1-13.4, with the
    textual syntax of the reference printer: short type forms inside op
    bodies, the `cuda_tile.` prefix omitted inside module and region bodies.
  }];
  // Types parse through our own entry point so that both the long form
  // (`!cuda_tile.tile<...>`) and the short forms inside parameters work.
  let useDefaultTypePrinterParser = 1;
  let useDefaultAttributePrinterParser = 1;
  // Lets the canonicalizer re-create folded constants.
  let hasConstantMaterializer = 1;
  let extraClassDeclaration = [{
  private:
    void registerTypes();
    void registerAttributes();
    void registerOps();
  public:
  }];
}

// Base of every cuda_tile operation.
class CudaTile_Op<string mnemonic, list<Trait> traits = []>
    : Op<CudaTile_Dialect, mnemonic, traits>;

#endif // TILEPORT_TILEIR_DIALECT_TD
