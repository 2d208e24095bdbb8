// SPDX-License-Identifier: MIT
// Constants move to the top of the entry, merge, and sort by (type, value);
// values are renamed by definition order, block arguments included.
// RUN: tileport ir canon %s | FileCheck %s

cuda_tile.module @kernels {
  entry @k(%n: tile<i32>, %x: tile<f32>) {
    %c9 = constant <i32: 9> : tile<i32>
    %r = for %iv in (%c9 to %n, step %c9) : tile<i32> iter_values(%acc = %x) -> (tile<f32>) {
      %two = constant <f32: 2.000000e+00> : tile<f32>
      %c9b = constant <i32: 9> : tile<i32>
      %c1 = constant <i32: 1> : tile<i32>
      %m = mulf %acc, %two : tile<f32>
      %i = addi %iv, %c9b : tile<i32>
      %j = addi %i, %c1 : tile<i32>
      %t = print_tko "i=%d", %j : tile<i32> -> token
      continue %m : tile<f32>
    }
    %t2 = print_tko "r=%f", %r : tile<f32> -> token
    return
  }
}

// CHECK:      cuda_tile.module @kernels {
// CHECK-NEXT:   entry @k(%arg0: tile<i32>, %arg1: tile<f32>) {
// CHECK-NEXT:     %v0 = constant <f32: 2.000000e+00> : tile<f32>
// CHECK-NEXT:     %v1 = constant <i32: 1> : tile<i32>
// CHECK-NEXT:     %v2 = constant <i32: 9> : tile<i32>
// CHECK-NEXT:     %v3 = for %arg2 in (%v2 to %arg0, step %v2) : tile<i32> iter_values(%arg3 = %arg1) -> (tile<f32>) {
// CHECK-NEXT:       %v4 = mulf %arg3, %v0 : tile<f32>
// CHECK-NEXT:       %v5 = addi %arg2, %v2 : tile<i32>
// CHECK-NEXT:       %v6 = addi %v5, %v1 : tile<i32>
// CHECK-NEXT:       %v7 = print_tko "i=%d", %v6 : tile<i32> -> token
// CHECK-NEXT:       continue %v4 : tile<f32>
// CHECK-NEXT:     }
// CHECK-NEXT:     %v8 = print_tko "r=%f", %v3 : tile<f32> -> token
// CHECK-NEXT:     return
// CHECK-NOT:  constant
