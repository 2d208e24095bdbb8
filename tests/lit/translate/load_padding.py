# SPDX-License-Identifier: MIT
# ct.load with each padding mode: ZERO is load_tile, the others a partition
# view with its padding and load_view_tko.
# RUN: tileport translate --emit kir %s | FileCheck %s
# RUN: tileport translate -o %t %s && FileCheck --check-prefix=RUST %s < %t/src/lib.rs
import cuda.tile as ct


@ct.kernel
def padded(a, b, c, out, TILE: ct.Constant[int]):
    pid = ct.bid(0)
    x = ct.load(a, index=(pid,), shape=(TILE,), padding_mode=ct.PaddingMode.ZERO)
    y = ct.load(b, index=(pid,), shape=(TILE,), padding_mode=ct.PaddingMode.NEG_INF)
    z = ct.load(c, index=(pid,), shape=(TILE,))
    ct.store(out, index=(pid,), tile=x + y + z)

# CHECK: kir.load %arg0[%0] {kir.name = "x", padding = "Zero"}
# CHECK: kir.load %arg1[%0] {kir.name = "y", padding = "NegInf"}
# CHECK: kir.load %arg2[%0] {kir.name = "z", padding = "None"}

# RUST: let x: Tile<E, { [TILE] }> = a.load_tile(shape![TILE], [pid]);
# RUST-NEXT: let t0_: Partition<E, { [TILE] }> = unsafe { make_partition_view(
# RUST-NEXT: b,
# RUST-NEXT: shape![TILE],
# RUST-NEXT: padding::NegInf,
# RUST: let y: Tile<E, { [TILE] }> = load_view_tko(
# RUST-NEXT: &t0_,
# RUST-NEXT: [pid],
# RUST: let t1_: Partition<E, { [TILE] }> = unsafe { make_partition_view(
# RUST-NEXT: c,
# RUST-NEXT: shape![TILE],
# RUST-NEXT: padding::None,
# RUST: let z: Tile<E, { [TILE] }> = load_view_tko(
# RUST-NEXT: &t1_,
# RUST-NEXT: [pid],
# RUST: let t2_: Tile<E, { [TILE] }> = x + y;
# RUST-NEXT: let t3_: Tile<E, { [TILE] }> = t2_ + z;
