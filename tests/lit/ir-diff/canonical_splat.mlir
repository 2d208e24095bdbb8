// SPDX-License-Identifier: MIT
// A literal written at rank 0 and brought to the shape (reshape, broadcast:
// cuTile Python's form) and one made at the shape (cutile's) are one
// constant after canonicalization; a non-splat constant is left alone. An
// int constant converted to float is that float when it is exact (16777217
// is not, in f32: it stays an itof).
// RUN: tileport ir canon %s | FileCheck %s

cuda_tile.module @kernels {
  entry @k(%a: tile<f32>) {
    %a1 = reshape %a : tile<f32> -> tile<1xf32>
    %x = broadcast %a1 : tile<1xf32> -> tile<256xf32>
    %i = iota : tile<256xi32>
    %k = constant <i32: 7> : tile<256xi32>
    %c = cmpi less_than %i, %k, signed : tile<256xi32> -> tile<256xi1>
    %z = constant <f32: 0.000000e+00> : tile<f32>
    %r = reshape %z : tile<f32> -> tile<1xf32>
    %b = broadcast %r : tile<1xf32> -> tile<256xf32>
    %s = select %c, %b, %x : tile<256xi1>, tile<256xf32>
    %n = constant <i32: 8> : tile<i32>
    %nf = itof %n signed : tile<i32> -> tile<f32>
    %big = constant <i32: 16777217> : tile<i32>
    %bigf = itof %big signed : tile<i32> -> tile<f32>
    %v = constant <i32: [0, 1]> : tile<2xi32>
    %w = reshape %v : tile<2xi32> -> tile<2x1xi32>
    %t = print_tko "%f %d %f %f", %s, %w, %nf, %bigf : tile<256xf32>, tile<2x1xi32>, tile<f32>, tile<f32> -> token
    return
  }
}

// CHECK: %[[Z:v[0-9]+]] = constant <f32: 0.000000e+00> : tile<256xf32>
// CHECK-NOT: constant <f32: 0.000000e+00> : tile<f32>
// CHECK: constant <f32: 8.000000e+00> : tile<f32>
// CHECK: select %{{v[0-9]+}}, %[[Z]], %{{v[0-9]+}}
// CHECK: itof %{{v[0-9]+}} signed : tile<i32> -> tile<f32>
// CHECK: reshape %{{v[0-9]+}} : tile<2xi32> -> tile<2x1xi32>
