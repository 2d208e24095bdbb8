# SPDX-License-Identifier: MIT
# ct.bid on each grid axis: an i32 scalar, inline unless a name binds it.
# RUN: tileport translate --emit kir %s | FileCheck %s
# RUN: tileport translate -o %t %s && FileCheck --check-prefix=RUST %s < %t/src/lib.rs
import cuda.tile as ct


@ct.kernel
def grid3(a, out, BM: ct.Constant[int], BN: ct.Constant[int]):
    row = ct.bid(0)
    t = ct.load(a, index=(row, ct.bid(1), ct.bid(2)), shape=(BM, BN, 1))
    ct.store(out, index=(row, ct.bid(1), ct.bid(2)), tile=t)

# CHECK: %0 = kir.bid 0 {kir.name = "row"}
# CHECK-NEXT: %1 = kir.bid 1
# CHECK-NEXT: %2 = kir.bid 2
# CHECK-NEXT: kir.load %arg0[%0, %1, %2] {kir.name = "t", padding = "None"} : !kir.tensor<!kir.var<0>, 3> -> !kir.tile<[BM, BN, 1], !kir.var<0>>
# CHECK: kir.store %3, %arg1[%0, %4, %5]

# RUST: let row: i32 = get_tile_block_id().0;
# RUST: load_view_tko(
# RUST-NEXT: &t0_,
# RUST-NEXT: [row, get_tile_block_id().1, get_tile_block_id().2],
# RUST: out.store(t);
