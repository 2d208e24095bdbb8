# SPDX-License-Identifier: MIT
# A `for` over range(): the names the body re-binds and a later iteration or
# the code after the loop reads are carried values (`let mut`, assigned in
# place); a name the body binds for one iteration only is a fresh `let`.
# RUN: tileport translate --emit kir %s | FileCheck %s
# RUN: tileport translate -o %t %s && FileCheck --check-prefix=RUST %s < %t/src/lib.rs
import cuda.tile as ct


@ct.kernel
def row_sum(a, out, N: ct.Constant[int], TILE: ct.Constant[int]):
    pid = ct.bid(0)
    acc = ct.load(a, index=(pid, 0), shape=(1, TILE))
    for k in range(1, N):
        t = ct.load(a, index=(pid, k), shape=(1, TILE))
        acc = acc + t
    ct.store(out, index=(pid, 0), tile=acc)

# CHECK: %[[ACC:.*]] = kir.load %arg0[%0, %{{.*}}] {kir.name = "acc", padding = "None"}
# CHECK: %[[SUM:.*]] = kir.for "k" = %{{.*}} to %{{.*}} iter_args(%[[ACC]] : !kir.tile<[1, TILE], !kir.var<0>>) -> !kir.tile<[1, TILE], !kir.var<0>> {
# CHECK-NEXT: ^bb0(%[[K:.*]]: i32, %[[CARRIED:.*]]: !kir.tile<[1, TILE], !kir.var<0>>):
# CHECK-NEXT: %[[T:.*]] = kir.load %arg0[%0, %[[K]]] {kir.name = "t", padding = "None"}
# CHECK-NEXT: %[[NEXT:.*]] = kir.add %[[CARRIED]], %[[T]] {kir.name = "acc"}
# CHECK-NEXT: kir.yield %[[NEXT]]
# CHECK-NEXT: } {carried = ["acc"]}
# CHECK: kir.store %[[SUM]], %arg1

# RUST: let mut acc: Tile<E, { [1, TILE] }> = load_view_tko(
# RUST-NEXT: &t0_,
# RUST-NEXT: [pid, 0i32],
# RUST: for k in 1i32..N {
# RUST-NEXT: let t1_: Partition<E, { [1, TILE] }> =
# RUST: let t: Tile<E, { [1, TILE] }> = load_view_tko(
# RUST-NEXT: &t1_,
# RUST-NEXT: [pid, k],
# RUST: acc = acc + t;
# RUST-NEXT: }
# RUST-NEXT: let mut t2_: PartitionMut<E, { [1, TILE] }> = unsafe { out.partition_full_mut(shape![1, TILE]) };
# RUST-NEXT: t2_.store(acc, [pid, 0i32]);
