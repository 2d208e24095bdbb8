# SPDX-License-Identifier: MIT
# Scalars as tiles: ct.astype of a scalar (a rank-0 tile, converted),
# ct.full with a runtime fill (rank-0, converted, reshaped, broadcast), a
# scalar product meeting a tile (plain index arithmetic, bound once), and
# a product of a named product contracted with the sum it feeds.
# RUN: tileport translate --emit kir %s | FileCheck %s
# RUN: tileport translate -o %t %s && FileCheck --check-prefix=RUST %s < %t/src/lib.rs
import cuda.tile as ct


@ct.kernel
def scaled(x, out, k: int, BM: ct.Constant[int], BN: ct.Constant[int]):
    pid = ct.bid(0)
    n = ct.astype(x.shape[1], ct.float32)
    fill = ct.full((BM, BN), k, ct.float32)
    col = pid * BN + ct.arange(BN, dtype=ct.int32)
    t = ct.astype(ct.load(x, index=(pid, 0), shape=(BM, BN)), ct.float32)
    normed = (t - fill) * n
    y = normed * t + fill
    ct.store(out, index=(pid, 0), tile=y + ct.astype(ct.reshape(col, (1, BN)), ct.float32))

# CHECK: %[[D:.*]] = kir.dim %arg0, 1
# CHECK-NEXT: %[[S:.*]] = kir.scalar_to_tile %[[D]] : i32 -> !kir.tile<[], i32>
# CHECK-NEXT: kir.convert %[[S]] {kir.name = "n"} : !kir.tile<[], i32> -> !kir.tile<[], f32>
# CHECK: kir.scalar_to_tile %arg2 : i32 -> !kir.tile<[], i32>
# CHECK: kir.broadcast %{{.*}} {kir.name = "fill"} : !kir.tile<[1, 1], f32> -> !kir.tile<[BM, BN], f32>
# CHECK: kir.mul %{{.*}}, %{{.*}} {kir.name = "normed"}
# CHECK: kir.fma %{{.*}}, %{{.*}}, %{{.*}} {kir.name = "y"}

# RUST: let t0_: Tile<i32, { [] }> = scalar_to_tile(x.shape()[1]);
# RUST-NEXT: let n: Tile<f32, { [] }> = convert_tile(t0_);
# RUST: let fill: Tile<f32, { [BM, BN] }> = t3_.broadcast(shape![BM, BN]);
# RUST-NEXT: let t4_: Tile<i32, { [BN] }> = iota(shape![BN]);
# RUST-NEXT: let t5_: i32 = pid * BN;
# RUST-NEXT: let t6_: Tile<i32, { [BN] }> = broadcast_scalar(t5_, shape![BN]);
# RUST: let y: Tile<f32, { [BM, BN] }> = fma(normed, t, fill, rounding::NearestEven, ftz::Disabled);
