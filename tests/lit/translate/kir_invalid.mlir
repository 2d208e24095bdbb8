// SPDX-License-Identifier: MIT
// The kir verifier: each op's rule, with the op's own diagnostic.
// RUN: tileport-kir-opt %s -split-input-file -verify-diagnostics

kir.entry @rank(%arg0: !kir.tensor<f32, 2> {kir.name = "a"}) attributes {const_generics = [], python_kernel = "rank"} {
  %0 = kir.bid 0
  // expected-error @+1 {{has 1 index component(s) for a rank-2 array}}
  %1 = kir.load %arg0[%0] {padding = "None"} : !kir.tensor<f32, 2> -> !kir.tile<[16, 16], f32>
  kir.return
}

// -----

kir.entry @dtype(%arg0: !kir.tensor<f32, 1> {kir.name = "a"}) attributes {const_generics = [], python_kernel = "dtype"} {
  %0 = kir.bid 0
  // expected-error @+1 {{loads 'f16' from an array of 'f32'}}
  %1 = kir.load %arg0[%0] {padding = "None"} : !kir.tensor<f32, 1> -> !kir.tile<[16], f16>
  kir.return
}

// -----

kir.entry @padding(%arg0: !kir.tensor<f32, 1> {kir.name = "a"}) attributes {const_generics = [], python_kernel = "padding"} {
  %0 = kir.bid 0
  // expected-error @+1 {{has unknown padding 'Sideways'}}
  %1 = kir.load %arg0[%0] {padding = "Sideways"} : !kir.tensor<f32, 1> -> !kir.tile<[16], f32>
  kir.return
}

// -----

kir.entry @generic(%arg0: !kir.tensor<f32, 1> {kir.name = "a"}) attributes {const_generics = ["N"], python_kernel = "generic"} {
  // expected-error @+1 {{reads 'M', which is not a const generic of the entry}}
  %0 = kir.const_param "M"
  kir.return
}

// -----

kir.entry @shapes(%arg0: !kir.tensor<f32, 1> {kir.name = "a"}) attributes {const_generics = [], python_kernel = "shapes"} {
  %0 = kir.bid 0
  %1 = kir.load %arg0[%0] {padding = "None"} : !kir.tensor<f32, 1> -> !kir.tile<[16], f32>
  %2 = kir.load %arg0[%0] {padding = "None"} : !kir.tensor<f32, 1> -> !kir.tile<[32], f32>
  // expected-error @+1 {{does not have the result's shape}}
  %3 = kir.add %1, %2 : !kir.tile<[16], f32>, !kir.tile<[32], f32> -> !kir.tile<[16], f32>
  kir.return
}

// -----

kir.entry @partition(%arg0: !kir.tensor<f32, 1> {kir.name = "a"}, %arg1: !kir.tensor<f32, 1, out [32]> {kir.name = "o"}) attributes {const_generics = [], python_kernel = "partition"} {
  %0 = kir.bid 0
  %1 = kir.load %arg0[%0] {padding = "None"} : !kir.tensor<f32, 1> -> !kir.tile<[16], f32>
  // expected-error @+1 {{stores a tile of other dims than the block output's partition}}
  kir.store %1, %arg1[%0] : !kir.tile<[16], f32>, !kir.tensor<f32, 1, out [32]>
  kir.return
}

// -----

kir.entry @broadcast(%arg0: !kir.tensor<f32, 2> {kir.name = "a"}) attributes {const_generics = [], python_kernel = "broadcast"} {
  %0 = kir.bid 0
  %1 = kir.load %arg0[%0, %0] {padding = "None"} : !kir.tensor<f32, 2> -> !kir.tile<[4, 16], f32>
  // expected-error @+1 {{input dim 0 neither matches nor is 1}}
  %2 = kir.broadcast %1 : !kir.tile<[4, 16], f32> -> !kir.tile<[8, 16], f32>
  kir.return
}

// -----

// expected-error @+1 {{tensor rank 7 is outside 1..6}}
kir.entry @rank7(%arg0: !kir.tensor<f32, 7> {kir.name = "a"}) attributes {const_generics = [], python_kernel = "rank7"} {
  kir.return
}

// -----

// expected-error @+1 {{tile dim 0 is not positive}}
kir.entry @dim0(%arg0: !kir.tile<[0], f32> {kir.name = "a"}) attributes {const_generics = [], python_kernel = "dim0"} {
  kir.return
}

// -----

