# SPDX-License-Identifier: MIT
# ct.load with each padding mode: ZERO is load_tile, the others a partition
# view with its padding and load_view_tko.
# RUN: tileport translate --emit kir %s | FileCheck %s
# RUN: tileport translate --no-format -o %t %s && FileCheck --check-prefix=RUST %s < %t/src/lib.rs
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
# RUST-NEXT: let t0_: Partition<E, { [TILE] }> = unsafe { make_partition_view(b, shape![TILE], padding::NegInf, dim_map::Identity, get_tensor_token(b)) };
# RUST-NEXT: let y: Tile<E, { [TILE] }> = load_view_tko(&t0_, [pid], ordering::Weak, scope::TileBlock, None, tma::Enabled);
# RUST-NEXT: let t1_: Partition<E, { [TILE] }> = unsafe { make_partition_view(c, shape![TILE], padding::None,
# RUST-NEXT: let z: Tile<E, { [TILE] }> = load_view_tko(&t1_, [pid],
# RUST-NEXT: let t2_: Tile<E, { [TILE] }> = x + y;
# RUST-NEXT: let t3_: Tile<E, { [TILE] }> = t2_ + z;
