# SPDX-License-Identifier: MIT
# Python's broadcasts made explicit: a [BM, 1] tile against [BM, BN] (a
# broadcast), an int32 scalar meeting a float tile (scalar_to_tile, a
# conversion, a reshape and a broadcast), a literal meeting a dtype-generic
# tile (an f32 constant converted).
# RUN: tileport translate --emit kir %s | FileCheck %s
# RUN: tileport translate -o %t %s && FileCheck --check-prefix=RUST %s < %t/src/lib.rs
import cuda.tile as ct


@ct.kernel(occupancy=2)
def centered(x, out, n: int, BM: ct.Constant[int], BN: ct.Constant[int]):
    pid = ct.bid(0)
    t = ct.load(x, index=(pid, 0), shape=(BM, BN))
    f = ct.astype(t, ct.float32)
    d = f - ct.max(f, axis=1, keepdims=True)
    s = d * n
    ct.store(out, index=(pid, 0), tile=ct.astype(s, t.dtype) * 2.0)

# CHECK: %[[M:.*]] = kir.reshape %{{.*}} : !kir.tile<[BM], f32> -> !kir.tile<[BM, 1], f32>
# CHECK-NEXT: %[[B:.*]] = kir.broadcast %[[M]] : !kir.tile<[BM, 1], f32> -> !kir.tile<[BM, BN], f32>
# CHECK-NEXT: kir.sub %{{.*}}, %[[B]] {kir.name = "d"}
# CHECK-NEXT: %[[S0:.*]] = kir.scalar_to_tile %arg2 : i32 -> !kir.tile<[], i32>
# CHECK-NEXT: %[[S1:.*]] = kir.convert %[[S0]] : !kir.tile<[], i32> -> !kir.tile<[], f32>
# CHECK-NEXT: %[[S2:.*]] = kir.reshape %[[S1]] : !kir.tile<[], f32> -> !kir.tile<[1, 1], f32>
# CHECK-NEXT: kir.broadcast %[[S2]] : !kir.tile<[1, 1], f32> -> !kir.tile<[BM, BN], f32>
# CHECK: %[[C:.*]] = kir.constant(2.000000e+00 : f64) : !kir.tile<[BM, BN], f32>
# CHECK-NEXT: kir.convert %[[C]] : !kir.tile<[BM, BN], f32> -> !kir.tile<[BM, BN], !kir.var<0>>

# RUST: #[cutile::entry(optimization_hints = (sm_90 = (occupancy = 2,), sm_100 = (occupancy = 2,),))]
# RUST: n: i32,
# RUST: let t2_: Tile<f32, { [BM, 1] }> = t1_.reshape(shape![BM, 1]);
# RUST-NEXT: let t3_: Tile<f32, { [BM, BN] }> = t2_.broadcast(shape![BM, BN]);
# RUST-NEXT: let d: Tile<f32, { [BM, BN] }> = f - t3_;
# RUST-NEXT: let t4_: Tile<i32, { [] }> = scalar_to_tile(n);
# RUST-NEXT: let t5_: Tile<f32, { [] }> = convert_tile(t4_);
# RUST-NEXT: let t6_: Tile<f32, { [1, 1] }> = t5_.reshape(shape![1, 1]);
# RUST-NEXT: let t7_: Tile<f32, { [BM, BN] }> = t6_.broadcast(shape![BM, BN]);
# RUST-NEXT: let s: Tile<f32, { [BM, BN] }> = d * t7_;
# RUST: constant(2.0f32, shape![BM, BN]);
