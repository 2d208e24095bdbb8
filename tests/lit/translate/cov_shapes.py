# SPDX-License-Identifier: MIT
# API coverage: ct.extract and Tile.extract (kir.extract at a block index,
# cutile's extract), Tile.item (kir.tile_to_scalar of the rank-0 reshape),
# Tile.transpose (kir.transpose) and Tile.permute / ct.permute
# (kir.permute), ct.expand_dims with ct.broadcast_to (kir.reshape and
# kir.broadcast), Tile.reshape, and ct.matmul of tfloat32 tiles (kir.mma
# into a zero float32 accumulator). Their diffed kernels:
# tests/fixtures/constructs/cov_shapes.py.
# RUN: tileport translate --emit kir %s | FileCheck %s
# RUN: tileport translate -o %t %s && FileCheck --check-prefix=RUST %s < %t/src/lib.rs
import cuda.tile as ct


@ct.kernel
def halves(x, pos, out, TM: ct.Constant[int], TN: ct.Constant[int], HALF: ct.Constant[int]):
    pid = ct.bid(0)
    t = ct.load(x, index=(pid, 0), shape=(TM, TN))
    left = ct.extract(t, index=(0, 0), shape=(TM, HALF))
    right = t.extract((0, 1), (TM, HALF))
    p = ct.load(pos, index=(pid,), shape=(1,)).item()
    ct.store(out, index=(p, 0), tile=left + right)


@ct.kernel
def layouts(x, bias, out, flat, TM: ct.Constant[int], TN: ct.Constant[int], FLAT: ct.Constant[int]):
    bm, bn = ct.bid(0), ct.bid(1)
    t = ct.load(x, index=(bm, bn), shape=(TM, TN))
    tt = t.transpose()
    p = ct.expand_dims(tt, 0).permute((0, 2, 1))
    q = ct.permute(p, (2, 1, 0))
    r = ct.broadcast_to(ct.expand_dims(ct.load(bias, index=(bn,), shape=(TN,)), 0), (TM, TN))
    ct.store(out, index=(bm, bn), tile=ct.reshape(q, (TM, TN)) + r)
    ct.store(flat, index=(bm,), tile=t.reshape((FLAT,)))


@ct.kernel
def tf32_product(a, b, out, TM: ct.Constant[int], TK: ct.Constant[int], TN: ct.Constant[int]):
    bm, bn = ct.bid(0), ct.bid(1)
    x = ct.astype(ct.load(a, index=(bm, 0), shape=(TM, TK)), ct.tfloat32)
    y = ct.astype(ct.load(b, index=(0, bn), shape=(TK, TN)), ct.tfloat32)
    ct.store(out, index=(bm, bn), tile=ct.astype(ct.matmul(x, y), ct.float32))

# CHECK-LABEL: kir.entry @halves
# CHECK: %[[T:.*]] = kir.load %arg0{{.*}} -> !kir.tile<[TM, TN], !kir.var<0>>
# CHECK: %[[I0:.*]] = kir.scalar_to_tile %{{.*}} : i32 -> !kir.tile<[], i32>
# CHECK-NEXT: %[[J0:.*]] = kir.scalar_to_tile %{{.*}} : i32 -> !kir.tile<[], i32>
# CHECK-NEXT: kir.extract %[[T]][%[[I0]], %[[J0]]] {kir.name = "left"} : !kir.tile<[TM, TN], !kir.var<0>>, !kir.tile<[], i32>, !kir.tile<[], i32> -> !kir.tile<[TM, HALF], !kir.var<0>>
# CHECK: kir.constant(1 : i64) : i32
# CHECK: kir.extract %[[T]][%{{.*}}, %{{.*}}] {kir.name = "right"} : {{.*}} -> !kir.tile<[TM, HALF], !kir.var<0>>
# CHECK: %[[POS:.*]] = kir.load %arg1{{.*}} -> !kir.tile<[1], i32>
# CHECK-NEXT: %[[R0:.*]] = kir.reshape %[[POS]] : !kir.tile<[1], i32> -> !kir.tile<[], i32>
# CHECK-NEXT: %[[P:.*]] = kir.tile_to_scalar %[[R0]] {kir.name = "p"} : !kir.tile<[], i32> -> i32
# CHECK: kir.store %{{.*}}, %arg2[%[[P]], %{{.*}}]

