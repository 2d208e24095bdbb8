// SPDX-License-Identifier: MIT
// resolve-dtypes: variables tied by ops unify; the earlier array variable
// is kept, a scalar variable takes what it meets, concrete types win.
// RUN: tileport-kir-opt %s --pass-pipeline='builtin.module(kir.entry(kir-resolve-dtypes))' -split-input-file -verify-diagnostics | FileCheck %s

// Two arrays' variables meet in an add: both become var<0>, the earlier.
// CHECK-LABEL: kir.entry @two_arrays
// CHECK-SAME: !kir.tensor<!kir.var<0>, 1>
// CHECK-SAME: !kir.tensor<!kir.var<0>, 1>
// CHECK: kir.add {{.*}} -> !kir.tile<[16], !kir.var<0>>
kir.entry @two_arrays(%arg0: !kir.tensor<!kir.var<0>, 1> {kir.name = "a"}, %arg1: !kir.tensor<!kir.var<1>, 1> {kir.name = "b"}) attributes {const_generics = [], python_kernel = "two_arrays"} {
  %0 = kir.bid 0
  %1 = kir.load %arg0[%0] {padding = "None"} : !kir.tensor<!kir.var<0>, 1> -> !kir.tile<[16], !kir.var<0>>
  %2 = kir.load %arg1[%0] {padding = "None"} : !kir.tensor<!kir.var<1>, 1> -> !kir.tile<[16], !kir.var<1>>
  %3 = kir.add %2, %1 : !kir.tile<[16], !kir.var<1>>, !kir.tile<[16], !kir.var<0>> -> !kir.tile<[16], !kir.var<1>>
  kir.return
}

// -----

// A scalar variable broadcast into an f32 product becomes f32, and so does
// its parameter.
// CHECK-LABEL: kir.entry @scalar
// CHECK-SAME: %arg1: f32 {kir.name = "alpha"}
// CHECK: kir.broadcast %arg1 : f32 -> !kir.tile<[16], f32>
kir.entry @scalar(%arg0: !kir.tensor<f32, 1> {kir.name = "a"}, %arg1: !kir.var<1001, scalar> {kir.name = "alpha"}) attributes {const_generics = [], python_kernel = "scalar"} {
  %0 = kir.bid 0
  %1 = kir.load %arg0[%0] {padding = "None"} : !kir.tensor<f32, 1> -> !kir.tile<[16], f32>
  %2 = kir.broadcast %arg1 : !kir.var<1001, scalar> -> !kir.tile<[16], !kir.var<1001, scalar>>
  %3 = kir.mul %1, %2 : !kir.tile<[16], f32>, !kir.tile<[16], !kir.var<1001, scalar>> -> !kir.tile<[16], f32>
  kir.return
}

// -----

// An array variable stored from an f32 tile becomes f32: the entry loses
// that generic.
// CHECK-LABEL: kir.entry @stored
// CHECK-SAME: %arg1: !kir.tensor<f32, 1>
kir.entry @stored(%arg0: !kir.tensor<f32, 1> {kir.name = "a"}, %arg1: !kir.tensor<!kir.var<0>, 1> {kir.name = "o"}) attributes {const_generics = [], python_kernel = "stored"} {
  %0 = kir.bid 0
  %1 = kir.load %arg0[%0] {padding = "None"} : !kir.tensor<f32, 1> -> !kir.tile<[16], f32>
  kir.store %1, %arg1[%0] : !kir.tile<[16], f32>, !kir.tensor<!kir.var<0>, 1>
  kir.return
}

// -----

// A variable tied to f32 by one op and to f16 by another is an error at
// the second.
kir.entry @conflict(%arg0: !kir.tensor<f32, 1> {kir.name = "a"}, %arg1: !kir.tensor<f16, 1> {kir.name = "b"}) attributes {const_generics = [], python_kernel = "conflict"} {
  %0 = kir.bid 0
  %1 = kir.load %arg0[%0] {padding = "None"} : !kir.tensor<f32, 1> -> !kir.tile<[16], !kir.var<0>>
  // expected-error @+1 {{a f16 value meets a f32 value}}
  %2 = kir.load %arg1[%0] {padding = "None"} : !kir.tensor<f16, 1> -> !kir.tile<[16], !kir.var<0>>
  kir.return
}

// -----

// A power ties its operands like any element-wise op; an atomic ties its
// update, its array and its old values: the f32 exponent fixes the base's
// array, and the f32 array fixes the update's.
// CHECK-LABEL: kir.entry @pow_atomic
// CHECK-SAME: %arg0: !kir.tensor<f32, 1>
// CHECK-SAME: %arg2: !kir.tensor<f32, 1>
// CHECK: kir.pow {{.*}} -> !kir.tile<[16], f32>
// CHECK: kir.atomic_rmw "add" {{.*}} : !kir.tile<[16], f32>, !kir.tensor<f32, 1>, {{.*}} -> !kir.tile<[16], f32>
kir.entry @pow_atomic(%arg0: !kir.tensor<!kir.var<0>, 1> {kir.name = "a"}, %arg1: !kir.tensor<f32, 1> {kir.name = "e"}, %arg2: !kir.tensor<!kir.var<1>, 1> {kir.name = "out"}, %arg3: !kir.tensor<f32, 1> {kir.name = "total"}) attributes {const_generics = [], python_kernel = "pow_atomic"} {
  %0 = kir.bid 0
  %1 = kir.load %arg0[%0] {padding = "None"} : !kir.tensor<!kir.var<0>, 1> -> !kir.tile<[16], !kir.var<0>>
  %2 = kir.load %arg1[%0] {padding = "None"} : !kir.tensor<f32, 1> -> !kir.tile<[16], f32>
  %3 = kir.pow %1, %2 : !kir.tile<[16], !kir.var<0>>, !kir.tile<[16], f32> -> !kir.tile<[16], !kir.var<0>>
  %4 = kir.load %arg2[%0] {padding = "None"} : !kir.tensor<!kir.var<1>, 1> -> !kir.tile<[16], !kir.var<1>>
  %5 = kir.iota : !kir.tile<[16], i32>
  %6 = kir.convert %5 : !kir.tile<[16], i32> -> !kir.tile<[16], ui64>
  %7 = kir.atomic_rmw "add" %4, %arg3[%6] {ordering = "AcqRel", scope = "Device"} : !kir.tile<[16], !kir.var<1>>, !kir.tensor<f32, 1>, !kir.tile<[16], ui64> -> !kir.tile<[16], !kir.var<1>>
  kir.return
}
