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
