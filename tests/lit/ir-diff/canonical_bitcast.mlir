// SPDX-License-Identifier: MIT
// A splat constant read as another type of its width is the constant of
// those bits (cutile writes an 8-bit float constant as the bitcast of its
// integer bits; cuTile Python writes the float): i8 127 is f8E8M0FNU 1.0,
// i8 56 is f8E4M3FN 1.0. A bitcast of a value that is not a constant stays.
// RUN: tileport ir canon %s | FileCheck %s

cuda_tile.module @kernels {
  entry @k(%x: tile<i8>) {
    %r = reshape %x : tile<i8> -> tile<1xi8>
    %a = broadcast %r : tile<1xi8> -> tile<8xi8>
    %one = constant <i8: 127> : tile<8x4xi8>
    %s = bitcast %one : tile<8x4xi8> -> tile<8x4xf8E8M0FNU>
    %e = constant <i8: 56> : tile<8xi8>
    %f = bitcast %e : tile<8xi8> -> tile<8xf8E4M3FN>
    %g = bitcast %a : tile<8xi8> -> tile<8xf8E4M3FN>
    %t = print_tko "%f %f %f", %s, %f, %g : tile<8x4xf8E8M0FNU>, tile<8xf8E4M3FN>, tile<8xf8E4M3FN> -> token
    return
  }
}

// CHECK-DAG: constant <f8E8M0FNU: 1.000000e+00> : tile<8x4xf8E8M0FNU>
// CHECK-DAG: constant <f8E4M3FN: 1.000000e+00> : tile<8xf8E4M3FN>
// CHECK: bitcast %{{[a-z0-9]+}} : tile<8xi8> -> tile<8xf8E4M3FN>
// CHECK-NOT: bitcast
