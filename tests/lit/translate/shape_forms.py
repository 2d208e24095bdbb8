# SPDX-License-Identifier: MIT
# Shapes as people write them: a reshape's -1 is the quotient of the tile's
# dims (TILE // 2 here, the same derived generic a load's shape names); a
# tile's .shape is a shape argument; a rank-3 ct.mma is cutile's mmaf; an
# annotated local is a plain one; ct.arange of a float dtype is an int32
# iota converted, then `* step` and `+ start` (one fma, as contracted);
# x.shape[-1] counts from the end.
# RUN: tileport translate --emit kir %s | FileCheck %s
# RUN: tileport translate -o %t %s && FileCheck --check-prefix=RUST %s < %t/src/lib.rs
import cuda.tile as ct


@ct.kernel
def rotate_pairs(x, f, o, TILE: ct.Constant[int]):
    bid = ct.bid(0)
    t: ct.Tile = ct.astype(ct.load(x, (bid, 0), (1, TILE)), ct.float32)
    r = ct.astype(ct.load(f, (bid, 0, 0, 0), (1, TILE // 2, 2, 2)), ct.float32)
    t = t.reshape((-1, 2, 1))
    r = r.reshape((-1, 2, 2))
    acc = ct.full(t.shape, 0.0, dtype=ct.float32)
    out = ct.mma(r, t, acc).reshape((1, TILE))
    ct.store(o, (bid, 0), ct.astype(out, o.dtype))

# CHECK-LABEL: kir.entry @rotate_pairs(
# CHECK-SAME: const_generics = ["TILE", "TILE_div_2"]
# CHECK: kir.reshape %{{.*}} {kir.name = "t"} : !kir.tile<[1, TILE], f32> -> !kir.tile<[TILE_div_2, 2, 1], f32>
# CHECK: kir.reshape %{{.*}} {kir.name = "r"} : !kir.tile<[1, TILE_div_2, 2, 2], f32> -> !kir.tile<[TILE_div_2, 2, 2], f32>
# CHECK: kir.constant(0.000000e+00 : f64) {kir.name = "acc"} : !kir.tile<[TILE_div_2, 2, 1], f32>
# CHECK: kir.mma %{{.*}}, %{{.*}}, %{{.*}} : !kir.tile<[TILE_div_2, 2, 2], f32>, !kir.tile<[TILE_div_2, 2, 1], f32>, !kir.tile<[TILE_div_2, 2, 1], f32> -> !kir.tile<[TILE_div_2, 2, 1], f32>


@ct.kernel
def ramp(x, o, TILE: ct.Constant[int]):
    cols = x.shape[-1]
    pos = ct.arange(TILE, dtype=ct.float32, start=1, step=2)
    t = ct.load(x, (ct.bid(0),), (TILE,))
    ct.store(o, (ct.bid(0),), ct.where(ct.arange(TILE, dtype=ct.int32) < cols, t * pos, 0.0))

# CHECK-LABEL: kir.entry @ramp(
# CHECK: kir.dim %arg0, 0 {kir.name = "cols"}
# CHECK: %[[I:.*]] = kir.iota : !kir.tile<[TILE], i32>
# CHECK: %[[F:.*]] = kir.convert %[[I]] : !kir.tile<[TILE], i32> -> !kir.tile<[TILE], f32>
# CHECK: %[[STEP:.*]] = kir.constant(2.000000e+00 : f64) : !kir.tile<[TILE], f32>
# CHECK: %[[START:.*]] = kir.constant(1.000000e+00 : f64) : !kir.tile<[TILE], f32>
# CHECK: kir.fma %[[F]], %[[STEP]], %[[START]] {kir.name = "pos"}

# RUST: // TILE_div_2 = TILE // 2 (launch with that value)
# RUST: let t: Tile<f32, { [TILE_div_2, 2, 1] }> = t.reshape(shape![TILE_div_2, 2, 1]);
# RUST: = mmaf(r, t, acc);
