// SPDX-License-Identifier: MIT
// split-loops: a step-1 loop whose body has one top-level kir.if on the
// loop variable against an invariant becomes two loops, each with the arm
// its iterations take; `>`/`<=` split at bound + 1; a constants-only part
// of an `and` keeps an `if` around the split, with the plain loop in its
// else arm; two candidate ifs split nothing.
// RUN: tileport-kir-opt %s --pass-pipeline='builtin.module(kir.entry(kir-split-loops))' | FileCheck %s

// CHECK-LABEL: kir.entry @less
// CHECK: %[[STOP:.*]] = kir.minimum %[[HI:.*]], %[[ROW:.*]] : i32, i32 -> i32
// CHECK-NEXT: %[[START:.*]] = kir.maximum %[[LO:.*]], %[[ROW]] : i32, i32 -> i32
// CHECK-NEXT: %[[FIRST:.*]] = kir.for "j" = %[[LO]] to %[[STOP]] iter_args
// CHECK-NOT: kir.if
// CHECK: kir.neg
// CHECK: %[[SECOND:.*]] = kir.for "j" = %[[START]] to %[[HI]] iter_args(%[[FIRST]]
// CHECK-NOT: kir.if
// CHECK-NOT: kir.neg
// CHECK: kir.return
kir.entry @less(%arg0: !kir.tensor<f32, 1> {kir.name = "x"}) attributes {const_generics = [], python_kernel = "less"} {
  %row = kir.bid 0 {kir.name = "row"}
  %lo = kir.constant(0 : i64) : i32
  %hi = kir.constant(8 : i64) : i32
  %init = kir.load %arg0[%row] {padding = "None"} : !kir.tensor<f32, 1> -> !kir.tile<[16], f32>
  %r = kir.for "j" = %lo to %hi iter_args(%init : !kir.tile<[16], f32>) -> !kir.tile<[16], f32> {
  ^bb0(%j: i32, %acc: !kir.tile<[16], f32>):
    %c = kir.cmp "lt" %j, %row : i32, i32 -> i1
    %v = kir.if %c carrying(%acc : !kir.tile<[16], f32>) -> !kir.tile<[16], f32> {
      %n = kir.neg %acc {kir.name = "acc"} : !kir.tile<[16], f32> -> !kir.tile<[16], f32>
      kir.yield %n : !kir.tile<[16], f32>
    } else {
      kir.yield %acc : !kir.tile<[16], f32>
    } {carried = ["acc"], fresh = []}
    kir.yield %v : !kir.tile<[16], f32>
  } {carried = ["acc"]}
  kir.return
}

// CHECK-LABEL: kir.entry @guarded
// CHECK: %[[M:.*]] = kir.const_param "MASKED"
// CHECK-NEXT: %[[C:.*]] = kir.truth %[[M]]
// CHECK-NEXT: kir.if %[[C]] carrying
// CHECK: %[[AT:.*]] = kir.add %{{.*}}, %{{.*}} {kir.bind} : i32, i32 -> i32
// CHECK-NEXT: kir.minimum %{{.*}}, %[[AT]]
// CHECK-NEXT: kir.maximum %{{.*}}, %[[AT]]
// CHECK: kir.for "j"
// CHECK: kir.for "j"
// CHECK: } else {
// CHECK-NEXT: kir.for "j"
// CHECK: kir.if
kir.entry @guarded(%arg0: !kir.tensor<f32, 1> {kir.name = "x"}) attributes {const_generics = ["MASKED"], python_kernel = "guarded"} {
  %row = kir.bid 0 {kir.name = "row"}
  %lo = kir.constant(0 : i64) : i32
  %hi = kir.constant(8 : i64) : i32
  %init = kir.load %arg0[%row] {padding = "None"} : !kir.tensor<f32, 1> -> !kir.tile<[16], f32>
  %r = kir.for "j" = %lo to %hi iter_args(%init : !kir.tile<[16], f32>) -> !kir.tile<[16], f32> {
  ^bb0(%j: i32, %acc: !kir.tile<[16], f32>):
    %m = kir.const_param "MASKED"
    %t = kir.truth %m
    %c = kir.cmp "gt" %j, %row : i32, i32 -> i1
    %both = kir.logical_and %t, %c
    %v = kir.if %both carrying(%acc : !kir.tile<[16], f32>) -> !kir.tile<[16], f32> {
      %n = kir.neg %acc {kir.name = "acc"} : !kir.tile<[16], f32> -> !kir.tile<[16], f32>
      kir.yield %n : !kir.tile<[16], f32>
    } else {
      kir.yield %acc : !kir.tile<[16], f32>
    } {carried = ["acc"], fresh = []}
    kir.yield %v : !kir.tile<[16], f32>
  } {carried = ["acc"]}
  kir.return
}

// CHECK-LABEL: kir.entry @two
// CHECK: kir.for "j"
// CHECK: kir.if
// CHECK: kir.if
// CHECK-NOT: kir.for
kir.entry @two(%arg0: !kir.tensor<f32, 1> {kir.name = "x"}) attributes {const_generics = [], python_kernel = "two"} {
  %row = kir.bid 0 {kir.name = "row"}
  %lo = kir.constant(0 : i64) : i32
  %hi = kir.constant(8 : i64) : i32
  %init = kir.load %arg0[%row] {padding = "None"} : !kir.tensor<f32, 1> -> !kir.tile<[16], f32>
  %r = kir.for "j" = %lo to %hi iter_args(%init : !kir.tile<[16], f32>) -> !kir.tile<[16], f32> {
  ^bb0(%j: i32, %acc: !kir.tile<[16], f32>):
    %c = kir.cmp "lt" %j, %row : i32, i32 -> i1
    %v = kir.if %c carrying(%acc : !kir.tile<[16], f32>) -> !kir.tile<[16], f32> {
      %n = kir.neg %acc {kir.name = "acc"} : !kir.tile<[16], f32> -> !kir.tile<[16], f32>
      kir.yield %n : !kir.tile<[16], f32>
    } else {
      kir.yield %acc : !kir.tile<[16], f32>
    } {carried = ["acc"], fresh = []}
    %d = kir.cmp "ge" %j, %row : i32, i32 -> i1
    %w = kir.if %d carrying(%v : !kir.tile<[16], f32>) -> !kir.tile<[16], f32> {
      %n = kir.neg %v {kir.name = "acc"} : !kir.tile<[16], f32> -> !kir.tile<[16], f32>
      kir.yield %n : !kir.tile<[16], f32>
    } else {
      kir.yield %v : !kir.tile<[16], f32>
    } {carried = ["acc"], fresh = []}
    kir.yield %w : !kir.tile<[16], f32>
  } {carried = ["acc"]}
  kir.return
}
