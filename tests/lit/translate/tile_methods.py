# SPDX-License-Identifier: MIT
# Tile methods lower as the ct functions they mirror, the receiver lowered
# once; ct.permute, ct.expand_dims, ct.broadcast_to, ct.truediv and the
# builtin min/max of two scalars.
# RUN: tileport translate --emit kir %s | FileCheck %s
# RUN: tileport translate -o %t %s && FileCheck --check-prefix=RUST %s < %t/src/lib.rs
import cuda.tile as ct


@ct.kernel
def methods(a, out, N: ct.Constant[int], TILE: ct.Constant[int]):
    pid = ct.bid(0)
    x = ct.load(a, index=(pid, 0, 0), shape=(1, TILE, N)).reshape((TILE, N))
    p = ct.permute(ct.expand_dims(x, 0), (0, 2, 1))
    q = ct.broadcast_to(ct.reshape(p, (N, TILE)), (N, TILE))
    s = ct.truediv(q.sum(axis=0), 2.0)
    lo = min(pid, N)
    hi = max(lo, 1)
    ct.store(out, index=(hi,), tile=s)

# CHECK: %[[L:.*]] = kir.load
# CHECK-NEXT: kir.reshape %[[L]] {kir.name = "x"}
# CHECK-NEXT: kir.reshape {{.*}} -> !kir.tile<[1, TILE, N], {{.*}}>
# CHECK-NEXT: kir.permute {{.*}} [0, 2, 1] {kir.name = "p"} {{.*}} -> !kir.tile<[1, N, TILE], {{.*}}>
# CHECK: kir.reduce
# CHECK: kir.div
# CHECK: kir.minimum %0, %{{.*}} {kir.name = "lo"} : i32, i32 -> i32
# CHECK: kir.maximum

# RUST: let p: Tile<E, { [1, N, TILE] }> = permute(t{{[0-9]+}}_, const_array![0, 2, 1]);
# RUST: let lo: i32 = min(pid, N);
# RUST-NEXT: let hi: i32 = max(lo, 1i32);
