// RUN: tileport-opt %s --no-implicit-module | FileCheck %s --strict-whitespace
// RUN: tileport-opt %s --no-implicit-module | tileport-opt --no-implicit-module | FileCheck %s --strict-whitespace
// Accepted spellings that are not the printed form: the `cuda_tile.` prefix
// inside bodies, long-form `!cuda_tile.` types, explicit default modifiers,
// spaced `token = ` / `dim_map=[...]`, full attribute names in assume,
// and constants written element by element. All print in the short form.

cuda_tile.module @forms {
  cuda_tile.global public @g <i32: [7, 7]> : !cuda_tile.tile<2xi32>
  cuda_tile.entry @k(%arg0: !cuda_tile.tile<!cuda_tile.ptr<f32>>, %arg1: !cuda_tile.tile<i32>, %arg2: !cuda_tile.token) {
    %2 = cuda_tile.constant <f32: [1.0, 1.0, 1.0, 1.0]> : tile<4xf32>
    %0 = cuda_tile.addi %arg1, %arg1 overflow<none> : !cuda_tile.tile<i32>
    %1 = cuda_tile.addf %2, %2 rounding<nearest_even> : tile<4xf32>
    %3 = divi %0, %0 signed rounding<zero> : tile<i32>
    %4 = exp %1 rounding<full> : tile<4xf32>
    %5 = ftoi %4 signed rounding<nearest_int_to_zero> : tile<4xf32> -> tile<4xi32>
    %6 = constant <i32: [42]> : tile<1xi32>
    %7 = constant <i32: 2147483648> : tile<i32>
    %8 = constant <i8: 255> : tile<i8>
    %9 = constant <i1: -1> : tile<i1>
    %10 = constant <f32: 0x3F800000> : tile<f32>
    %11 = assume #cuda_tile.div_by<16>, %arg0 : tile<ptr<f32>>
    %12 = assume #cuda_tile.bounded<0, ?>, %arg1 : tile<i32>
    %13 = maxf %1, %1 propagate_nan flush_to_zero : tile<4xf32>
    %14 = ftof %1 rounding<nearest_even> : tile<4xf32> -> tile<4xf16>
    %15 = tanh %1 rounding<full> : tile<4xf32>
    %16 = negi %0 overflow<none> : tile<i32>
    %tv = make_tensor_view %11, shape = [16, 16], strides = [16, 1] : !cuda_tile.tensor_view<16x16xf32, strides=[ 16 , 1 ]>
    %pv = make_partition_view %tv : !cuda_tile.partition_view<tile=(4x4), tensor_view<16x16xf32, strides=[16,1]>, dim_map = [0, 1]>
    %pv2 = make_partition_view %tv : partition_view<tile=(4x4), tensor_view<16x16xf32, strides=[16,1]>, dim_map=[ 1,0 ]>
    %t, %tok = load_view_tko weak %pv[%arg1, %arg1] token=%arg2 : partition_view<tile=(4x4), tensor_view<16x16xf32, strides=[16,1]>>, tile<i32>, tile<i32> -> tile<4x4xf32>, token
    %r, %rtok = load_ptr_tko weak %arg0 token = %arg2 : tile<ptr<f32>> -> tile<f32>, !cuda_tile.token
    %17 = cuda_tile.make_token : !cuda_tile.token
    cuda_tile.return
  }
}

// CHECK-LABEL: {{^}}cuda_tile.module @forms {
// CHECK-NEXT: {{^}}  global  @g <i32: 7> : tile<2xi32>
// CHECK-NEXT: {{^}}  entry @k(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: token) {
// CHECK-NEXT: {{^}}    %cst_1_f32 = constant <f32: 1.000000e+00> : tile<4xf32>
// CHECK-NEXT: {{^}}    %0 = addi %arg1, %arg1 : tile<i32>
// CHECK-NEXT: {{^}}    %1 = addf %cst_1_f32, %cst_1_f32  : tile<4xf32>
// CHECK-NEXT: {{^}}    %2 = divi %0, %0 signed : tile<i32>
// CHECK-NEXT: {{^}}    %3 = exp %1  : tile<4xf32>
// CHECK-NEXT: {{^}}    %4 = ftoi %3 signed  : tile<4xf32> -> tile<4xi32>
// CHECK-NEXT: {{^}}    %cst_42_i32 = constant <i32: 42> : tile<1xi32>
// CHECK-NEXT: {{^}}    %cst_-2147483648_i32 = constant <i32: -2147483648> : tile<i32>
// CHECK-NEXT: {{^}}    %cst_-1_i8 = constant <i8: -1> : tile<i8>
// CHECK-NEXT: {{^}}    %true = constant <i1: true> : tile<i1>
// CHECK-NEXT: {{^}}    %cst_1_f32_0 = constant <f32: 1.000000e+00> : tile<f32>
// CHECK-NEXT: {{^}}    %assume = assume div_by<16>, %arg0 : tile<ptr<f32>>
// CHECK-NEXT: {{^}}    %assume_1 = assume bounded<0, ?>, %arg1 : tile<i32>
// CHECK-NEXT: {{^}}    %5 = maxf %1, %1 flush_to_zero propagate_nan : tile<4xf32>
// CHECK-NEXT: {{^}}    %6 = ftof %1  : tile<4xf32> -> tile<4xf16>
// CHECK-NEXT: {{^}}    %7 = tanh %1  : tile<4xf32>
// CHECK-NEXT: {{^}}    %8 = negi %0 : tile<i32>
// CHECK-NEXT: {{^}}    %tview = make_tensor_view %assume, shape = [16, 16], strides = [16, 1] : tensor_view<16x16xf32, strides=[16,1]>
// CHECK-NEXT: {{^}}    %pview = make_partition_view %tview : partition_view<tile=(4x4), tensor_view<16x16xf32, strides=[16,1]>>
// CHECK-NEXT: {{^}}    %pview_2 = make_partition_view %tview : partition_view<tile=(4x4), tensor_view<16x16xf32, strides=[16,1]>, dim_map=[1, 0]>
// CHECK-NEXT: {{^}}    %tile, %result_token = load_view_tko weak %pview[%arg1, %arg1] token = %arg2 : partition_view<tile=(4x4), tensor_view<16x16xf32, strides=[16,1]>>, tile<i32> -> tile<4x4xf32>, token
// CHECK-NEXT: {{^}}    %result, %result_token_3 = load_ptr_tko weak %arg0 token=%arg2 : tile<ptr<f32>> -> tile<f32>, token
// CHECK-NEXT: {{^}}    %9 = make_token : token
// CHECK-NEXT: {{^}}    return
// CHECK-NEXT: {{^}}  }
// CHECK-NEXT: {{^}}}
