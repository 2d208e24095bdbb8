// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// The `kir` dialect: a cuTile kernel as the translator understands it,
// between the Python syntax tree and the printed cuTile Rust.

#ifndef TILEPORT_KIR_DIALECT_TD
#define TILEPORT_KIR_DIALECT_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"

def Kir_Dialect : Dialect {
  let name = "kir";
  let cppNamespace = "::tileport::kir";
  let summary = "the translator's kernel IR";
  let description = [{
    Typed values for what a cuTile Python kernel computes: scalars (builtin
    integer and float types), tiles with literal or const-generic dims,
    tensor references, and element-type variables that dtype unification
    resolves. Every op carries the Python source range it came from.
  }];
  let useDefaultTypePrinterParser = 1;
  let extraClassDeclaration = [{
  private:
    void registerTypes();
    void registerOps();
  public:
  }];
}

class Kir_Op<string mnemonic, list<Trait> traits = []>
    : Op<Kir_Dialect, mnemonic, traits>;

#endif // TILEPORT_KIR_DIALECT_TD
