// SPDX-License-Identifier: MIT
// A folded constant (cuTile Python's ct.Constant[float]) against a runtime
// scalar reshaped to one element and broadcast (the port's f32 parameter):
// the one-element shapes that only one side has are a note, not a critical
// finding; a tile shape the kernel computes on still is critical.
// RUN: tileport ir diff %s %S/Inputs/scalar_param_broadcast.mlir > %t.md; test $? -eq 2
// RUN: FileCheck %s < %t.md

cuda_tile.module @kernels {
  entry @add_eps(%x: tile<f32>, %unused: tile<f32>) {
    %b = constant <f32: 2.000000e+00> : tile<64xf32>
    %eps = constant <f32: 1.000000e-05> : tile<64xf32>
    %s = addf %b, %eps : tile<64xf32>
    %t = print_tko "%f", %s : tile<64xf32> -> token
    return
  }
}

// CHECK: # Tile IR diff: PASS_WITH_NOTES
// CHECK: one-element tile shapes differ
// CHECK-NOT: ### Critical
