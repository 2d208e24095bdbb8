// SPDX-License-Identifier: MIT
// The port of ../diff_report.mlir: no fast-math flags, one more index add.
cuda_tile.module @kernels {
  entry @scale(%0: tile<f32>, %1: tile<i32>) {
    %2 = exp %0 : tile<f32> loc("port.rs":5:13)
    %3 = mulf %2, %0 : tile<f32> loc("port.rs":6:13)
    %4 = addi %1, %1 : tile<i32> loc("port.rs":7:13)
    %5 = print_tko "g=%f n=%d", %3, %4 : tile<f32>, tile<i32> -> token loc("port.rs":8:5)
    return
  }
}
