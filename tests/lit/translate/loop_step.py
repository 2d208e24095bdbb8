# SPDX-License-Identifier: MIT
# range() with a literal step and with a runtime one; a counter re-bound
# later is a typed local, carried through the loop.
# RUN: tileport translate --emit kir %s | FileCheck %s
# RUN: tileport translate -o %t %s && FileCheck --check-prefix=RUST %s < %t/src/lib.rs
import cuda.tile as ct


@ct.kernel
def strided(a, out, n, TILE: ct.Constant[int]):
    pid = ct.bid(0)
    acc = ct.load(a, index=(pid,), shape=(TILE,))
    for j in range(0, 8, 2):
        acc = acc + ct.load(a, index=(j,), shape=(TILE,))
    for j in range(0, 8, n):
        acc = acc - ct.load(a, index=(j,), shape=(TILE,))
    ct.store(out, index=(pid,), tile=acc)

# CHECK: kir.for "j" = %{{.*}} to %{{.*}} step %{{.*}} iter_args(
# CHECK: kir.for "j" = %{{.*}} to %{{.*}} step %arg2 iter_args(

# RUST: n: i32,
# RUST: for j in (0i32..8i32).step_by(2) {
# RUST: acc = acc + t2_;
# RUST: for j in (0i32..8i32).step_by(n as usize) {
# RUST: acc = acc - t4_;
# RUST: out.store(acc);
