// SPDX-License-Identifier: MIT
// The kir types and ops print as they parse.
// RUN: tileport-kir-opt %s | tileport-kir-opt | FileCheck %s

// CHECK-LABEL: kir.entry @roundtrip
// CHECK-SAME: %arg0: !kir.tensor<!kir.var<0>, 2> {kir.name = "a"}
// CHECK-SAME: %arg1: !kir.tensor<!kir.var<0>, 2, out [BM, 16]> {kir.name = "out"}
// CHECK-SAME: %arg2: !kir.var<1001, scalar> {kir.name = "alpha"}
// CHECK-SAME: const_generics = ["BM"]
kir.entry @roundtrip(%arg0: !kir.tensor<!kir.var<0>, 2> {kir.name = "a"},
                     %arg1: !kir.tensor<!kir.var<0>, 2, out [BM, 16]> {kir.name = "out"},
                     %arg2: !kir.var<1001, scalar> {kir.name = "alpha"})
    attributes {const_generics = ["BM"], python_kernel = "roundtrip"} {
  // CHECK: %[[R:.*]] = kir.bid 0
  %0 = kir.bid 0
  // CHECK: kir.bid 1
  %1 = kir.bid 1
  // CHECK: kir.const_param "BM"
  %2 = kir.const_param "BM"
  // CHECK: kir.load %arg0[%[[R]], %{{.*}}] {padding = "Zero"} : !kir.tensor<!kir.var<0>, 2> -> !kir.tile<[BM, 16], !kir.var<0>>
  %3 = kir.load %arg0[%0, %1] {padding = "Zero"} : !kir.tensor<!kir.var<0>, 2> -> !kir.tile<[BM, 16], !kir.var<0>>
  // CHECK: kir.broadcast %arg2 : !kir.var<1001, scalar> -> !kir.tile<[BM, 16], !kir.var<0>>
  %4 = kir.broadcast %arg2 : !kir.var<1001, scalar> -> !kir.tile<[BM, 16], !kir.var<0>>
  // CHECK: kir.mul
  %5 = kir.mul %3, %4 : !kir.tile<[BM, 16], !kir.var<0>>, !kir.tile<[BM, 16], !kir.var<0>> -> !kir.tile<[BM, 16], !kir.var<0>>
  // CHECK: kir.constant(2.500000e-01 : f64) : !kir.tile<[BM, 16], f32>
  %6 = kir.constant(2.5e-01) : !kir.tile<[BM, 16], f32>
  // CHECK: kir.convert %{{.*}} : !kir.tile<[BM, 16], !kir.var<0>> -> !kir.tile<[BM, 16], f32>
  %7 = kir.convert %5 : !kir.tile<[BM, 16], !kir.var<0>> -> !kir.tile<[BM, 16], f32>
  %8 = kir.add %7, %6 : !kir.tile<[BM, 16], f32>, !kir.tile<[BM, 16], f32> -> !kir.tile<[BM, 16], f32>
  %9 = kir.sub %8, %6 : !kir.tile<[BM, 16], f32>, !kir.tile<[BM, 16], f32> -> !kir.tile<[BM, 16], f32>
  %10 = kir.div %9, %6 : !kir.tile<[BM, 16], f32>, !kir.tile<[BM, 16], f32> -> !kir.tile<[BM, 16], f32>
  %11 = kir.convert %10 : !kir.tile<[BM, 16], f32> -> !kir.tile<[BM, 16], !kir.var<0>>
  // CHECK: kir.store %{{.*}}, %arg1[%[[R]], %{{.*}}] : !kir.tile<[BM, 16], !kir.var<0>>, !kir.tensor<!kir.var<0>, 2, out [BM, 16]>
  kir.store %11, %arg1[%0, %1] : !kir.tile<[BM, 16], !kir.var<0>>, !kir.tensor<!kir.var<0>, 2, out [BM, 16]>
  // CHECK: kir.return
  kir.return
}
