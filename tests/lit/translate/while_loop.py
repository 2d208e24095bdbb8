# SPDX-License-Identifier: MIT
# `while cond:` is kir.while: the names the body re-binds that the
# condition, a later iteration or the code after the loop reads are carried
# (both regions take them); the condition has a region of its own. Rust:
# `while cond {` over `let mut` names, or a block expression when the
# condition needs statements.
# RUN: tileport translate --emit kir %s | FileCheck %s
# RUN: tileport translate -o %t %s && FileCheck --check-prefix=RUST %s < %t/src/lib.rs
import cuda.tile as ct


@ct.kernel
def persistent_scale(x, y, alpha: float, TILE: ct.Constant[int]):
    tile_id = ct.bid(0)
    n_tiles = ct.num_tiles(x, 0, (TILE,))
    while tile_id < n_tiles:
        t = ct.load(x, (tile_id,), (TILE,))
        ct.store(y, (tile_id,), t * alpha)
        tile_id += ct.num_blocks(0)

# CHECK-LABEL: kir.entry @persistent_scale(
# CHECK: %[[ID:.*]] = kir.bid 0 {kir.name = "tile_id"}
# CHECK: kir.while carrying(%[[ID]] : i32) -> i32 {
# CHECK-NEXT: ^bb0(%[[A:.*]]: i32):
# CHECK-NEXT: %[[C:.*]] = kir.cmp "lt" %[[A]], %{{.*}} : i32, i32 -> i1
# CHECK-NEXT: kir.yield %[[C]] : i1
# CHECK: } do {
# CHECK: kir.load
# CHECK: kir.store
# CHECK: kir.add {{.*}}{kir.name = "tile_id"}
# CHECK: kir.yield %{{.*}} : i32
# CHECK: } {carried = ["tile_id"]}

# RUST-LABEL: pub fn persistent_scale<
# RUST: let mut tile_id: i32 = get_tile_block_id().0;
# RUST: while tile_id < n_tiles {
# RUST: tile_id = tile_id + t{{[0-9]+}}_;


@ct.kernel
def repeated_halving(x, y, ROUNDS: ct.Constant[int], TILE: ct.Constant[int]):
    t = ct.load(x, (ct.bid(0),), (TILE,))
    i = 0
    while i < ROUNDS:
        t = t * 0.5
        i += 1
    ct.store(y, (ct.bid(0),), t)

# CHECK-LABEL: kir.entry @repeated_halving(
# CHECK: kir.while carrying(%{{.*}}, %{{.*}} : !kir.tile<[TILE], !kir.var<0>>, i32)
# CHECK: } {carried = ["t", "i"]}

# RUST-LABEL: pub fn repeated_halving<
# RUST: while i < ROUNDS {


@ct.kernel
def shrink(x, y, TILE: ct.Constant[int]):
    t = ct.load(x, (ct.bid(0),), (TILE,))
    while ct.max(t) > 1.0:
        t = t * 0.5
    ct.store(y, (ct.bid(0),), t)

# CHECK-LABEL: kir.entry @shrink(
# CHECK: kir.while carrying(
# CHECK: kir.reduce "max"
# CHECK: kir.tile_to_scalar
# CHECK: kir.yield %{{.*}} : i1
# CHECK: } do {

# RUST-LABEL: pub fn shrink<
# RUST: while {
# RUST: reduce_max(t, 0i32)
# RUST: } {
