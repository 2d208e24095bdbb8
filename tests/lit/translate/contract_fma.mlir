// SPDX-License-Identifier: MIT
// contract-fma on its own: which sums contract, and which do not.
// RUN: tileport-kir-opt %s --pass-pipeline='builtin.module(kir.entry(kir-contract-fma))' -split-input-file | FileCheck %s

// A single-use product on either side contracts; the left one first.
// CHECK-LABEL: kir.entry @both_sides
// CHECK: %[[F:.*]] = kir.fma %arg0, %arg1, %arg2
// CHECK-NEXT: %[[G:.*]] = kir.fma %arg0, %arg2, %[[F]]
// CHECK-NOT: kir.mul
kir.entry @both_sides(%arg0: !kir.tile<[16], f32> {kir.name = "a"}, %arg1: !kir.tile<[16], f32> {kir.name = "b"}, %arg2: !kir.tile<[16], f32> {kir.name = "c"}) attributes {const_generics = [], python_kernel = "both_sides"} {
  %0 = kir.mul %arg0, %arg1 : !kir.tile<[16], f32>, !kir.tile<[16], f32> -> !kir.tile<[16], f32>
  %1 = kir.add %0, %arg2 : !kir.tile<[16], f32>, !kir.tile<[16], f32> -> !kir.tile<[16], f32>
  %2 = kir.mul %arg0, %arg2 : !kir.tile<[16], f32>, !kir.tile<[16], f32> -> !kir.tile<[16], f32>
  %3 = kir.add %1, %2 : !kir.tile<[16], f32>, !kir.tile<[16], f32> -> !kir.tile<[16], f32>
  kir.return
}

// -----

// A left product with another use stops the contraction, even with a
// contractible right one; integer tiles never contract.
// CHECK-LABEL: kir.entry @stopped
// CHECK: kir.mul
// CHECK: kir.mul
// CHECK: kir.add
// CHECK: kir.mul %arg3, %arg3 : !kir.tile<[16], i32>
// CHECK-NEXT: kir.add
// CHECK-NOT: kir.fma
kir.entry @stopped(%arg0: !kir.tile<[16], f32> {kir.name = "a"}, %arg1: !kir.tile<[16], f32> {kir.name = "b"}, %arg2: !kir.tile<[16], f32> {kir.name = "c"}, %arg3: !kir.tile<[16], i32> {kir.name = "i"}) attributes {const_generics = [], python_kernel = "stopped"} {
  %0 = kir.mul %arg0, %arg1 : !kir.tile<[16], f32>, !kir.tile<[16], f32> -> !kir.tile<[16], f32>
  %1 = kir.mul %arg0, %arg2 : !kir.tile<[16], f32>, !kir.tile<[16], f32> -> !kir.tile<[16], f32>
  %2 = kir.add %0, %1 : !kir.tile<[16], f32>, !kir.tile<[16], f32> -> !kir.tile<[16], f32>
  %3 = kir.sub %0, %arg2 : !kir.tile<[16], f32>, !kir.tile<[16], f32> -> !kir.tile<[16], f32>
  %4 = kir.mul %arg3, %arg3 : !kir.tile<[16], i32>, !kir.tile<[16], i32> -> !kir.tile<[16], i32>
  %5 = kir.add %4, %arg3 : !kir.tile<[16], i32>, !kir.tile<[16], i32> -> !kir.tile<[16], i32>
  kir.return
}