// expected-error @+1 {{parameter 0 has no kir.name}}
kir.entry @unnamed(%arg0: !kir.tensor<f32, 1>) attributes {const_generics = [], python_kernel = "unnamed"} {
  kir.return
}

// -----

kir.entry @reduce_axis(%arg0: !kir.tile<[4, 8], f32> {kir.name = "t"}) attributes {const_generics = [], python_kernel = "reduce_axis"} {
  // expected-error @+1 {{axis 2 is outside the rank-2 tile}}
  %0 = kir.reduce "sum" %arg0, 2 : !kir.tile<[4, 8], f32> -> !kir.tile<[4], f32>
  kir.return
}

// -----

kir.entry @reduce_dims(%arg0: !kir.tile<[4, 8], f32> {kir.name = "t"}) attributes {const_generics = [], python_kernel = "reduce_dims"} {
  // expected-error @+1 {{result dims must be the input's without axis 1}}
  %0 = kir.reduce "max" %arg0, 1 : !kir.tile<[4, 8], f32> -> !kir.tile<[8], f32>
  kir.return
}

// -----

kir.entry @mma_chain(%arg0: !kir.tile<[16, 32], f16> {kir.name = "a"}, %arg1: !kir.tile<[16, 64], f16> {kir.name = "b"}, %arg2: !kir.tile<[16, 64], f32> {kir.name = "c"}) attributes {const_generics = [], python_kernel = "mma_chain"} {
  // expected-error @+1 {{shapes do not chain}}
  %0 = kir.mma %arg0, %arg1, %arg2 : !kir.tile<[16, 32], f16>, !kir.tile<[16, 64], f16>, !kir.tile<[16, 64], f32> -> !kir.tile<[16, 64], f32>
  kir.return
}

// -----

kir.entry @cmp_pred(%arg0: !kir.tile<[16], f32> {kir.name = "a"}) attributes {const_generics = [], python_kernel = "cmp_pred"} {
  // expected-error @+1 {{has unknown predicate 'approx'}}
  %0 = kir.cmp "approx" %arg0, %arg0 : !kir.tile<[16], f32>, !kir.tile<[16], f32> -> !kir.tile<[16], i1>
  kir.return
}

// -----

kir.entry @select_cond(%arg0: !kir.tile<[16], f32> {kir.name = "a"}) attributes {const_generics = [], python_kernel = "select_cond"} {
  // expected-error @+1 {{selects by a bool tile}}
  %0 = kir.select %arg0, %arg0, %arg0 : !kir.tile<[16], f32>, !kir.tile<[16], f32>, !kir.tile<[16], f32> -> !kir.tile<[16], f32>
  kir.return
}

// -----

kir.entry @transpose_dims(%arg0: !kir.tile<[4, 8], f32> {kir.name = "t"}) attributes {const_generics = [], python_kernel = "transpose_dims"} {
  // expected-error @+1 {{swaps the two dims of a rank-2 tile}}
  %0 = kir.transpose %arg0 : !kir.tile<[4, 8], f32> -> !kir.tile<[4, 8], f32>
  kir.return
}

// -----

kir.entry @reshape_count(%arg0: !kir.tile<[4, 8], f32> {kir.name = "t"}) attributes {const_generics = [], python_kernel = "reshape_count"} {
  // expected-error @+1 {{reshapes 32 element(s) into 16}}
  %0 = kir.reshape %arg0 : !kir.tile<[4, 8], f32> -> !kir.tile<[16], f32>
  kir.return
}

// -----

kir.entry @math_fn(%arg0: !kir.tile<[16], f32> {kir.name = "t"}) attributes {const_generics = [], python_kernel = "math_fn"} {
  // expected-error @+1 {{has unknown function 'erf'}}
  %0 = kir.math "erf" %arg0 : !kir.tile<[16], f32> -> !kir.tile<[16], f32>
  kir.return
}

// -----

kir.entry @iota_type(%arg0: !kir.tile<[16], f32> {kir.name = "t"}) attributes {const_generics = [], python_kernel = "iota_type"} {
  // expected-error @+1 {{makes a rank-1 integer tile}}
  %0 = kir.iota : !kir.tile<[16], f32>
  kir.return
}

// -----

kir.entry @num_tiles_axis(%arg0: !kir.tensor<f32, 2> {kir.name = "a"}) attributes {const_generics = [], python_kernel = "num_tiles_axis"} {
  // expected-error @+1 {{axis 3 is outside the rank-2 array}}
  %0 = kir.num_tiles %arg0, 3, [16, 16] : !kir.tensor<f32, 2>
  kir.return
}

