# SPDX-License-Identifier: MIT
# `**` and ct.pow on float tiles (kir.pow, the exponent a tile of the base's
# dtype); a rank-0 tile stored into a 1-d array (reshaped to [1], as cuTile
# Python stores it); a rank-0 tile of an array of any dtype as an index (the
# array's dtype becomes int32).
# RUN: tileport translate --emit kir %s | FileCheck %s
# RUN: tileport translate -o %t %s && FileCheck --check-prefix=RUST %s < %t/src/lib.rs
import cuda.tile as ct


@ct.kernel
def moments(x, pos, out, TILE: ct.Constant[int]):
    p = ct.reshape(ct.load(pos, index=(0,), shape=(1,)), ())
    t = ct.astype(ct.load(x, index=(p,), shape=(TILE,)), ct.float32)
    ct.store(out, index=(ct.bid(0),), tile=ct.sum(t ** 2) + ct.sum(ct.pow(t, 0.5)))

# CHECK: kir.entry @moments({{.*}}%arg1: !kir.tensor<i32, 1> {kir.name = "pos"}
# CHECK: %[[P:.*]] = kir.reshape %{{.*}} {kir.name = "p"} : !kir.tile<[1], i32> -> !kir.tile<[], i32>
# CHECK: %[[I:.*]] = kir.tile_to_scalar %[[P]]
# CHECK: kir.load %arg0[%[[I]]]
# CHECK: %[[TWO:.*]] = kir.constant(2.000000e+00 : f64) : !kir.tile<[TILE], f32>
# CHECK: kir.pow %{{.*}}, %[[TWO]]
# CHECK: kir.pow
# CHECK: %[[SUM:.*]] = kir.add %{{.*}} : !kir.tile<[], f32>, !kir.tile<[], f32> -> !kir.tile<[], f32>
# CHECK: %[[ONE:.*]] = kir.reshape %[[SUM]] : !kir.tile<[], f32> -> !kir.tile<[1], f32>
# CHECK: kir.store %[[ONE]]

# RUST: pow(t, t{{[0-9]+}}_)
# RUST: .reshape(shape![1]);
