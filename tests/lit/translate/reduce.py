# SPDX-License-Identifier: MIT
# ct.sum / ct.max along an axis, in full, and with keepdims; a result with a
# const-generic dim or a generic dtype is converted to its own type.
# RUN: tileport translate --emit kir %s | FileCheck %s
# RUN: tileport translate -o %t %s && FileCheck --check-prefix=RUST %s < %t/src/lib.rs
import cuda.tile as ct


@ct.kernel
def sums(x, rows, peak, BM: ct.Constant[int], BN: ct.Constant[int]):
    pid = ct.bid(0)
    t = ct.astype(ct.load(x, index=(pid, 0), shape=(BM, BN)), ct.float32)
    r = ct.sum(t, axis=1)
    ct.store(rows, index=(pid,), tile=r)
    m = ct.max(t, keepdims=True)
    ct.store(peak, index=(pid, 0), tile=m)

# CHECK: %[[R:.*]] = kir.reduce "sum" %{{.*}}, 1 : !kir.tile<[BM, BN], f32> -> !kir.tile<[BM], f32>
# CHECK-NEXT: kir.convert %[[R]] {kir.name = "r"} : !kir.tile<[BM], f32> -> !kir.tile<[BM], f32>
# CHECK: %[[M0:.*]] = kir.reduce "max" %{{.*}}, 0 : !kir.tile<[BM, BN], f32> -> !kir.tile<[BN], f32>
# CHECK-NEXT: %[[M1:.*]] = kir.reduce "max" %[[M0]], 0 : !kir.tile<[BN], f32> -> !kir.tile<[], f32>
# CHECK-NEXT: kir.reshape %[[M1]] {kir.name = "m"} : !kir.tile<[], f32> -> !kir.tile<[1, 1], f32>

# RUST: let t2_: Tile<f32, { [BM] }> = reduce_sum(t, 1i32);
# RUST-NEXT: let r: Tile<f32, { [BM] }> = convert_tile(t2_);
# RUST: let t3_: Tile<f32, { [BN] }> = reduce_max(t, 0i32);
# RUST-NEXT: let t4_: Tile<f32, { [] }> = reduce_max(t3_, 0i32);
# RUST-NEXT: let m: Tile<f32, { [1, 1] }> = t4_.reshape(shape![1, 1]);
