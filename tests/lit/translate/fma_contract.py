# SPDX-License-Identifier: MIT
# Sums of products on float tiles: the lowering evaluates them as cuTile
# Python's contraction sees them, contract-fma makes each one fma; a product
# subtracted or subtracted from negates the right operand first.
# RUN: tileport translate --emit kir %s | FileCheck %s
# RUN: tileport translate -o %t %s && FileCheck --check-prefix=RUST %s < %t/src/lib.rs
import cuda.tile as ct


@ct.kernel
def fused(x, y, z, out, TILE: ct.Constant[int]):
    pid = ct.bid(0)
    a = ct.astype(ct.load(x, index=(pid,), shape=(TILE,)), ct.float32)
    b = ct.astype(ct.load(y, index=(pid,), shape=(TILE,)), ct.float32)
    c = ct.astype(ct.load(z, index=(pid,), shape=(TILE,)), ct.float32)
    s = a * b + c
    d = c - a * b
    e = a * b - c
    acc = s
    for k in range(2):
        acc += d * e
    ct.store(out, index=(pid,), tile=acc)

# CHECK: kir.fma %{{.*}}, %{{.*}}, %{{.*}} {kir.name = "s"}
# CHECK: %[[NA:.*]] = kir.neg %{{.*}} : !kir.tile<[TILE], f32> -> !kir.tile<[TILE], f32>
# CHECK-NEXT: kir.fma %[[NA]], %{{.*}}, %{{.*}} {kir.name = "d"}
# CHECK: %[[NC:.*]] = kir.neg %{{.*}} : !kir.tile<[TILE], f32> -> !kir.tile<[TILE], f32>
# CHECK-NEXT: kir.fma %{{.*}}, %{{.*}}, %[[NC]] {kir.name = "e"}
# CHECK: kir.for
# CHECK: kir.fma %{{.*}}, %{{.*}}, %arg{{.*}} {kir.name = "acc"}
# CHECK-NOT: kir.mul

# RUST: let s: Tile<f32, { [TILE] }> = fma(a, b, c, rounding::NearestEven, ftz::Disabled);
# RUST-NEXT: let t6_: Tile<f32, { [TILE] }> = negf(a);
# RUST-NEXT: let d: Tile<f32, { [TILE] }> = fma(t6_, b, c, rounding::NearestEven, ftz::Disabled);
# RUST-NEXT: let t7_: Tile<f32, { [TILE] }> = negf(c);
# RUST-NEXT: let e: Tile<f32, { [TILE] }> = fma(a, b, t7_, rounding::NearestEven, ftz::Disabled);
# RUST-NEXT: let mut acc: Tile<f32, { [TILE] }> = s;
# RUST-NEXT: for _k in 0i32..2i32 {
# RUST-NEXT: acc = fma(d, e, acc, rounding::NearestEven, ftz::Disabled);
