// SPDX-License-Identifier: MIT
// RUN: tileport-opt --no-implicit-module %s | grep -v '^$' > %t.printed
// RUN: grep -v '^//' %s | grep -v '^$' | diff -u - %t.printed
// RUN: tileport-opt --no-implicit-module %t.printed | grep -v '^$' | diff -u %t.printed -
// Module, globals, entries and control flow (§3.1, §3.2): implicit
// terminators, early exits, loop-carried values, if with and without else.

cuda_tile.module @control attributes {producer = "tileport-test"} {
  global  @table <f32: [1.000000e+00, 2.000000e+00]> : tile<2xf32>
  global private constant @consts alignment = 128 <i32: [1, 2, 3, 4]> : tile<4xi32>
  global  @zeros alignment = 16 <f16: 0.000000e+00> : tile<8xf16>
  entry @empty() {
    return
  }
  entry @loops(%arg0: tile<i32>, %arg1: tile<f32>) optimization_hints=<sm_100 = {num_cta_in_cga = 2}, sm_120 = {num_cta_in_cga = 2, occupancy = 2}> {
    %cst_0_i32 = constant <i32: 0> : tile<i32>
    %cst_1_i32 = constant <i32: 1> : tile<i32>
    %for = for %loopIdx in (%cst_0_i32 to %arg0, step %cst_1_i32) : tile<i32> iter_values(%iterArg0 = %arg1) -> (tile<f32>) {
      %2 = addf %iterArg0, %iterArg0  : tile<f32>
      continue %2 : tile<f32>
    }
    for unsigned %loopIdx in (%cst_0_i32 to %arg0, step %cst_1_i32) : tile<i32> {
    }
    %for_0:2 = for %loopIdx in (%cst_0_i32 to %arg0, step %cst_1_i32) : tile<i32> iter_values(%iterArg0 = %arg1, %iterArg1 = %cst_0_i32) -> (tile<f32>, tile<i32>) {
      %2 = cmpi equal %loopIdx, %cst_1_i32, signed : tile<i32> -> tile<i1>
      %3 = if %2 -> (tile<f32>) {
        continue %iterArg0, %loopIdx : tile<f32>, tile<i32>
      } else {
        yield %iterArg0 : tile<f32>
      }
      continue %3, %iterArg1 : tile<f32>, tile<i32>
    }
    %0 = loop iter_values(%arg2 = %cst_0_i32) : tile<i32> -> tile<f32> {
      %2 = cmpi greater_than %arg2, %arg0, signed : tile<i32> -> tile<i1>
      if %2 {
        break %arg1 : tile<f32>
      }
      %3 = addi %arg2, %cst_1_i32 : tile<i32>
      continue %3 : tile<i32>
    }
    %1 = loop : tile<i32> {
      break %cst_0_i32 : tile<i32>
    }
    loop {
      break
    }
    return
  }
  entry @branches(%arg0: tile<i1>, %arg1: tile<f32>, %arg2: tile<i32>) {
    if %arg0 {
    }
    if %arg0 {
      return
    }
    if %arg0 {
    } else {
    }
    %0:2 = if %arg0 -> (tile<f32>, tile<i32>) {
      yield %arg1, %arg2 : tile<f32>, tile<i32>
    } else {
      %3 = negf %arg1 : tile<f32>
      yield %3, %arg2 : tile<f32>, tile<i32>
    }
    %1 = get_global @table : tile<ptr<f32>>
    %2 = get_global @consts : tile<ptr<i32>>
    return
  }
}
