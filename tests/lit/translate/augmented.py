# SPDX-License-Identifier: MIT
# `x op= e` is x's value, e's, then the operator; on a carried name it
# assigns in place.
# RUN: tileport translate --emit kir %s | FileCheck %s
# RUN: tileport translate -o %t %s && FileCheck --check-prefix=RUST %s < %t/src/lib.rs
import cuda.tile as ct


@ct.kernel
def accumulate(a, out, TILE: ct.Constant[int]):
    pid = ct.bid(0)
    acc = ct.load(a, index=(pid,), shape=(TILE,))
    cnt = 0
    for k in range(4):
        acc += acc
        cnt += 1
    acc /= acc
    ct.store(out, index=(pid + cnt,), tile=acc)

# CHECK: %[[CNT:.*]] = kir.constant(0 : i64) {kir.name = "cnt"} : i32
# CHECK: %[[LOOP:.*]]:2 = kir.for "k" = {{.*}} iter_args(%{{.*}}, %[[CNT]] : !kir.tile<[TILE], !kir.var<0>>, i32)
# CHECK: kir.add %arg3, %arg3 {kir.name = "acc"}
# CHECK: kir.add %arg4, %{{.*}} {kir.name = "cnt"} : i32, i32 -> i32
# CHECK: } {carried = ["acc", "cnt"]}
# CHECK-NEXT: kir.div %[[LOOP]]#0, %[[LOOP]]#0 {kir.name = "acc"}

# The loop never reads k: `_k`, so rustc has no unused variable to report.
# RUST: let mut cnt: i32 = 0i32;
# RUST-NEXT: for _k in 0i32..4i32 {
# RUST-NEXT: acc = acc + acc;
# RUST-NEXT: cnt = cnt + 1i32;
# RUST-NEXT: }
# RUST-NEXT: let acc: Tile<E, { [TILE] }> = acc / acc;
# RUST: unsafe { t1_.store_unchecked(acc, [(pid + cnt)]) };
