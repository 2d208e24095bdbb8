# SPDX-License-Identifier: MIT
# The methods of an array parameter. get_raw_memory() names its base: a
# RawArrayMemory's load_offset / store_offset / atomic_*_offset are pointer
# lanes at the offsets widened to u64 (kir.load_ptr, kir.store_ptr,
# kir.atomic_rmw, kir.atomic_cas), with mask= and no bounds; an array read
# only this way is rank 1. tiled_view() is a name for the array, its tile
# shape and padding: the view's load, store and num_tiles are ct.load's,
# ct.store's and ct.num_tiles' (the store broadcasts to the tile shape);
# its atomic_store_<op> is kir.atomic_red_view (cutile's
# tileir::atomic_red_view_tko on the partition, relaxed at device scope).
# RUN: tileport translate --emit kir %s | FileCheck %s
# RUN: tileport translate -o %t %s && FileCheck --check-prefix=RUST %s < %t/src/lib.rs
# RUN: not tileport translate --emit kir %S/Inputs/array_methods_bad.py 2>&1 | FileCheck --check-prefix=BAD %s
import cuda.tile as ct


@ct.kernel
def scatter_back(x, perm, out, flags, TILE: ct.Constant[int]):
    src = ct.load(perm, index=(ct.bid(0),), shape=(TILE,))
    mem = x.get_raw_memory()
    v = mem.load_offset(src, mask=src >= 0, padding_value=0)
    out.get_raw_memory().store_offset(src, v)
    old = flags.get_raw_memory().atomic_cas_offset(src, 0, 1, memory_order=ct.MemoryOrder.RELAXED)
    flags.get_raw_memory().atomic_xor_offset(src, old, mask=old == 0)

# CHECK-LABEL: kir.entry @scatter_back
# CHECK-SAME: !kir.tensor<!kir.var<0>, 1> {kir.name = "x"}
# CHECK-SAME: !kir.tensor<!kir.var<0>, 1> {kir.name = "out"}
# CHECK: %[[OFF:[0-9]+]] = kir.convert %{{[0-9]+}} : !kir.tile<[TILE], i32> -> !kir.tile<[TILE], ui64>
# CHECK: kir.load_ptr %arg0[%[[OFF]]] mask %{{[0-9]+}} {kir.name = "v", latency = 0 : i32, padding = 0.000000e+00 : f64
# CHECK: kir.store_ptr %{{[0-9]+}}, %arg2[%{{[0-9]+}}] {latency = 0 : i32}
# CHECK: kir.atomic_cas %{{[0-9]+}}, %{{[0-9]+}}, %arg3[%{{[0-9]+}}] {kir.name = "old", ordering = "Relaxed", scope = "Device"}
# CHECK: kir.atomic_rmw "xor" %{{[0-9]+}}, %arg3[%{{[0-9]+}}] mask

# RUST: use cutile::tileir::*;
# RUST: load_ptr_tko(
# RUST: store_ptr_tko(
# RUST: atomic_cas_tko(
# RUST: atomic_rmw_tko(


@ct.kernel
def view_scale(x, out, BM: ct.Constant[int], BN: ct.Constant[int]):
    src = x.tiled_view((BM, BN), padding_mode=ct.PaddingMode.ZERO)
    dst = out.tiled_view((BM, BN))
    for j in range(src.num_tiles(-1)):
        dst.store((ct.bid(0), j), src.load((ct.bid(0), j)) * 2)
    dst.store((ct.bid(0), 0), ct.full((1, BN), 1.0, dtype=ct.float32))
    dst.atomic_store_add((0, 0), src.load((ct.bid(0), 0)))

# CHECK-LABEL: kir.entry @view_scale
# CHECK: kir.num_tiles %arg0, 1, ["BM", "BN"]
# CHECK: kir.load %arg0[{{.*}}] {padding = "Zero"} : !kir.tensor<f32, 2> -> !kir.tile<[BM, BN], f32>
# CHECK: kir.store {{.*}}, %arg1[
# CHECK: kir.broadcast %{{[0-9]+}} : !kir.tile<[1, BN], f32> -> !kir.tile<[BM, BN], f32>
# CHECK: kir.atomic_red_view "add" %{{[0-9]+}}, %arg1[{{.*}}] : !kir.tile<[BM, BN], f32>, !kir.tensor<f32, 2>

# RUST: atomic_red_view_tko(
# RUST-NEXT: &mut t{{[0-9]+}}_,
# RUST: atomic::AddF,
# RUST-NEXT: ordering::Relaxed,
# RUST-NEXT: scope::Device,


@ct.kernel
def every_atomic(keys, counts, acc, BM: ct.Constant[int]):
    k = ct.load(keys, index=(ct.bid(0),), shape=(BM,))
    m = counts.get_raw_memory()
    m.atomic_add_offset(k, 1)
    m.atomic_max_offset(k, 1)
    m.atomic_min_offset(k, 1)
    m.atomic_and_offset(k, 1)
    m.atomic_or_offset(k, 1)
    m.atomic_xchg_offset(k, 1)
    v = acc.tiled_view((BM,))
    v.atomic_store_max((0,), k)
    v.atomic_store_min((0,), k)
    v.atomic_store_and((0,), k)
    v.atomic_store_or((0,), k)
    v.atomic_store_xor((0,), k)

# CHECK-LABEL: kir.entry @every_atomic
# CHECK: kir.atomic_rmw "add"
# CHECK: kir.atomic_rmw "max"
# CHECK: kir.atomic_rmw "min"
# CHECK: kir.atomic_rmw "and"
# CHECK: kir.atomic_rmw "or"
# CHECK: kir.atomic_rmw "xchg"
# CHECK: kir.atomic_red_view "max" %{{[0-9]+}}, %arg2[{{.*}}] : !kir.tile<[BM], i32>, !kir.tensor<i32, 1>
# CHECK: kir.atomic_red_view "min"
# CHECK: kir.atomic_red_view "and"
# CHECK: kir.atomic_red_view "or"
# CHECK: kir.atomic_red_view "xor"

# BAD: array_methods_bad.py:9:{{[0-9]+}}: error: .load_offset(): needs a RawArrayMemory (array.get_raw_memory()) as receiver
# BAD: array_methods_bad.py:15:{{[0-9]+}}: error: .tiled_view traversal_steps: steps other than the tile shape need cutile's tileir::make_strided_view
# BAD: array_methods_bad.py:21:{{[0-9]+}}: error: TiledView.atomic_store_max: has no form for i8 elements (cuTile Python takes 32/64-bit ints)
