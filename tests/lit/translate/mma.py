# SPDX-License-Identifier: MIT
# ct.mma in a k loop (the accumulator carried, f32 against generic
# operands), ct.reshape of the 3-D loads, ct.transpose.
# RUN: tileport translate --emit kir %s | FileCheck %s
# RUN: tileport translate -o %t %s && FileCheck --check-prefix=RUST %s < %t/src/lib.rs
import cuda.tile as ct


@ct.kernel
def bmm_t(a, b, c, BM: ct.Constant[int], BN: ct.Constant[int], BK: ct.Constant[int]):
    bm = ct.bid(0)
    bn = ct.bid(1)
    acc = ct.zeros((BM, BN), ct.float32)
    for k in range(ct.num_tiles(a, 2, shape=(1, BM, BK))):
        ta = ct.reshape(ct.load(a, index=(0, bm, k), shape=(1, BM, BK), padding_mode=ct.PaddingMode.ZERO), (BM, BK))
        tb = ct.load(b, index=(bn, k), shape=(BN, BK), padding_mode=ct.PaddingMode.ZERO)
        acc = ct.mma(ta, ct.transpose(tb), acc)
    ct.store(c, index=(bm, bn), tile=ct.astype(acc, c.dtype))

# CHECK: kir.for "k"
# CHECK: kir.reshape %{{.*}} {kir.name = "ta"} : !kir.tile<[1, BM, BK], !kir.var<0>> -> !kir.tile<[BM, BK], !kir.var<0>>
# CHECK: %[[T:.*]] = kir.transpose %{{.*}} : !kir.tile<[BN, BK], !kir.var<0>> -> !kir.tile<[BK, BN], !kir.var<0>>
# CHECK-NEXT: kir.mma %{{.*}}, %[[T]], %arg{{.*}} {kir.name = "acc"} : !kir.tile<[BM, BK], !kir.var<0>>, !kir.tile<[BK, BN], !kir.var<0>>, !kir.tile<[BM, BN], f32> -> !kir.tile<[BM, BN], f32>

# RUST: let mut acc: Tile<f32, { [BM, BN] }> = constant(0.0f32, shape![BM, BN]);
# RUST: for k in 0i32..num_tiles(&t0_, 2i32) {
# RUST: let ta: Tile<E0, { [BM, BK] }> = t1_.reshape(shape![BM, BK]);
# RUST: let t2_: Tile<E0, { [BK, BN] }> = tb.transpose();
# RUST-NEXT: acc = mma(ta, t2_, acc);
# RUST-NEXT: }
# RUST-NEXT: let t3_: Tile<E1, { [BM, BN] }> = convert_tile(acc);
