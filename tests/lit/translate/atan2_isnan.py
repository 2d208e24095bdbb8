# SPDX-License-Identifier: MIT
# ct.atan2 is kir.atan2 (cutile's atan2); ct.isnan is x != x, which on
# floats is cuTile Python's unordered not-equal: cutile's cmpf with
# cmp_ordering::Unordered, where its ne_tile is ordered.
# RUN: tileport translate --emit kir %s | FileCheck %s
# RUN: tileport translate -o %t %s && FileCheck --check-prefix=RUST %s < %t/src/lib.rs
# RUN: not tileport translate --emit kir %S/Inputs/atan2_int.py 2>&1 | FileCheck --check-prefix=INT %s
import cuda.tile as ct


@ct.kernel
def polar(x, y, out, TILE: ct.Constant[int]):
    a = ct.astype(ct.load(x, index=(ct.bid(0),), shape=(TILE,)), ct.float32)
    b = ct.astype(ct.load(y, index=(ct.bid(0),), shape=(TILE,)), ct.float32)
    angle = ct.atan2(b, a)
    ct.store(out, index=(ct.bid(0),), tile=ct.where(ct.isnan(angle), 0.0, angle))

# CHECK: %[[ANG:.*]] = kir.atan2 %{{.*}}, %{{.*}} {kir.name = "angle"} : !kir.tile<[TILE], f32>, !kir.tile<[TILE], f32> -> !kir.tile<[TILE], f32>
# CHECK: kir.cmp "ne" %[[ANG]], %[[ANG]] : !kir.tile<[TILE], f32>, !kir.tile<[TILE], f32> -> !kir.tile<[TILE], i1>

# RUST: let angle: Tile<f32, { [TILE] }> = atan2(b, a);
# RUST: = cmpf(
# RUST-NEXT: angle,
# RUST-NEXT: angle,
# RUST-NEXT: predicate::NotEqual,
# RUST-NEXT: cmp_ordering::Unordered,

# INT: atan2_int.py:{{[0-9]+}}:{{[0-9]+}}: error: ct.atan2: needs float tiles, as cuTile Python's does
