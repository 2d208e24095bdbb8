// SPDX-License-Identifier: MIT
// resolve-dtypes across structure: a loop's init, body argument, yield and
// result are one type; mma ties its operands together and its accumulator
// with its result, not the two pairs with each other.
// RUN: tileport-kir-opt %s --pass-pipeline='builtin.module(kir.entry(kir-resolve-dtypes))' | FileCheck %s

// CHECK-LABEL: kir.entry @carried
// CHECK: kir.for "k" = %{{.*}} to %{{.*}} iter_args(%{{.*}} : !kir.tile<[16], f32>) -> !kir.tile<[16], f32> {
// CHECK-NEXT: ^bb0(%{{.*}}: i32, %[[ACC:.*]]: !kir.tile<[16], f32>):
// CHECK: kir.mma %{{.*}}, %{{.*}}, %[[ACC]] : !kir.tile<[16, 16], !kir.var<0>>, !kir.tile<[16, 16], !kir.var<0>>, !kir.tile<[16, 16], f32>
kir.entry @carried(%arg0: !kir.tensor<!kir.var<0>, 2> {kir.name = "a"}, %arg1: !kir.tensor<!kir.var<1>, 2> {kir.name = "b"}, %arg2: !kir.tensor<f32, 1> {kir.name = "o"}) attributes {const_generics = [], python_kernel = "carried"} {
  %0 = kir.bid 0
  %1 = kir.load %arg2[%0] {padding = "None"} : !kir.tensor<f32, 1> -> !kir.tile<[16], !kir.var<5>>
  %2 = kir.for "k" = %0 to %0 iter_args(%1 : !kir.tile<[16], !kir.var<5>>) -> !kir.tile<[16], !kir.var<5>> {
  ^bb0(%i: i32, %acc: !kir.tile<[16], !kir.var<5>>):
    %3 = kir.add %acc, %acc : !kir.tile<[16], !kir.var<5>>, !kir.tile<[16], !kir.var<5>> -> !kir.tile<[16], !kir.var<5>>
    kir.yield %3 : !kir.tile<[16], !kir.var<5>>
  } {carried = ["acc"]}
  %4 = kir.load %arg0[%0, %0] {padding = "Zero"} : !kir.tensor<!kir.var<0>, 2> -> !kir.tile<[16, 16], !kir.var<0>>
  %5 = kir.load %arg1[%0, %0] {padding = "Zero"} : !kir.tensor<!kir.var<1>, 2> -> !kir.tile<[16, 16], !kir.var<1>>
  %6 = kir.constant(0.0) : !kir.tile<[16, 16], f32>
  %7 = kir.for "j" = %0 to %0 iter_args(%6 : !kir.tile<[16, 16], f32>) -> !kir.tile<[16, 16], f32> {
  ^bb0(%j: i32, %c: !kir.tile<[16, 16], f32>):
    %8 = kir.mma %4, %5, %c : !kir.tile<[16, 16], !kir.var<0>>, !kir.tile<[16, 16], !kir.var<1>>, !kir.tile<[16, 16], f32> -> !kir.tile<[16, 16], f32>
    kir.yield %8 : !kir.tile<[16, 16], f32>
  } {carried = ["c"]}
  kir.return
}
