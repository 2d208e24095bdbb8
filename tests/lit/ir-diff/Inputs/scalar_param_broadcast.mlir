// SPDX-License-Identifier: MIT
// The port of diff_scalar_shapes.mlir: the epsilon is a runtime scalar
// brought to the tile through a one-element reshape.
cuda_tile.module @kernels {
  entry @add_eps(%x: tile<f32>, %eps: tile<f32>) {
    %b = constant <f32: 2.000000e+00> : tile<64xf32>
    %er = reshape %eps : tile<f32> -> tile<1xf32>
    %eb = broadcast %er : tile<1xf32> -> tile<64xf32>
    %s = addf %b, %eb : tile<64xf32>
    %t = print_tko "%f", %s : tile<64xf32> -> token
    return
  }
}
