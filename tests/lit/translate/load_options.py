# SPDX-License-Identifier: MIT
# ct.load's latency=, allow_tma= (a literal, or a bool ct.Constant that
# picks one of both forms) and order= (a dim_map on the partition view).
# RUN: tileport translate --emit kir %s | FileCheck %s
# RUN: tileport translate -o %t %s && FileCheck --check-prefix=RUST %s < %t/src/lib.rs
import cuda.tile as ct


@ct.kernel
def options(a, b, c, out, TILE: ct.Constant[int], LAT: ct.Constant[int], TMA: ct.Constant[bool]):
    pid = ct.bid(0)
    x = ct.load(a, index=(pid, 0), shape=(TILE, TILE), latency=3, allow_tma=False)
    y = ct.load(b, index=(pid, 0), shape=(TILE, TILE), latency=LAT, order="F")
    z = ct.load(c, index=(pid, 0), shape=(TILE, TILE), padding_mode=ct.PaddingMode.ZERO, allow_tma=TMA)
    ct.store(out, index=(pid, 0), tile=x + y + z)

# CHECK: kir.load %arg0[%0, %{{.*}}] {kir.name = "x", latency = 3 : i32, padding = "None", tma = "Disabled"}
# CHECK: kir.load %arg1[%0, %{{.*}}] {kir.name = "y", latency = "LAT", order = array<i32: 1, 0>, padding = "None"}
# CHECK: kir.load %arg2[%0, %{{.*}}] {kir.name = "z", padding = "Zero", tma = "TMA"}

# A statement wider than 100 columns has its call's arguments one per line.
# RUST: let x: Tile<E, { [TILE, TILE] }> = load_view_tko(
# RUST-NEXT: {{^        }}&t0_,
# RUST-NEXT: [pid, 0i32],
# RUST-NEXT: ordering::Weak,
# RUST-NEXT: scope::TileBlock,
# RUST-NEXT: Some(3i32),
# RUST-NEXT: tma::Disabled,
# RUST-NEXT: {{^    }});
# RUST: let t1_: Partition<E, { [TILE, TILE] }> = unsafe { make_partition_view(
# RUST-NEXT: b,
# RUST-NEXT: shape![TILE, TILE],
# RUST-NEXT: padding::None,
# RUST-NEXT: const_array![1, 0],
# RUST-NEXT: get_tensor_token(b),
# RUST-NEXT: ) };
# RUST-NEXT: let y: Tile<E, { [TILE, TILE] }> = load_view_tko(
# RUST: Some(LAT),
# RUST-NEXT: tma::Enabled,
# RUST: let z: Tile<E, { [TILE, TILE] }> = if TMA != 0i32 {
# RUST-NEXT: let t3_: Tile<E, { [TILE, TILE] }> = load_view_tko(
# RUST: tma::Enabled,
# RUST-NEXT: );
# RUST-NEXT: t3_
# RUST-NEXT: } else {
# RUST-NEXT: let t4_: Tile<E, { [TILE, TILE] }> = load_view_tko(
# RUST: tma::Disabled,
# RUST-NEXT: );
# RUST-NEXT: t4_
# RUST-NEXT: };
