# SPDX-License-Identifier: MIT
# Runtime scalars as people pass them: an unannotated scale that only a ct
# math function meets is a float32 scalar (a Python float) converted to the
# tile's dtype; an unannotated count in `1 / n` is int32 and the quotient a
# float32 division; a seed given to ct.astype is int32; a power of scalars
# is pow on rank-0 tiles; -np.inf stays a float literal; an index tuple bound
# to a local and a bare 1-D index give the array its rank; a product that
# the sum broadcasts is not contracted into fma.
# RUN: tileport translate --emit kir %s | FileCheck %s
# RUN: tileport translate -o %t %s && FileCheck --check-prefix=RUST %s < %t/src/lib.rs
import numpy as np

import cuda.tile as ct


@ct.kernel
def scaled(x, y, scale, TILE: ct.Constant[int]):
    idx = (ct.bid(0),)
    t = ct.load(x, index=idx, shape=(TILE,))
    ct.store(y, index=idx, tile=ct.mul(scale, t))

# CHECK-LABEL: kir.entry @scaled(%arg0: !kir.tensor<!kir.var<0>, 1> {kir.name = "x"}, %arg1: !kir.tensor<!kir.var<0>, 1> {kir.name = "y"}, %arg2: f32 {kir.name = "scale"})
# CHECK: %[[S:.*]] = kir.scalar_to_tile %arg2 : f32 -> !kir.tile<[], f32>
# CHECK: kir.convert %[[S]] : !kir.tile<[], f32> -> !kir.tile<[], !kir.var<0>>
# CHECK: kir.store %{{.*}}, %arg1[%0]


@ct.kernel
def mean_shift(x, y, n, TILE: ct.Constant[int]):
    t = ct.load(x, index=ct.bid(0), shape=(TILE,))
    inv = 1 / n
    ct.store(y, ct.bid(0), t - ct.sum(t) * inv)

# CHECK-LABEL: kir.entry @mean_shift(
# CHECK-SAME: %arg2: i32 {kir.name = "n"}
# CHECK: %[[ONE:.*]] = kir.constant(1.000000e+00 : f64) : f32
# CHECK: %[[N:.*]] = kir.convert %arg2 : i32 -> f32
# CHECK: kir.div %[[ONE]], %[[N]] {kir.name = "inv"} : f32, f32 -> f32
# CHECK: %[[P:.*]] = kir.mul %{{.*}}, %{{.*}} : !kir.tile<[], !kir.var<0>>, !kir.tile<[], !kir.var<0>> -> !kir.tile<[], !kir.var<0>>
# CHECK: kir.reshape %[[P]]
# CHECK: kir.sub

# RUST-LABEL: pub fn mean_shift<
# RUST-NOT: fma(
# RUST: pub fn bias_correct<


@ct.kernel
def bias_correct(x, y, beta: float, step: int, seed, TILE: ct.Constant[int]):
    t = ct.load(x, index=(ct.bid(0),), shape=(TILE,))
    corr = 1.0 / (1.0 - beta ** step)
    shift = ct.astype(seed, ct.float32)
    m = ct.maximum(t, -np.inf)
    ct.store(y, (ct.bid(0),), m * corr + shift)

# CHECK-LABEL: kir.entry @bias_correct(
# CHECK-SAME: %arg4: i32 {kir.name = "seed"}
# CHECK: %[[STEP:.*]] = kir.convert %arg3 : i32 -> f32
# CHECK: %[[B0:.*]] = kir.scalar_to_tile %arg2 : f32 -> !kir.tile<[], f32>
# CHECK: %[[E0:.*]] = kir.scalar_to_tile %[[STEP]] : f32 -> !kir.tile<[], f32>
# CHECK: kir.pow %[[B0]], %[[E0]] : !kir.tile<[], f32>, !kir.tile<[], f32> -> !kir.tile<[], f32>
# CHECK: kir.scalar_to_tile %arg4 : i32 -> !kir.tile<[], i32>
# CHECK: kir.constant(0xFFF0000000000000 : f64) : !kir.tile<[TILE], f32>
# CHECK: kir.fma

# RUST: let t{{[0-9]+}}_: Tile<f32, { [] }> = pow(
# RUST: constant(f32::NEG_INFINITY, shape![TILE])
