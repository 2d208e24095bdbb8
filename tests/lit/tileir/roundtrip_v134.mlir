// SPDX-License-Identifier: MIT
// RUN: tileport-opt --no-implicit-module %s | grep -v '^$' > %t.printed
// RUN: grep -v '^//' %s | grep -v '^$' | diff -u - %t.printed
// RUN: tileport-opt --no-implicit-module %t.printed | grep -v '^$' | diff -u %t.printed -
// What Tile IR 13.4 adds: insert, fpowi, the programmatic-dependent-launch
// token ops, memory_fence_alias_tko, saturating ftoi, nearest_away and
// per-index inbounds on view loads and stores.

cuda_tile.module @v134 {
  entry @ops(%arg0: tile<i32>, %arg1: partition_view<tile=(16x32), tensor_view<?x?xf32, strides=[?,1]>>) {
    %0 = gdc_wait_tko -> token
    %1 = gdc_launch_dependents_tko token=%0 -> token
    %2 = memory_fence_alias_tko %1 : token
    %tile, %result_token = load_view_tko weak %arg1[%arg0, %arg0] token = %2 inbounds = [true, false] : partition_view<tile=(16x32), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<16x32xf32>, token
    %cst_f32 = constant <f32: 1.500000e+00> : tile<8x16xf32>
    %cst_3_i32 = constant <i32: 3> : tile<16x32xi32>
    %3 = insert %cst_f32, %tile[%arg0, %arg0] : tile<8x16xf32> -> tile<16x32xf32>
    %4 = fpowi %3, %cst_3_i32 : tile<16x32xf32>, tile<16x32xi32>
    %5 = ftoi %4 signed saturating  : tile<16x32xf32> -> tile<16x32xi32>
    %6 = ftof %4 rounding<nearest_away> : tile<16x32xf32> -> tile<16x32xf64>
    %7 = store_view_tko weak %4, %arg1[%arg0, %arg0] inbounds = [false, true] : tile<16x32xf32>, partition_view<tile=(16x32), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    return
  }
}
