// SPDX-License-Identifier: MIT
// RUN: tileport-opt --no-implicit-module %s | grep -v '^$' > %t.printed
// RUN: grep -v '^//' %s | grep -v '^$' | diff -u - %t.printed
// RUN: tileport-opt --no-implicit-module %t.printed | grep -v '^$' | diff -u %t.printed -
// Views and memory ops (§3.3): all four view types with padding, dim_map and
// traversal strides, dynamic shapes, tokens, hints, pointer-tile ops, atomics.

cuda_tile.module @memory {
  entry @views(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i64>) {
    %tview = make_tensor_view %arg0, shape = [%arg1, 128], strides = [128, 1] : tile<i32> -> tensor_view<?x128xf32, strides=[128,1]>
    %tview_0 = make_tensor_view %arg0, shape = [32, 32], strides = [32, 1] : tensor_view<32x32xf32, strides=[32,1]>
    %tview_1 = make_tensor_view %arg0, shape = [%arg2, %arg2], strides = [%arg2, 1] : tile<i64> -> tensor_view<?x?xf32, strides=[?,1]>
    %tview_2 = make_tensor_view %arg0, shape = [], strides = [] : tensor_view<f32>
    %tview_3 = make_tensor_view %arg0, shape = [16], strides = [1] : tensor_view<16xf32, strides=[1]>
    %pview = make_partition_view %tview : partition_view<tile=(64x64), tensor_view<?x128xf32, strides=[128,1]>>
    %pview_4 = make_partition_view %tview_0 : partition_view<tile=(4x2), padding_value = nan, tensor_view<32x32xf32, strides=[32,1]>, dim_map=[1, 0]>
    %sview = make_strided_view %tview_3 : strided_view<tile=(2), traversal_strides=[3], tensor_view<16xf32, strides=[1]>>
    %sview_5 = make_strided_view %tview_0 : strided_view<tile=(4x4), traversal_strides=[2,8], padding_value = zero, tensor_view<32x32xf32, strides=[32,1]>, dim_map=[1, 0]>
    %gsview = make_gather_scatter_view %tview : gather_scatter_view<tile=(64x64), tensor_view<?x128xf32, strides=[128,1]>, sparse_dim=0>
    %gsview_6 = make_gather_scatter_view %tview_0 : gather_scatter_view<tile=(8x4), padding_value = neg_inf, tensor_view<32x32xf32, strides=[32,1]>, sparse_dim=1>
    %0:2 = get_tensor_shape %tview_1 : tensor_view<?x?xf32, strides=[?,1]> -> tile<i64>
    %1 = get_tensor_shape %tview_3 : tensor_view<16xf32, strides=[1]> -> tile<i32>
    %2:2 = get_index_space_shape %pview : partition_view<tile=(64x64), tensor_view<?x128xf32, strides=[128,1]>> -> tile<i32>
    %3 = get_index_space_shape %sview : strided_view<tile=(2), traversal_strides=[3], tensor_view<16xf32, strides=[1]>> -> tile<i64>
    return
  }
  entry @load_store(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i64>) {
    %tview = make_tensor_view %arg0, shape = [8192, 128], strides = [128, 1] : tensor_view<8192x128xf32, strides=[128,1]>
    %pview = make_partition_view %tview : partition_view<tile=(64x64), tensor_view<8192x128xf32, strides=[128,1]>>
    %0 = make_token : token
    %tile, %result_token = load_view_tko weak %pview[%arg1, %arg1] : partition_view<tile=(64x64), tensor_view<8192x128xf32, strides=[128,1]>>, tile<i32> -> tile<64x64xf32>, token
    %tile_0, %result_token_1 = load_view_tko acquire device %pview[%arg1, %arg1] token = %0 optimization_hints = <sm_100 = {allow_tma = true, latency = 3}> : partition_view<tile=(64x64), tensor_view<8192x128xf32, strides=[128,1]>>, tile<i32> -> tile<64x64xf32>, token
    %1 = store_view_tko weak %tile, %pview[%arg1, %arg1] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<8192x128xf32, strides=[128,1]>>, tile<i32> -> token
    %2 = store_view_tko relaxed device %tile_0, %pview[%arg1, %arg1] token = %result_token_1 optimization_hints = <sm_90 = {latency = 2}> : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<8192x128xf32, strides=[128,1]>>, tile<i32> -> token
    %3 = atomic_red_view_tko relaxed device %pview[%arg1, %arg1], addf, %tile token = %2 : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<8192x128xf32, strides=[128,1]>>, tile<i32> -> token
    %4 = join_tokens %1, %2, %3 : token
    return
  }
  entry @gather(%arg0: tile<ptr<f32>>, %arg1: tile<i32>) {
    %tview = make_tensor_view %arg0, shape = [1024, 64], strides = [64, 1] : tensor_view<1024x64xf32, strides=[64,1]>
    %gsview = make_gather_scatter_view %tview : gather_scatter_view<tile=(16x64), tensor_view<1024x64xf32, strides=[64,1]>, sparse_dim=0>
    %0 = iota : tile<16xi32>
    %tile, %result_token = load_view_tko weak %gsview[%0, %arg1] : gather_scatter_view<tile=(16x64), tensor_view<1024x64xf32, strides=[64,1]>, sparse_dim=0>, tile<16xi32>, tile<i32> -> tile<16x64xf32>, token
    %1 = store_view_tko weak %tile, %gsview[%0, %arg1] : tile<16x64xf32>, gather_scatter_view<tile=(16x64), tensor_view<1024x64xf32, strides=[64,1]>, sparse_dim=0>, tile<16xi32>, tile<i32> -> token
    return
  }
  entry @pointers(%arg0: tile<ptr<f32>>, %arg1: tile<ptr<i32>>) {
    %0 = iota : tile<8xi32>
    %reshape = reshape %arg0 : tile<ptr<f32>> -> tile<1xptr<f32>>
    %bcast = broadcast %reshape : tile<1xptr<f32>> -> tile<8xptr<f32>>
    %1 = offset %bcast, %0 : tile<8xptr<f32>>, tile<8xi32> -> tile<8xptr<f32>>
    %2 = make_token : token
    %cst_0_f32 = constant <f32: 0.000000e+00> : tile<8xf32>
    %true = constant <i1: true> : tile<8xi1>
    %result, %result_token = load_ptr_tko weak %1 : tile<8xptr<f32>> -> tile<8xf32>, token
    %result_0, %result_token_1 = load_ptr_tko relaxed device %1, %true, %cst_0_f32 token=%2 optimization_hints = <sm_100 = {latency = 4}> : tile<8xptr<f32>>, tile<8xi1>, tile<8xf32> -> tile<8xf32>, token
    %3 = store_ptr_tko weak %1, %result : tile<8xptr<f32>>, tile<8xf32> -> token
    %4 = store_ptr_tko release sys %1, %result_0, %true token=%3 : tile<8xptr<f32>>, tile<8xf32>, tile<8xi1> -> token
    %reshape_2 = reshape %arg1 : tile<ptr<i32>> -> tile<1xptr<i32>>
    %bcast_3 = broadcast %reshape_2 : tile<1xptr<i32>> -> tile<8xptr<i32>>
    %result_4, %result_token_5 = atomic_cas_tko relaxed device %bcast_3, %0, %0 : tile<8xptr<i32>>, tile<8xi32> -> tile<8xi32>, token
    %result_6, %result_token_7 = atomic_cas_tko acq_rel sys %bcast_3, %0, %0, %true token=%4 : tile<8xptr<i32>>, tile<8xi32>, tile<8xi1> -> tile<8xi32>, token
    %result_8, %result_token_9 = atomic_rmw_tko relaxed device %1, addf, %result token=%result_token_7 : tile<8xptr<f32>>, tile<8xf32> -> tile<8xf32>, token
    %result_10, %result_token_11 = atomic_rmw_tko acquire tl_blk %bcast_3, umax, %0, %true : tile<8xptr<i32>>, tile<8xi32>, tile<8xi1> -> tile<8xi32>, token
    %5 = alloca num_elem = 64, alignment = 128 : tile<ptr<f32>>
    %6 = alloca num_elem = 16, alignment = 16 global : tile<ptr<i64>>
    return
  }
}
