// SPDX-License-Identifier: MIT
// RUN: tileport-opt --no-implicit-module %s | grep -v '^$' > %t.printed
// RUN: grep -v '^//' %s | grep -v '^$' | diff -u - %t.printed
// RUN: tileport-opt --no-implicit-module %t.printed | grep -v '^$' | diff -u %t.printed -
// Whole kernels in the shape of a cuTile Python dump (vector add, tiled
// matmul with a for loop, softmax with reductions, masked gather).

cuda_tile.module @kernels {
  entry @vector_add(%arg0: tile<ptr<f32>>, %arg1: tile<ptr<f32>>, %arg2: tile<ptr<f32>>, %arg3: tile<i32>) {
    %assume = assume div_by<16>, %arg0 : tile<ptr<f32>>
    %assume_0 = assume div_by<16>, %arg1 : tile<ptr<f32>>
    %assume_1 = assume div_by<16>, %arg2 : tile<ptr<f32>>
    %assume_2 = assume bounded<0, ?>, %arg3 : tile<i32>
    %tview = make_tensor_view %assume, shape = [%assume_2], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %tview_3 = make_tensor_view %assume_0, shape = [%assume_2], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %tview_4 = make_tensor_view %assume_1, shape = [%assume_2], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %pview = make_partition_view %tview : partition_view<tile=(1024), tensor_view<?xf32, strides=[1]>>
    %pview_5 = make_partition_view %tview_3 : partition_view<tile=(1024), tensor_view<?xf32, strides=[1]>>
    %pview_6 = make_partition_view %tview_4 : partition_view<tile=(1024), tensor_view<?xf32, strides=[1]>>
    %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
    %tile, %result_token = load_view_tko weak %pview[%blockId_x] : partition_view<tile=(1024), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<1024xf32>, token
    %tile_7, %result_token_8 = load_view_tko weak %pview_5[%blockId_x] : partition_view<tile=(1024), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<1024xf32>, token
    %0 = addf %tile, %tile_7  : tile<1024xf32>
    %1 = store_view_tko weak %0, %pview_6[%blockId_x] : tile<1024xf32>, partition_view<tile=(1024), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
    return
  }
  entry @matmul(%arg0: tile<ptr<f16>>, %arg1: tile<ptr<f16>>, %arg2: tile<ptr<f32>>, %arg3: tile<i32>) optimization_hints=<sm_100 = {num_cta_in_cga = 2}, sm_90 = {occupancy = 1}> {
    %tview = make_tensor_view %arg0, shape = [%arg3, 512], strides = [512, 1] : tile<i32> -> tensor_view<?x512xf16, strides=[512,1]>
    %tview_0 = make_tensor_view %arg1, shape = [512, 256], strides = [256, 1] : tensor_view<512x256xf16, strides=[256,1]>
    %tview_1 = make_tensor_view %arg2, shape = [%arg3, 256], strides = [256, 1] : tile<i32> -> tensor_view<?x256xf32, strides=[256,1]>
    %pview = make_partition_view %tview : partition_view<tile=(64x32), padding_value = zero, tensor_view<?x512xf16, strides=[512,1]>>
    %pview_2 = make_partition_view %tview_0 : partition_view<tile=(32x64), tensor_view<512x256xf16, strides=[256,1]>>
    %pview_3 = make_partition_view %tview_1 : partition_view<tile=(64x64), tensor_view<?x256xf32, strides=[256,1]>>
    %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
    %cst_0_f32 = constant <f32: 0.000000e+00> : tile<64x64xf32>
    %cst_0_i32 = constant <i32: 0> : tile<i32>
    %cst_1_i32 = constant <i32: 1> : tile<i32>
    %0:2 = get_index_space_shape %pview : partition_view<tile=(64x32), padding_value = zero, tensor_view<?x512xf16, strides=[512,1]>> -> tile<i32>
    %for = for %loopIdx in (%cst_0_i32 to %0#1, step %cst_1_i32) : tile<i32> iter_values(%iterArg0 = %cst_0_f32) -> (tile<64x64xf32>) {
      %tile, %result_token = load_view_tko weak %pview[%blockId_x, %loopIdx] optimization_hints = <sm_100 = {allow_tma = true}> : partition_view<tile=(64x32), padding_value = zero, tensor_view<?x512xf16, strides=[512,1]>>, tile<i32> -> tile<64x32xf16>, token
      %tile_4, %result_token_5 = load_view_tko weak %pview_2[%loopIdx, %blockId_y] : partition_view<tile=(32x64), tensor_view<512x256xf16, strides=[256,1]>>, tile<i32> -> tile<32x64xf16>, token
      %2 = mmaf %tile, %tile_4, %iterArg0 : tile<64x32xf16>, tile<32x64xf16>, tile<64x64xf32>
      continue %2 : tile<64x64xf32>
    }
    %1 = store_view_tko weak %for, %pview_3[%blockId_x, %blockId_y] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<?x256xf32, strides=[256,1]>>, tile<i32> -> token
    return
  }
  entry @softmax(%arg0: tile<ptr<f32>>, %arg1: tile<ptr<f32>>) {
    %tview = make_tensor_view %arg0, shape = [4096, 256], strides = [256, 1] : tensor_view<4096x256xf32, strides=[256,1]>
    %tview_0 = make_tensor_view %arg1, shape = [4096, 256], strides = [256, 1] : tensor_view<4096x256xf32, strides=[256,1]>
    %pview = make_partition_view %tview : partition_view<tile=(1x256), padding_value = neg_inf, tensor_view<4096x256xf32, strides=[256,1]>>
    %pview_1 = make_partition_view %tview_0 : partition_view<tile=(1x256), tensor_view<4096x256xf32, strides=[256,1]>>
    %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
    %cst_0_i32 = constant <i32: 0> : tile<i32>
    %tile, %result_token = load_view_tko weak %pview[%blockId_x, %cst_0_i32] : partition_view<tile=(1x256), padding_value = neg_inf, tensor_view<4096x256xf32, strides=[256,1]>>, tile<i32> -> tile<1x256xf32>, token
    %reduce = reduce %tile dim=1 identities=[0xFF800000 : f32] : tile<1x256xf32> -> tile<1xf32> 
    (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
      %4 = maxf %reduce_lhs, %reduce_rhs : tile<f32>
      yield %4 : tile<f32>
    }
    %reshape = reshape %reduce : tile<1xf32> -> tile<1x1xf32>
    %bcast = broadcast %reshape : tile<1x1xf32> -> tile<1x256xf32>
    %0 = subf %tile, %bcast  : tile<1x256xf32>
    %1 = exp %0 rounding<approx> : tile<1x256xf32>
    %reduce_2 = reduce %1 dim=1 identities=[0.000000e+00 : f32] : tile<1x256xf32> -> tile<1xf32> 
    (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
      %4 = addf %reduce_lhs, %reduce_rhs  : tile<f32>
      yield %4 : tile<f32>
    }
    %reshape_3 = reshape %reduce_2 : tile<1xf32> -> tile<1x1xf32>
    %bcast_4 = broadcast %reshape_3 : tile<1x1xf32> -> tile<1x256xf32>
    %2 = divf %1, %bcast_4 rounding<approx> flush_to_zero : tile<1x256xf32>
    %3 = store_view_tko weak %2, %pview_1[%blockId_x, %cst_0_i32] : tile<1x256xf32>, partition_view<tile=(1x256), tensor_view<4096x256xf32, strides=[256,1]>>, tile<i32> -> token
    return
  }
  entry @masked_gather(%arg0: tile<ptr<f32>>, %arg1: tile<ptr<i32>>, %arg2: tile<i32>) {
    %0 = iota : tile<128xi32>
    %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
    %cst_128_i32 = constant <i32: 128> : tile<i32>
    %1 = muli %blockId_x, %cst_128_i32 : tile<i32>
    %reshape = reshape %1 : tile<i32> -> tile<1xi32>
    %bcast = broadcast %reshape : tile<1xi32> -> tile<128xi32>
    %2 = addi %bcast, %0 overflow<no_signed_wrap> : tile<128xi32>
    %reshape_0 = reshape %arg2 : tile<i32> -> tile<1xi32>
    %bcast_1 = broadcast %reshape_0 : tile<1xi32> -> tile<128xi32>
    %3 = cmpi less_than %2, %bcast_1, signed : tile<128xi32> -> tile<128xi1>
    %reshape_2 = reshape %arg1 : tile<ptr<i32>> -> tile<1xptr<i32>>
    %bcast_3 = broadcast %reshape_2 : tile<1xptr<i32>> -> tile<128xptr<i32>>
    %4 = offset %bcast_3, %2 : tile<128xptr<i32>>, tile<128xi32> -> tile<128xptr<i32>>
    %cst_0_i32 = constant <i32: 0> : tile<128xi32>
    %result, %result_token = load_ptr_tko weak %4, %3, %cst_0_i32 : tile<128xptr<i32>>, tile<128xi1>, tile<128xi32> -> tile<128xi32>, token
    %reshape_4 = reshape %arg0 : tile<ptr<f32>> -> tile<1xptr<f32>>
    %bcast_5 = broadcast %reshape_4 : tile<1xptr<f32>> -> tile<128xptr<f32>>
    %5 = offset %bcast_5, %result : tile<128xptr<f32>>, tile<128xi32> -> tile<128xptr<f32>>
    %result_6, %result_token_7 = load_ptr_tko weak %5, %3 token=%result_token : tile<128xptr<f32>>, tile<128xi1> -> tile<128xf32>, token
    %6 = exti %3 unsigned : tile<128xi1> -> tile<128xi32>
    %7 = itof %6 signed  : tile<128xi32> -> tile<128xf32>
    %8 = mulf %result_6, %7  : tile<128xf32>
    %result_8, %result_token_9 = atomic_rmw_tko relaxed device %5, addf, %8, %3 token=%result_token_7 : tile<128xptr<f32>>, tile<128xf32>, tile<128xi1> -> tile<128xf32>, token
    return
  }
}
