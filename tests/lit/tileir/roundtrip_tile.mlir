// SPDX-License-Identifier: MIT
// RUN: tileport-opt --no-implicit-module %s | grep -v '^$' > %t.printed
// RUN: grep -v '^//' %s | grep -v '^$' | diff -u - %t.printed
// RUN: tileport-opt --no-implicit-module %t.printed | grep -v '^$' | diff -u %t.printed -
// Constants (§2.4: splats, nested lists, i1, NaN/Inf bit patterns, f8),
// shape ops (§3.7) and the constant / bcast / reshape SSA names of §6.1.

cuda_tile.module @tiles {
  entry @shapes(%arg0: tile<i32>) {
    %cst_0_i32 = constant <i32: 0> : tile<i32>
    %cst_i32 = constant <i32: [0, 1, 2, 3]> : tile<4xi32>
    %cst_f32 = constant <f32: [[1.000000e+00, 2.000000e+00], [4.000000e+00, 5.000000e+00]]> : tile<2x2xf32>
    %true = constant <i1: true> : tile<4xi1>
    %false = constant <i1: false> : tile<i1>
    %cst_i1 = constant <i1: [true, false]> : tile<2xi1>
    %cst_NaN_f32 = constant <f32: 0x7FC00000> : tile<f32>
    %cst_f32_0 = constant <f32: 0x7F800000> : tile<f32>
    %cst_-1_i64 = constant <i64: -1> : tile<8xi64>
    %cst_1_f16 = constant <f16: 1.000000e+00> : tile<2x4xf16>
    %cst_bf16 = constant <bf16: 1.500000e+00> : tile<bf16>
    %cst_f8E4M3FN = constant <f8E4M3FN: [1.000000e+00, 2.000000e+00]> : tile<2xf8E4M3FN>
    %0 = iota : tile<8xi32>
    %reshape = reshape %0 : tile<8xi32> -> tile<2x4xi32>
    %bcast = broadcast %cst_f32 : tile<2x2xf32> -> tile<2x2xf32>
    %reshape_1 = reshape %cst_i32 : tile<4xi32> -> tile<1x4xi32>
    %bcast_2 = broadcast %reshape_1 : tile<1x4xi32> -> tile<8x4xi32>
    %1 = permute %reshape [1, 0] : tile<2x4xi32> -> tile<4x2xi32>
    %2 = extract %1[%cst_0_i32, %cst_0_i32] : tile<4x2xi32> -> tile<2x1xi32>
    %3 = extract %arg0[] : tile<i32> -> tile<i32>
    %4 = cat %reshape, %reshape dim = 1 : tile<2x4xi32>, tile<2x4xi32> -> tile<2x8xi32>
    return
  }
}
