# SPDX-License-Identifier: MIT
# A runtime scalar meeting a float tile: its dtype is decided by that use
# (f32), and it is broadcast to the tile's shape.
# RUN: tileport translate --emit kir %s | FileCheck %s
# RUN: tileport translate -o %t %s && FileCheck --check-prefix=RUST %s < %t/src/lib.rs
import cuda.tile as ct


@ct.kernel
def scale(alpha, x, out, TILE: ct.Constant[int]):
    pid = ct.bid(0)
    t = ct.astype(ct.load(x, index=(pid,), shape=(TILE,)), ct.float32)
    ct.store(out, index=(pid,), tile=ct.astype(alpha * t, out.dtype))

# alpha's scalar variable became f32 (resolve-dtypes); x and out keep
# variables of their own.
# CHECK-LABEL: kir.entry @scale(%arg0: f32 {kir.name = "alpha"}
# CHECK-SAME: !kir.tensor<!kir.var<0>, 1> {kir.name = "x"}
# CHECK-SAME: !kir.tensor<!kir.var<1>, 1, out [TILE]> {kir.name = "out"}
# CHECK: %[[B:.*]] = kir.broadcast %arg0 : f32 -> !kir.tile<[TILE], f32>
# CHECK-NEXT: kir.mul %[[B]], %2 : !kir.tile<[TILE], f32>
# CHECK-NEXT: kir.convert %4 : !kir.tile<[TILE], f32> -> !kir.tile<[TILE], !kir.var<1>>

# RUST: pub fn scale<E0: ElementType, E1: ElementType, const TILE: i32>(
# RUST-NEXT: alpha: f32,
# RUST: let t2_: Tile<f32, { [TILE] }> = broadcast_scalar(alpha, shape![TILE]);
# RUST-NEXT: let t3_: Tile<f32, { [TILE] }> = t2_ * t;
# RUST-NEXT: let t4_: Tile<E1, { [TILE] }> = convert_tile(t3_);
