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

# A block id no name binds is a typed let too: cutile infers no type for an
# inline get_tile_block_id() in an index array.
# RUST: let row: i32 = get_tile_block_id().0;
# RUST-NEXT: let [[B1:t[0-9]+_]]: i32 = get_tile_block_id().1;
# RUST-NEXT: let [[B2:t[0-9]+_]]: i32 = get_tile_block_id().2;
# RUST: load_view_tko(
# RUST-NEXT: &t{{[0-9]+}}_,
# RUST-NEXT: [row, [[B1]], [[B2]]],
# RUST: out.store(t);