// -----

kir.entry @carried_type(%arg0: !kir.tile<[16], f32> {kir.name = "t"}) attributes {const_generics = [], python_kernel = "carried_type"} {
  %0 = kir.bid 0
  // expected-error @+1 {{carried value 'acc' changes type}}
  %1 = kir.for "k" = %0 to %0 iter_args(%arg0 : !kir.tile<[16], f32>) -> !kir.tile<[16], f32> {
  ^bb0(%i: i32, %acc: !kir.tile<[16], f32>):
    %2 = kir.reshape %acc : !kir.tile<[16], f32> -> !kir.tile<[4, 4], f32>
    kir.yield %2 : !kir.tile<[4, 4], f32>
  } {carried = ["acc"]}
  kir.return
}

// -----

kir.entry @tile_to_scalar_rank(%arg0: !kir.tile<[16], f32> {kir.name = "t"}) attributes {const_generics = [], python_kernel = "tile_to_scalar_rank"} {
  // expected-error @+1 {{reads a rank-0 tile of the result's type}}
  %0 = kir.tile_to_scalar %arg0 : !kir.tile<[16], f32> -> f32
  kir.return
}

// -----

kir.entry @if_arm(%arg0: i32 {kir.name = "n"}) attributes {const_generics = [], python_kernel = "if_arm"} {
  %c = kir.truth %arg0
  // expected-error @+1 {{arm yields 'f32' for a result of type 'i32'}}
  %r = kir.if %c -> i32 {
    %a = kir.constant(1 : i64) : i32
    kir.yield %a : i32
  } else {
    %b = kir.constant(1.0) : f32
    kir.yield %b : f32
  } {carried = [], fresh = ["x"]}
  kir.return
}

// -----

kir.entry @if_names(%arg0: i32 {kir.name = "n"}) attributes {const_generics = [], python_kernel = "if_names"} {
  %c = kir.truth %arg0
  // expected-error @+1 {{names 0 value(s) for 1 result(s)}}
  %r = kir.if %c -> i32 {
    kir.yield %arg0 : i32
  } else {
    kir.yield %arg0 : i32
  } {carried = [], fresh = []}
  kir.return
}

// -----

kir.entry @lane_offsets(%arg0: !kir.tensor<f32, 1> {kir.name = "a"}, %arg1: !kir.tile<[16], i32> {kir.name = "o"}) attributes {const_generics = [], python_kernel = "lane_offsets"} {
  // expected-error @+1 {{takes u64 offsets, not 'i32'}}
  %0 = kir.load_ptr %arg0[%arg1] {latency = 0 : i32} : !kir.tensor<f32, 1>, !kir.tile<[16], i32> -> !kir.tile<[16], f32>
  kir.return
}

// -----

kir.entry @lane_padding(%arg0: !kir.tensor<f32, 1> {kir.name = "a"}, %arg1: !kir.tile<[16], ui64> {kir.name = "o"}) attributes {const_generics = [], python_kernel = "lane_padding"} {
  // expected-error @+1 {{pads lanes without a mask}}
  %0 = kir.load_ptr %arg0[%arg1] {latency = 0 : i32, padding = 0.0 : f64} : !kir.tensor<f32, 1>, !kir.tile<[16], ui64> -> !kir.tile<[16], f32>
  kir.return
}

// -----

kir.entry @scatter_output(%arg0: !kir.tensor<f32, 1, out [16]> {kir.name = "a"}, %arg1: !kir.tile<[16], ui64> {kir.name = "o"}, %arg2: !kir.tile<[16], f32> {kir.name = "v"}) attributes {const_generics = [], python_kernel = "scatter_output"} {
  // expected-error @+1 {{scatters into a block output}}
  kir.store_ptr %arg2, %arg0[%arg1] {latency = 0 : i32} : !kir.tile<[16], f32>, !kir.tensor<f32, 1, out [16]>, !kir.tile<[16], ui64>
  kir.return
}

// -----

kir.entry @bitcast_width(%arg0: !kir.tensor<f16, 1> {kir.name = "a"}) attributes {const_generics = [], python_kernel = "bitcast_width"} {
  %0 = kir.bid 0
  %1 = kir.load %arg0[%0] {padding = "None"} : !kir.tensor<f16, 1> -> !kir.tile<[16], f16>
  // expected-error @+1 {{reads 'f16' as 'i32', of another width}}
  %2 = kir.bitcast %1 : !kir.tile<[16], f16> -> !kir.tile<[16], i32>
  kir.return
}
