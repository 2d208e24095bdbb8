# SPDX-License-Identifier: MIT
# Python's dtype promotion: an array's generic dtype meeting an f32 tile
# converts to f32 (and the entry serves no float64 array), an integer tile
# meeting a float literal becomes f32, and integers of one signedness widen
# (exti).
# RUN: tileport translate --emit kir %s | FileCheck %s
# RUN: tileport translate -o %t %s && FileCheck --check-prefix=RUST %s < %t/src/lib.rs
import cuda.tile as ct


@ct.kernel
def promote(x, idx, wide, out, TILE: ct.Constant[int]):
    pid = ct.bid(0)
    acc = ct.zeros((TILE,), ct.float32)
    v = ct.load(x, index=(pid,), shape=(TILE,)) + acc
    i = ct.astype(ct.load(idx, index=(pid,), shape=(TILE,)), ct.int32) * 0.5
    w = ct.astype(ct.load(wide, index=(pid,), shape=(TILE,)), ct.int64) + ct.arange(TILE, dtype=ct.int32)
    ct.store(out, index=(pid,), tile=v + i + ct.astype(w, ct.float32))

# CHECK: kir.entry @promote(%arg0: !kir.tensor<!kir.var<0>, 1> {kir.name = "x", kir.not_float64}
# CHECK: kir.convert %{{.*}} : !kir.tile<[TILE], !kir.var<0>> -> !kir.tile<[TILE], f32>
# CHECK: kir.convert %{{.*}} : !kir.tile<[TILE], i32> -> !kir.tile<[TILE], f32>
# CHECK: kir.convert %{{.*}} : !kir.tile<[TILE], i32> -> !kir.tile<[TILE], i64>

# RUST: let [[C:t[0-9]+_]]: Tile<i64, { [TILE] }> = exti(
