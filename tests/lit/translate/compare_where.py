# SPDX-License-Identifier: MIT
# Tile comparisons (a bool tile, `<op>_tile`), a literal compared with a
# tile of its dtype, and ct.where with a tile and a literal.
# RUN: tileport translate --emit kir %s | FileCheck %s
# RUN: tileport translate -o %t %s && FileCheck --check-prefix=RUST %s < %t/src/lib.rs
import cuda.tile as ct


@ct.kernel
def relu_masked(x, out, TILE: ct.Constant[int]):
    pid = ct.bid(0)
    t = ct.astype(ct.load(x, index=(pid,), shape=(TILE,)), ct.float32)
    positive = t > 0.0
    small = t <= ct.full((TILE,), 6.0, ct.float32)
    y = ct.where(positive, t, 0.0)
    ct.store(out, index=(pid,), tile=ct.where(small, y, 6.0))

# CHECK: %[[Z:.*]] = kir.constant(0.000000e+00 : f64) : !kir.tile<[TILE], f32>
# CHECK-NEXT: kir.cmp "gt" %{{.*}}, %[[Z]] {kir.name = "positive"} : !kir.tile<[TILE], f32>, !kir.tile<[TILE], f32> -> !kir.tile<[TILE], i1>
# CHECK: kir.cmp "le"
# CHECK: kir.select %{{.*}}, %{{.*}}, %{{.*}} {kir.name = "y"} : !kir.tile<[TILE], i1>, !kir.tile<[TILE], f32>, !kir.tile<[TILE], f32> -> !kir.tile<[TILE], f32>

# RUST: let positive: Tile<bool, { [TILE] }> = gt_tile(t, t2_);
# RUST: let small: Tile<bool, { [TILE] }> = le_tile(t, t3_);
# RUST: let y: Tile<f32, { [TILE] }> = select(positive, t, t4_);
