# SPDX-License-Identifier: MIT
# A Python literal meeting an f32 tile becomes a constant tile of it.
# RUN: tileport translate --emit kir %s | FileCheck %s
# RUN: tileport translate -o %t %s && FileCheck --check-prefix=RUST %s < %t/src/lib.rs
import cuda.tile as ct


@ct.kernel
def shift(x, out, TILE: ct.Constant[int]):
    pid = ct.bid(0)
    t = ct.astype(ct.load(x, index=(pid,), shape=(TILE,)), ct.float32)
    ct.store(out, index=(pid,), tile=t * 0.5)

# The store into out fixes its dtype: f32, no generic.
# CHECK-LABEL: kir.entry @shift(
# CHECK-SAME: %arg1: !kir.tensor<f32, 1, out [TILE]> {kir.name = "out"}
# CHECK: %[[C:.*]] = kir.constant(5.000000e-01 : f64) : !kir.tile<[TILE], f32>
# CHECK-NEXT: kir.mul %2, %[[C]]

# RUST: pub fn shift<E: ElementType, const TILE: i32>(
# RUST: out: &mut Tensor<f32, { [TILE] }>,
# RUST: let t2_: Tile<f32, { [TILE] }> = constant(0.5f32, shape![TILE]);
# RUST-NEXT: let t3_: Tile<f32, { [TILE] }> = t * t2_;
