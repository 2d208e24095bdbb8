# SPDX-License-Identifier: MIT
# ct.atomic_add / ct.atomic_max as kir.atomic_rmw: pointer lanes and a
# bounds mask as a scatter's, cuTile Python's default memory order and
# scope, or the ones given; cutile's mode by element type (AddF for floats).
# RUN: tileport translate --emit kir %s | FileCheck %s
# RUN: tileport translate -o %t %s && FileCheck --check-prefix=RUST %s < %t/src/lib.rs
import cuda.tile as ct


@ct.kernel
def counts(x, total, hist, TILE: ct.Constant[int]):
    t = ct.load(x, index=(ct.bid(0),), shape=(TILE,))
    ct.atomic_add(total, (0,), ct.sum(t))
    bins = ct.astype(t, ct.int32)
    old = ct.atomic_max(hist, bins, bins, memory_order=ct.MemoryOrder.RELAXED, memory_scope=ct.MemoryScope.BLOCK)
    ct.atomic_add(hist, bins, old)

# CHECK: kir.atomic_rmw "add" %{{.*}}, %arg1[%{{.*}}] mask %{{.*}} {ordering = "AcqRel", scope = "Device"} : !kir.tile<[], f32>, !kir.tensor<f32, 1>
# CHECK: kir.atomic_rmw "max" %{{.*}}, %arg2[%{{.*}}] mask %{{.*}} {kir.name = "old", ordering = "Relaxed", scope = "TileBlock"} : !kir.tile<[TILE], i32>, !kir.tensor<i32, 1>
# CHECK: kir.atomic_rmw "add" %{{.*}}, %arg2

# RUST: unsafe { atomic_rmw_tko(
# RUST: atomic::AddF,
# RUST-NEXT: ordering::AcqRel,
# RUST-NEXT: scope::Device,
# RUST: atomic::Max,
# RUST-NEXT: ordering::Relaxed,
# RUST-NEXT: scope::TileBlock,
# RUST: let old: Tile<i32, { [TILE] }> = t{{[0-9]+}}_;
# RUST: atomic::Add,


# ct.atomic_cas(array, indices, expected, desired) is kir.atomic_cas and
# cutile's atomic_cas_tko, the expected value first; in a `while` condition
# it makes a spin lock.
@ct.kernel
def spin(lock, flags, TILE: ct.Constant[int]):
    idx = ct.bid(0) * TILE + ct.arange(TILE, dtype=ct.int32)
    old = ct.atomic_cas(flags, idx, 0, 1)
    while ct.atomic_cas(lock, 0, 0, 1, memory_order=ct.MemoryOrder.ACQUIRE) == 1:
        pass
    ct.atomic_xchg(lock, 0, 0, memory_order=ct.MemoryOrder.RELEASE)
    ct.scatter(flags, idx, old)

# CHECK-LABEL: kir.entry @spin(
# CHECK: kir.atomic_cas %{{.*}}, %{{.*}}, %arg1[%{{.*}}] mask %{{.*}} {kir.name = "old", ordering = "AcqRel", scope = "Device"} : !kir.tile<[TILE], i32>, !kir.tile<[TILE], i32>, !kir.tensor<i32, 1>
# CHECK: kir.while {
# CHECK: kir.atomic_cas {{.*}} {ordering = "Acquire", scope = "Device"} : !kir.tile<[], i32>
# CHECK: } do {
# CHECK: kir.atomic_rmw "xchg"

# RUST-LABEL: pub fn spin<
# RUST: unsafe { atomic_cas_tko(
# RUST: while {
# RUST: ordering::Acquire,
