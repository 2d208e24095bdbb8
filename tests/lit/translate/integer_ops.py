# SPDX-License-Identifier: MIT
# Python's integer operators on int tiles (divi with floor rounding, andi /
# ori / xori, the << operator, shri), `~` as xor with all-ones, unary minus
# (negi on a tile, the rank-0 tile of a runtime scalar, `0 - C` of a
# ct.Constant), and i32 scalar `//` through rank-0 tiles.
# RUN: tileport translate --emit kir %s | FileCheck %s
# RUN: tileport translate -o %t %s && FileCheck --check-prefix=RUST %s < %t/src/lib.rs
import cuda.tile as ct


@ct.kernel
def bits(x, y, salt, TILE: ct.Constant[int]):
    pid = ct.bid(0)
    h = ct.load(x, index=(pid,), shape=(TILE,))
    h = (h // 3) & (h | 5)
    h = ~(h << 2) ^ (h >> 1)
    h = -h + salt
    row = pid // 2 + (-TILE) + (-salt)
    ct.store(y, index=(row,), tile=h)

# CHECK: kir.floordiv {{.*}} : !kir.tile<[TILE], i32>
# CHECK: kir.or
# CHECK: kir.and {{.*}} {kir.name = "h"}
# CHECK: kir.shl
# CHECK-NEXT: %[[ONES:.*]] = kir.constant(-1 : i64) : !kir.tile<[TILE], i32>
# CHECK-NEXT: kir.xor %{{.*}}, %[[ONES]]
# CHECK: kir.shr
# CHECK: kir.neg %{{.*}} : !kir.tile<[TILE], i32>
# CHECK: kir.scalar_to_tile %0 : i32 -> !kir.tile<[], i32>
# CHECK: kir.floordiv {{.*}} : !kir.tile<[], i32>, !kir.tile<[], i32> -> !kir.tile<[], i32>
# CHECK-NEXT: kir.tile_to_scalar

# RUST: salt: i32,
# RUST: divi(
# RUST-SAME: rounding::NegativeInf)
# RUST: let h: Tile<i32, { [TILE] }> = andi(
# RUST: let t6_: Tile<i32, { [TILE] }> = h << t5_;
# RUST: xori(
# RUST: shri(
# RUST: negi(h, overflow::None)
# RUST: tile_to_scalar(
# RUST: (0i32 - TILE)
