# SPDX-License-Identifier: MIT
# API coverage: ct.atomic_or / ct.atomic_and / ct.atomic_xor / ct.atomic_min
# / ct.atomic_xchg as kir.atomic_rmw with their mode, cuTile Python's
# default memory order and scope or the ones given; cutile's atomic_rmw_tko
# with atomic::Or / And / Xor / Min / Xchg. Their diffed kernels:
# tests/fixtures/constructs/cov_atomics.py.
# RUN: tileport translate --emit kir %s | FileCheck %s
# RUN: tileport translate -o %t %s && FileCheck --check-prefix=RUST %s < %t/src/lib.rs
import cuda.tile as ct


@ct.kernel
def flags(masks, words, low, TILE: ct.Constant[int]):
    m = ct.load(masks, index=(ct.bid(0),), shape=(TILE,))
    lanes = ct.arange(TILE, dtype=ct.int32)
    ct.atomic_or(words, lanes, m)
    ct.atomic_and(words, lanes, m, memory_order=ct.MemoryOrder.RELAXED)
    ct.atomic_xor(words, lanes, m, memory_scope=ct.MemoryScope.BLOCK)
    ct.atomic_min(low, (0,), ct.min(m))


@ct.kernel
def swap(vals, slots, prev, TILE: ct.Constant[int]):
    pid = ct.bid(0)
    v = ct.astype(ct.load(vals, index=(pid,), shape=(TILE,)), ct.float32)
    old = ct.atomic_xchg(slots, ct.arange(TILE, dtype=ct.int32), v)
    ct.store(prev, index=(pid,), tile=old)

# CHECK-LABEL: kir.entry @flags
# CHECK: kir.atomic_rmw "or" %[[M:[0-9]+]], %arg1[%{{.*}}] mask %{{.*}} {ordering = "AcqRel", scope = "Device"} : !kir.tile<[TILE], i32>, !kir.tensor<i32, 1>
# CHECK: kir.atomic_rmw "and" %[[M]], %arg1[%{{.*}}] mask %{{.*}} {ordering = "Relaxed", scope = "Device"} : !kir.tile<[TILE], i32>, !kir.tensor<i32, 1>
# CHECK: kir.atomic_rmw "xor" %[[M]], %arg1[%{{.*}}] mask %{{.*}} {ordering = "AcqRel", scope = "TileBlock"} : !kir.tile<[TILE], i32>, !kir.tensor<i32, 1>
# CHECK: kir.atomic_rmw "min" %{{.*}}, %arg2[%{{.*}}] mask %{{.*}} {ordering = "AcqRel", scope = "Device"} : !kir.tile<[], i32>, !kir.tensor<i32, 1>
# CHECK-LABEL: kir.entry @swap
# CHECK: kir.atomic_rmw "xchg" %{{.*}}, %arg1[%{{.*}}] mask %{{.*}} {kir.name = "old", ordering = "AcqRel", scope = "Device"} : !kir.tile<[TILE], f32>, !kir.tensor<f32, 1>, !kir.tile<[TILE], ui64>, !kir.tile<[TILE], i1> -> !kir.tile<[TILE], f32>

# RUST: unsafe { atomic_rmw_tko(
# RUST-NEXT: t{{[0-9]+}}_,
# RUST-NEXT: m,
# RUST-NEXT: atomic::Or,
# RUST-NEXT: ordering::AcqRel,
# RUST-NEXT: scope::Device,
# RUST: atomic::And,
# RUST-NEXT: ordering::Relaxed,
# RUST-NEXT: scope::Device,
# RUST: atomic::Xor,
# RUST-NEXT: ordering::AcqRel,
# RUST-NEXT: scope::TileBlock,
# RUST: (Tile<i32, { [] }>, Token) = unsafe { atomic_rmw_tko(
# RUST-NEXT: t{{[0-9]+}}_,
# RUST-NEXT: t{{[0-9]+}}_,
# RUST-NEXT: atomic::Min,
# RUST-NEXT: ordering::AcqRel,
# RUST-NEXT: scope::Device,
# RUST-NEXT: Some(t{{[0-9]+}}_),
# RUST-NEXT: Some(get_tensor_token(low)),
# RUST: (Tile<f32, { [TILE] }>, Token) = unsafe { atomic_rmw_tko(
# RUST-NEXT: t{{[0-9]+}}_,
# RUST-NEXT: v,
# RUST-NEXT: atomic::Xchg,
# RUST-NEXT: ordering::AcqRel,
# RUST-NEXT: scope::Device,
# RUST-NEXT: Some(t{{[0-9]+}}_),
# RUST-NEXT: Some(get_tensor_token(slots)),
# RUST: let old: Tile<f32, { [TILE] }> = t{{[0-9]+}}_;
# RUST-NEXT: prev.store(old);