# CHECK-LABEL: kir.entry @layouts
# CHECK: kir.transpose %{{.*}} {kir.name = "tt"} : !kir.tile<[TM, TN], !kir.var<0>> -> !kir.tile<[TN, TM], !kir.var<0>>
# CHECK-NEXT: kir.reshape %{{.*}} : !kir.tile<[TN, TM], !kir.var<0>> -> !kir.tile<[1, TN, TM], !kir.var<0>>
# CHECK-NEXT: kir.permute %{{.*}} [0, 2, 1] {kir.name = "p"} : !kir.tile<[1, TN, TM], !kir.var<0>> -> !kir.tile<[1, TM, TN], !kir.var<0>>
# CHECK-NEXT: kir.permute %{{.*}} [2, 1, 0] {kir.name = "q"} : !kir.tile<[1, TM, TN], !kir.var<0>> -> !kir.tile<[TN, TM, 1], !kir.var<0>>
# CHECK: kir.reshape %{{.*}} : !kir.tile<[TN], !kir.var<0>> -> !kir.tile<[1, TN], !kir.var<0>>
# CHECK-NEXT: kir.broadcast %{{.*}} {kir.name = "r"} : !kir.tile<[1, TN], !kir.var<0>> -> !kir.tile<[TM, TN], !kir.var<0>>
# CHECK: kir.reshape %{{.*}} : !kir.tile<[TM, TN], !kir.var<0>> -> !kir.tile<[FLAT], !kir.var<0>>

# CHECK-LABEL: kir.entry @tf32_product
# CHECK: kir.convert %{{.*}} {kir.name = "x"} : !kir.tile<[TM, TK], !kir.var<0>> -> !kir.tile<[TM, TK], tf32>
# CHECK: kir.convert %{{.*}} {kir.name = "y"} : !kir.tile<[TK, TN], !kir.var<1>> -> !kir.tile<[TK, TN], tf32>
# CHECK-NEXT: %[[Z:.*]] = kir.constant(0.000000e+00 : f64) : !kir.tile<[TM, TN], f32>
# CHECK-NEXT: kir.mma %{{.*}}, %{{.*}}, %[[Z]] : !kir.tile<[TM, TK], tf32>, !kir.tile<[TK, TN], tf32>, !kir.tile<[TM, TN], f32> -> !kir.tile<[TM, TN], f32>

# RUST: let [[A:t[0-9]+_]]: Tile<i32, { [] }> = scalar_to_tile(0i32);
# RUST-NEXT: let [[B:t[0-9]+_]]: Tile<i32, { [] }> = scalar_to_tile(0i32);
# RUST-NEXT: let left: Tile<E, { [TM, HALF] }> = extract(t, {{\[}}[[A]], [[B]]{{\]}});
# RUST-NEXT: let [[C:t[0-9]+_]]: Tile<i32, { [] }> = scalar_to_tile(0i32);
# RUST-NEXT: let [[D:t[0-9]+_]]: Tile<i32, { [] }> = scalar_to_tile(1i32);
# RUST-NEXT: let right: Tile<E, { [TM, HALF] }> = extract(t, {{\[}}[[C]], [[D]]{{\]}});
# RUST: let [[R:t[0-9]+_]]: Tile<i32, { [] }> = t{{[0-9]+}}_.reshape(shape![]);
# RUST-NEXT: let p: i32 = tile_to_scalar([[R]]);
# RUST: let tt: Tile<E, { [TN, TM] }> = t.transpose();
# RUST-NEXT: let [[E:t[0-9]+_]]: Tile<E, { [1, TN, TM] }> = tt.reshape(shape![1, TN, TM]);
# RUST-NEXT: let p: Tile<E, { [1, TM, TN] }> = permute([[E]], const_array![0, 2, 1]);
# RUST-NEXT: let q: Tile<E, { [TN, TM, 1] }> = permute(p, const_array![2, 1, 0]);
# RUST: let r: Tile<E, { [TM, TN] }> = t{{[0-9]+}}_.broadcast(shape![TM, TN]);
# RUST: = t.reshape(shape![FLAT]);
# RUST: let x: Tile<tf32, { [TM, TK] }> = convert_tile(
# RUST: let y: Tile<tf32, { [TK, TN] }> = convert_tile(
# RUST-NEXT: let [[Z:t[0-9]+_]]: Tile<f32, { [TM, TN] }> = constant(0.0f32, shape![TM, TN]);
# RUST-NEXT: = mma(x, y, [[Z]]);
