# SPDX-License-Identifier: MIT
# ct.store with latency= and allow_tma= goes through store_view_tko_mut (a
# ct.Constant[bool] allow_tma gives both forms, chosen by it); ct.truediv
# with rounding_mode= / flush_to_zero= is kir.divf.
# RUN: tileport translate --emit kir %s | FileCheck %s
# RUN: tileport translate -o %t %s && FileCheck --check-prefix=RUST %s < %t/src/lib.rs
import cuda.tile as ct


@ct.kernel
def options(a, out, TILE: ct.Constant[int], TMA: ct.Constant[bool]):
    pid = ct.bid(0)
    x = ct.load(a, index=(pid,), shape=(TILE,))
    y = ct.truediv(x, 3.0, flush_to_zero=True, rounding_mode=ct.RoundingMode.APPROX)
    ct.store(out, index=(pid,), tile=y, latency=2, allow_tma=TMA)

# CHECK: kir.divf {{.*}} {ftz = "Enabled", kir.name = "y", rounding = "Approx"}
# CHECK: kir.store {{.*}} {latency = 2 : i32, tma = "TMA"}

# RUST: let y: Tile<E, { [TILE] }> = divf(x, t{{[0-9]+}}_, rounding::Approx, ftz::Enabled);
# RUST: if TMA != 0i32 {
# RUST-NEXT: unsafe { store_view_tko_mut(
# RUST-NEXT: &mut [[P:t[0-9]+_]],
# RUST-NEXT: y,
# RUST-NEXT: [pid],
# RUST-NEXT: ordering::Weak,
# RUST-NEXT: scope::TileBlock,
# RUST-NEXT: Some(2i32),
# RUST-NEXT: tma::Enabled,
# RUST-NEXT: ) };
# RUST-NEXT: } else {
# RUST-NEXT: unsafe { store_view_tko_mut(
# RUST-NEXT: &mut [[P]],
# RUST: tma::Disabled,
# RUST-NEXT: ) };
# RUST-NEXT: }
