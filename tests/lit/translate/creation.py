# SPDX-License-Identifier: MIT
# ct.arange is an i32 iota; ct.zeros / ct.ones / ct.full of a literal and a
# decided dtype are constant tiles.
# RUN: tileport translate --emit kir %s | FileCheck %s
# RUN: tileport translate -o %t %s && FileCheck --check-prefix=RUST %s < %t/src/lib.rs
import cuda.tile as ct


@ct.kernel
def made(idx, out, TILE: ct.Constant[int]):
    pid = ct.bid(0)
    lanes = ct.arange(TILE, dtype=ct.int32)
    ct.store(idx, index=(pid,), tile=lanes + ct.ones((TILE,), dtype=ct.int32))
    z = ct.zeros((TILE,), dtype=ct.float32)
    ct.store(out, index=(pid,), tile=z + ct.full((TILE,), 2.5, ct.float32))

# CHECK: kir.iota {kir.name = "lanes"} : !kir.tile<[TILE], i32>
# CHECK-NEXT: kir.constant(1 : i64) : !kir.tile<[TILE], i32>
# CHECK: kir.constant(0.000000e+00 : f64) {kir.name = "z"} : !kir.tile<[TILE], f32>
# CHECK-NEXT: kir.constant(2.500000e+00 : f64) : !kir.tile<[TILE], f32>

# RUST: idx: &mut Tensor<i32, { [TILE] }>,
# RUST-NEXT: out: &mut Tensor<f32, { [TILE] }>,
# RUST: let lanes: Tile<i32, { [TILE] }> = iota(shape![TILE]);
# RUST-NEXT: let t0_: Tile<i32, { [TILE] }> = constant(1i32, shape![TILE]);
# RUST-NEXT: let t1_: Tile<i32, { [TILE] }> = lanes + t0_;
# RUST: let z: Tile<f32, { [TILE] }> = constant(0.0f32, shape![TILE]);
# RUST-NEXT: let t2_: Tile<f32, { [TILE] }> = constant(2.5f32, shape![TILE]);
