# SPDX-License-Identifier: MIT
# Python's `_` is a name a kernel may read (the Triton front-end indexes a
# K loop's tiles with `for _ in range(..)`); in Rust `_` is only a pattern,
# so the port names it `_0` (`__0` where the body never reads it).
# RUN: tileport translate -o %t %s && FileCheck --check-prefix=RUST %s < %t/src/lib.rs
import cuda.tile as ct


@ct.kernel
def block_sums(x, y, n: int, TILE: ct.Constant[int]):
    acc = ct.zeros((TILE,), ct.float32)
    for _ in range(n):
        acc = acc + ct.load(x, index=(_,), shape=(TILE,))
    for _ in range(2):
        acc = acc * 2.0
    ct.store(y, index=(ct.bid(0),), tile=acc)


# RUST: for _0 in 0i32..n {
# RUST: [_0],
# RUST: for __0 in 0i32..2i32 {
