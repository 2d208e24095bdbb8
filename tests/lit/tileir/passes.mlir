// RUN: tileport-opt %s --no-implicit-module --cse | FileCheck %s --check-prefix=CSE
// RUN: tileport-opt %s --no-implicit-module --canonicalize | FileCheck %s --check-prefix=CANON
// RUN: tileport-opt %s --no-implicit-module --symbol-dce | FileCheck %s --check-prefix=DCE
// The builtin clean-up passes see the right traits: pure ops are merged and
// erased, memory ops, assert and print_tko stay, constants are hoisted and
// de-duplicated, private unused globals go away.

cuda_tile.module @passes {
  global private @unused <f32: [1.000000e+00, 2.000000e+00]> : tile<2xf32>
  global private @used <f32: [3.000000e+00, 4.000000e+00]> : tile<2xf32>
  global @exported <f32: [5.000000e+00, 6.000000e+00]> : tile<2xf32>
  entry @k(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i1>) {
    %0 = get_global @used : tile<ptr<f32>>
    %c1 = constant <i32: 1> : tile<i32>
    %a = addi %arg1, %c1 : tile<i32>
    %b = addi %arg1, %c1 : tile<i32>
    %dead = muli %a, %b : tile<i32>
    %dead_view = make_tensor_view %arg0, shape = [16], strides = [1] : tensor_view<16xf32, strides=[1]>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c1_again = constant <i32: 1> : tile<i32>
    %s = addi %b, %c1_again : tile<i32>
    %p = assume div_by<16>, %arg0 : tile<ptr<f32>>
    %q = assume div_by<16>, %p : tile<ptr<f32>>
    %tv = make_tensor_view %q, shape = [16], strides = [1] : tensor_view<16xf32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(16), tensor_view<16xf32, strides=[1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %t, %tok = load_view_tko weak %pv[%c0] : partition_view<tile=(16), tensor_view<16xf32, strides=[1]>>, tile<i32> -> tile<16xf32>, token
    %unused_tile, %unused_tok = load_view_tko weak %pv[%c0] : partition_view<tile=(16), tensor_view<16xf32, strides=[1]>>, tile<i32> -> tile<16xf32>, token
    %tok2 = store_view_tko weak %t, %pv[%c0] token = %tok : tile<16xf32>, partition_view<tile=(16), tensor_view<16xf32, strides=[1]>>, tile<i32> -> token
    %tok3 = print_tko "%d", %s : tile<i32> -> token
    assert %arg2, "checked" : tile<i1>
    return
  }
}

// CSE removes the duplicate addi and constant and the unused pure ops
// (muli, make_tensor_view, get_tile_block_id, get_global); the second,
// unused load and the print/assert stay.
// CSE-LABEL: entry @k
// CSE-NEXT:    %cst_1_i32 = constant <i32: 1> : tile<i32>
// CSE-NEXT:    %0 = addi %arg1, %cst_1_i32 : tile<i32>
// CSE-NEXT:    %1 = addi %0, %cst_1_i32 : tile<i32>
// CSE-NEXT:    %assume = assume div_by<16>, %arg0 : tile<ptr<f32>>
// CSE-NEXT:    %assume_assume = assume div_by<16>, %assume : tile<ptr<f32>>
// CSE-NEXT:    %tview = make_tensor_view %assume_assume, shape = [16], strides = [1] : tensor_view<16xf32, strides=[1]>
// CSE-NEXT:    %pview = make_partition_view %tview : partition_view<tile=(16), tensor_view<16xf32, strides=[1]>>
// CSE-NEXT:    %cst_0_i32 = constant <i32: 0> : tile<i32>
// CSE-NEXT:    %tile, %result_token = load_view_tko weak %pview[%cst_0_i32] : {{.*}} -> tile<16xf32>, token
// CSE-NEXT:    %tile_0, %result_token_1 = load_view_tko weak %pview[%cst_0_i32] : {{.*}} -> tile<16xf32>, token
// CSE-NEXT:    %2 = store_view_tko weak %tile, %pview[%cst_0_i32] token = %result_token : {{.*}} -> token
// CSE-NEXT:    %3 = print_tko "%d", %1 : tile<i32> -> token
// CSE-NEXT:    assert %arg2, "checked" : tile<i1>
// CSE-NEXT:    return

// The canonicalizer hoists and de-duplicates the constants, folds the
// repeated assume and erases dead pure ops; memory ops stay.
// CANON-LABEL: entry @k
// CANON-NEXT:  %cst_0_i32 = constant <i32: 0> : tile<i32>
// CANON-NEXT:  %cst_1_i32 = constant <i32: 1> : tile<i32>
// CANON-NEXT:  %0 = addi %arg1, %cst_1_i32 : tile<i32>
// CANON-NEXT:  %1 = addi %0, %cst_1_i32 : tile<i32>
// CANON-NEXT:  %assume = assume div_by<16>, %arg0 : tile<ptr<f32>>
// CANON-NEXT:  %tview = make_tensor_view %assume, shape = [16], strides = [1]
// CANON-NEXT:  %pview = make_partition_view %tview
// CANON-NEXT:  %tile, %result_token = load_view_tko weak %pview[%cst_0_i32]
// CANON-NEXT:  %tile_0, %result_token_1 = load_view_tko weak %pview[%cst_0_i32]
// CANON-NEXT:  %2 = store_view_tko weak %tile, %pview[%cst_0_i32] token = %result_token
// CANON-NEXT:  %3 = print_tko "%d", %1 : tile<i32> -> token
// CANON-NEXT:  assert %arg2, "checked" : tile<i1>
// CANON-NEXT:  return

// symbol-dce drops the private global nobody references.
// DCE-NOT:   @unused
// DCE:       global private @used
// DCE:       global  @exported
// DCE:       get_global @used
// DCE-NOT:   @unused
