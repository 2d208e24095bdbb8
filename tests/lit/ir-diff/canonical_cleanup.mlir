// SPDX-License-Identifier: MIT
// Defaults, the producer, duplicates and dead side-effect-free ops go; memory
// ops, prints and non-default attributes stay.
// RUN: tileport ir canon %s | FileCheck %s

cuda_tile.module @kernels attributes {producer = "cutile-rs"} {
  entry @k(%a: tile<i32>, %f: tile<f32>) {
    %x = addi %a, %a overflow<none> : tile<i32>
    %y = addi %a, %a : tile<i32>
    %w = muli %x, %y overflow<no_wrap> : tile<i32>
    %dead = subi %w, %a : tile<i32>
    %e = exp %f rounding<full> : tile<f32>
    %g = addf %e, %f rounding<nearest_even> flush_to_zero : tile<f32>
    %h = divf %g, %f rounding<approx> : tile<f32>
    %p = assume div_by<8>, %a : tile<i32>
    %q = divi %p, %a signed rounding<zero> : tile<i32>
    %t1 = print_tko "w=%d q=%d", %w, %q : tile<i32>, tile<i32> -> token
    %t2 = print_tko "h=%f", %h : tile<f32> -> token
    return
  }
}

// CHECK:      cuda_tile.module @kernels {
// CHECK-NEXT:   entry @k(%arg0: tile<i32>, %arg1: tile<f32>) {
// CHECK-NEXT:     %v0 = addi %arg0, %arg0 : tile<i32>
// CHECK-NEXT:     %v1 = muli %v0, %v0 overflow<no_wrap> : tile<i32>
// CHECK-NEXT:     %v2 = exp %arg1 : tile<f32>
// CHECK-NEXT:     %v3 = addf %v2, %arg1 {{ *}}flush_to_zero : tile<f32>
// CHECK-NEXT:     %v4 = divf %v3, %arg1 rounding<approx> : tile<f32>
// CHECK-NEXT:     %v5 = assume div_by<8>, %arg0 : tile<i32>
// CHECK-NEXT:     %v6 = divi %v5, %arg0 signed : tile<i32>
// CHECK-NEXT:     %v7 = print_tko "w=%d q=%d", %v1, %v6 : tile<i32>, tile<i32> -> token
// CHECK-NEXT:     %v8 = print_tko "h=%f", %v4 : tile<f32> -> token
// CHECK-NEXT:     return
