# SPDX-License-Identifier: MIT
# a.shape[i] is launch metadata: an i32 read inline, no Tile IR op.
# RUN: tileport translate --emit kir %s | FileCheck %s
# RUN: tileport translate -o %t %s && FileCheck --check-prefix=RUST %s < %t/src/lib.rs
import cuda.tile as ct


@ct.kernel
def last_tile(a, out, TILE: ct.Constant[int]):
    n = a.shape[0]
    last = ct.cdiv(n, TILE) - 1
    t = ct.load(a, index=(last,), shape=(TILE,))
    ct.store(out, index=(ct.num_blocks(0) - 1,), tile=t)

# CHECK: %[[N:.*]] = kir.dim %arg0, 0 {kir.name = "n"}
# CHECK: %[[C:.*]] = kir.cdiv %[[N]], %{{.*}} : i32, i32 -> i32
# CHECK: kir.sub %[[C]], %{{.*}} {kir.name = "last"}
# CHECK: kir.num_blocks 0

# RUST: let n: i32 = a.shape()[0];
# RUST-NEXT: let last: i32 = ceil_div(n, TILE) - 1i32;
# RUST: let t1_: i32 = get_num_tile_blocks().0;
# RUST: unsafe { t2_.store_unchecked(t, [(t1_ - 1i32)]) };
