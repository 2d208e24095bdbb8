// SPDX-License-Identifier: MIT
// RUN: tileport-opt --no-implicit-module %s | grep -v '^$' > %t.printed
// RUN: grep -v '^//' %s | grep -v '^$' | diff -u - %t.printed
// RUN: tileport-opt --no-implicit-module %t.printed | grep -v '^$' | diff -u %t.printed -
// assume predicates, assert, print_tko, grid queries (§3.9), reduce/scan
// bodies and the three MMA ops (§3.8).

cuda_tile.module @misc {
  entry @facts(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i1>) {
    %assume = assume div_by<16>, %arg0 : tile<ptr<f32>>
    %assume_0 = assume bounded<0, ?>, %arg1 : tile<i32>
    %assume_assume = assume bounded<?, 42>, %assume_0 : tile<i32>
    %assume_1 = assume bounded<-4, 7>, %arg1 : tile<i32>
    %assume_2 = assume bounded<?, ?>, %arg1 : tile<i32>
    %0 = iota : tile<128xi32>
    %assume_3 = assume div_by<4, every 4 along 0>, %0 : tile<128xi32>
    %assume_4 = assume same_elements<[4]>, %0 : tile<128xi32>
    %assume_5 = assume same_elements<[]>, %arg1 : tile<i32>
    %tview = make_tensor_view %assume, shape = [%arg1], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %assume_tview = assume div_by<16>, %tview : tensor_view<?xf32, strides=[1]>
    assert %arg2, "oops" : tile<i1>
    assert %arg2, "line\0Anext \22quoted\22" : tile<i1>
    %1 = print_tko "hi" -> token
    %2 = print_tko "x=%f, y=%i\0A", %arg1, %arg1 token=%1 : tile<i32>, tile<i32> -> token
    %3 = print_tko "t" token=%2 -> token
    %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
    %gridSize_x, %gridSize_y, %gridSize_z = get_num_tile_blocks : tile<i32>
    return
  }
  entry @reductions(%arg0: tile<ptr<f32>>) {
    %cst_1_f32 = constant <f32: 1.000000e+00> : tile<8x16xf32>
    %0 = iota : tile<8xi32>
    %reduce = reduce %cst_1_f32 dim=1 identities=[0.000000e+00 : f32] : tile<8x16xf32> -> tile<8xf32> 
    (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
      %2 = addf %reduce_lhs, %reduce_rhs  : tile<f32>
      yield %2 : tile<f32>
    }
    %reduce_0:2 = reduce %0, %0 dim=0 identities=[-2147483648 : i32, 0 : i32] : tile<8xi32>, tile<8xi32> -> tile<i32>, tile<i32> 
    (%reduce_lhs0: tile<i32>, %reduce_rhs0: tile<i32>, %reduce_lhs1: tile<i32>, %reduce_rhs1: tile<i32>) {
      %2 = maxi %reduce_lhs0, %reduce_rhs0 signed : tile<i32>
      %3 = addi %reduce_lhs1, %reduce_rhs1 : tile<i32>
      yield %2, %3 : tile<i32>, tile<i32>
    }
    %1 = scan %cst_1_f32 dim=1 reverse=false identities=[1.000000e+00 : f32] : tile<8x16xf32> -> tile<8x16xf32> 
    (%arg1: tile<f32>, %arg2: tile<f32>) {
      %2 = mulf %arg1, %arg2  : tile<f32>
      yield %2 : tile<f32>
    }
    return
  }
  entry @mma(%arg0: tile<i32>) {
    %cst_1_f8E4M3FN = constant <f8E4M3FN: 1.000000e+00> : tile<4x8xf8E4M3FN>
    %cst_1_f8E4M3FN_0 = constant <f8E4M3FN: 1.000000e+00> : tile<8x16xf8E4M3FN>
    %cst_0_f32 = constant <f32: 0.000000e+00> : tile<4x16xf32>
    %0 = mmaf %cst_1_f8E4M3FN, %cst_1_f8E4M3FN_0, %cst_0_f32 fast_acc : tile<4x8xf8E4M3FN>, tile<8x16xf8E4M3FN>, tile<4x16xf32>
    %1 = mmaf %cst_1_f8E4M3FN, %cst_1_f8E4M3FN_0, %0 : tile<4x8xf8E4M3FN>, tile<8x16xf8E4M3FN>, tile<4x16xf32>
    %cst_1_i8 = constant <i8: 1> : tile<4x8xi8>
    %cst_1_i8_1 = constant <i8: 1> : tile<8x16xi8>
    %cst_0_i32 = constant <i32: 0> : tile<4x16xi32>
    %2 = mmai %cst_1_i8, %cst_1_i8_1, %cst_0_i32 signed unsigned : tile<4x8xi8>, tile<8x16xi8>, tile<4x16xi32>
    %cst_1_f8E5M2 = constant <f8E5M2: 1.000000e+00> : tile<128x128xf8E5M2>
    %cst_0_f32_2 = constant <f32: 0.000000e+00> : tile<128x128xf32>
    %cst_1_f8E8M0FNU = constant <f8E8M0FNU: 1.000000e+00> : tile<128x4xf8E8M0FNU>
    %cst_1_f8E8M0FNU_3 = constant <f8E8M0FNU: 1.000000e+00> : tile<4x128xf8E8M0FNU>
    %3 = mmaf_scaled %cst_1_f8E5M2, %cst_1_f8E5M2, %cst_0_f32_2, %cst_1_f8E8M0FNU, %cst_1_f8E8M0FNU_3 : tile<128x128xf8E5M2>, tile<128x128xf8E5M2>, tile<128x128xf32>, tile<128x4xf8E8M0FNU>, tile<4x128xf8E8M0FNU>
    return
  }
}
