// RUN: tileport-opt %s | FileCheck %s --check-prefix=PRETTY
// RUN: tileport-opt %s -mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// Ops built generically by name with the ODS attribute names (what a
// bytecode reader does through mlir::OperationState) verify and print in the
// official syntax; the generic form shows the attribute names and kinds.

"cuda_tile.module"() <{sym_name = "kernels"}> ({
  "cuda_tile.entry"() <{function_type = (!cuda_tile.tile<ptr<f32>>, !cuda_tile.tile<i32>) -> (), sym_name = "k"}> ({
  ^bb0(%arg0: !cuda_tile.tile<ptr<f32>>, %arg1: !cuda_tile.tile<i32>):
    %0 = "cuda_tile.constant"() <{value = dense<1.000000e+00> : !cuda_tile.tile<16xf32>}> : () -> !cuda_tile.tile<16xf32>
    %1 = "cuda_tile.addf"(%0, %0) <{rounding_mode = #cuda_tile.rounding<zero>, flush_to_zero}> : (!cuda_tile.tile<16xf32>, !cuda_tile.tile<16xf32>) -> !cuda_tile.tile<16xf32>
    %2 = "cuda_tile.cmpi"(%arg1, %arg1) <{comparison_predicate = #cuda_tile.comparison_predicate<less_than>, signedness = #cuda_tile.signedness<signed>}> : (!cuda_tile.tile<i32>, !cuda_tile.tile<i32>) -> !cuda_tile.tile<i1>
    %3 = "cuda_tile.divi"(%arg1, %arg1) <{signedness = #cuda_tile.signedness<signed>, rounding = #cuda_tile.rounding<negative_inf>}> : (!cuda_tile.tile<i32>, !cuda_tile.tile<i32>) -> !cuda_tile.tile<i32>
    %4 = "cuda_tile.make_tensor_view"(%arg0, %arg1) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (!cuda_tile.tile<ptr<f32>>, !cuda_tile.tile<i32>) -> !cuda_tile.tensor_view<?xf32, strides=[1]>
    %5 = "cuda_tile.make_partition_view"(%4) : (!cuda_tile.tensor_view<?xf32, strides=[1]>) -> !cuda_tile.partition_view<tile=(16), tensor_view<?xf32, strides=[1]>>
    %6:2 = "cuda_tile.load_view_tko"(%5, %arg1) <{memory_ordering_semantics = 1 : i32, memory_scope = 1 : i32, operandSegmentSizes = array<i32: 1, 1, 0>, optimization_hints = #cuda_tile.optimization_hints<sm_100 = {latency = 3 : i32}>}> : (!cuda_tile.partition_view<tile=(16), tensor_view<?xf32, strides=[1]>>, !cuda_tile.tile<i32>) -> (!cuda_tile.tile<16xf32>, !cuda_tile.token)
    %7 = "cuda_tile.store_view_tko"(%1, %5, %arg1, %6#1) <{memory_ordering_semantics = 0 : i32, operandSegmentSizes = array<i32: 1, 1, 1, 1>}> : (!cuda_tile.tile<16xf32>, !cuda_tile.partition_view<tile=(16), tensor_view<?xf32, strides=[1]>>, !cuda_tile.tile<i32>, !cuda_tile.token) -> !cuda_tile.token
    %8 = "cuda_tile.permute"(%0) <{permutation = array<i32: 0>}> : (!cuda_tile.tile<16xf32>) -> !cuda_tile.tile<16xf32>
    %9 = "cuda_tile.assume"(%arg0) <{predicate = #cuda_tile.div_by<16>}> : (!cuda_tile.tile<ptr<f32>>) -> !cuda_tile.tile<ptr<f32>>
    %10 = "cuda_tile.print_tko"(%arg1, %7) <{str = "v=%d", operandSegmentSizes = array<i32: 1, 1>}> : (!cuda_tile.tile<i32>, !cuda_tile.token) -> !cuda_tile.token
    "cuda_tile.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

// PRETTY:      cuda_tile.module @kernels {
// PRETTY-NEXT:   entry @k(%arg0: tile<ptr<f32>>, %arg1: tile<i32>) {
// PRETTY-NEXT:     %cst_1_f32 = constant <f32: 1.000000e+00> : tile<16xf32>
// PRETTY-NEXT:     %0 = addf %cst_1_f32, %cst_1_f32 rounding<zero> flush_to_zero : tile<16xf32>
// PRETTY-NEXT:     %1 = cmpi less_than %arg1, %arg1, signed : tile<i32> -> tile<i1>
// PRETTY-NEXT:     %2 = divi %arg1, %arg1 signed rounding<negative_inf> : tile<i32>
// PRETTY-NEXT:     %tview = make_tensor_view %arg0, shape = [%arg1], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
// PRETTY-NEXT:     %pview = make_partition_view %tview : partition_view<tile=(16), tensor_view<?xf32, strides=[1]>>
// PRETTY-NEXT:     %tile, %result_token = load_view_tko relaxed device %pview[%arg1] optimization_hints = <sm_100 = {latency = 3}> : partition_view<tile=(16), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<16xf32>, token
// PRETTY-NEXT:     %3 = store_view_tko weak %0, %pview[%arg1] token = %result_token : tile<16xf32>, partition_view<tile=(16), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
// PRETTY-NEXT:     %4 = permute %cst_1_f32 [0] : tile<16xf32> -> tile<16xf32>
// PRETTY-NEXT:     %assume = assume div_by<16>, %arg0 : tile<ptr<f32>>
// PRETTY-NEXT:     %5 = print_tko "v=%d", %arg1 token=%3 : tile<i32> -> token
// PRETTY-NEXT:     return
// PRETTY-NEXT:   }
// PRETTY-NEXT: }

// GENERIC: "cuda_tile.addf"(%{{.*}}, %{{.*}}) <{flush_to_zero, rounding_mode = #cuda_tile.rounding<zero>}>
// GENERIC: "cuda_tile.cmpi"(%{{.*}}, %{{.*}}) <{comparison_predicate = #cuda_tile.comparison_predicate<less_than>, signedness = #cuda_tile.signedness<signed>}>
// GENERIC: "cuda_tile.divi"(%{{.*}}, %{{.*}}) <{rounding = #cuda_tile.rounding<negative_inf>, signedness = #cuda_tile.signedness<signed>}>
// GENERIC: "cuda_tile.make_tensor_view"(%{{.*}}, %{{.*}}) <{operandSegmentSizes = array<i32: 1, 1, 0>}>
// GENERIC: "cuda_tile.load_view_tko"(%{{.*}}, %{{.*}}) <{memory_ordering_semantics = 1 : i32, memory_scope = 1 : i32, operandSegmentSizes = array<i32: 1, 1, 0>, optimization_hints = #cuda_tile.optimization_hints<sm_100 = {latency = 3}>}>
// GENERIC: "cuda_tile.store_view_tko"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) <{memory_ordering_semantics = 0 : i32, operandSegmentSizes = array<i32: 1, 1, 1, 1>}>
// GENERIC: "cuda_tile.permute"(%{{.*}}) <{permutation = array<i32: 0>}>
// GENERIC: "cuda_tile.assume"(%{{.*}}) <{predicate = #cuda_tile.div_by<16>}>
// GENERIC: "cuda_tile.print_tko"(%{{.*}}, %{{.*}}) <{operandSegmentSizes = array<i32: 1, 1>, str = "v=%d"}>
