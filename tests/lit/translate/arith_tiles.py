# SPDX-License-Identifier: MIT
# Element-wise + - * / on tiles of one shape: one typed let each.
# RUN: tileport translate --emit kir %s | FileCheck %s
# RUN: tileport translate -o %t %s && FileCheck --check-prefix=RUST %s < %t/src/lib.rs
import cuda.tile as ct


@ct.kernel
def arith(a, b, out, TILE: ct.Constant[int]):
    pid = ct.bid(0)
    x = ct.load(a, index=(pid,), shape=(TILE,))
    y = ct.load(b, index=(pid,), shape=(TILE,))
    s = x + y
    d = x - y
    p = s * d
    q = p / y
    ct.store(out, index=(pid,), tile=q)

# CHECK: kir.add %1, %2 {kir.name = "s"}
# CHECK-NEXT: kir.sub %1, %2 {kir.name = "d"}
# CHECK-NEXT: kir.mul %3, %4 {kir.name = "p"}
# CHECK-NEXT: kir.div %5, %2 {kir.name = "q"}

# RUST: let s: Tile<E, { [TILE] }> = x + y;
# RUST-NEXT: let d: Tile<E, { [TILE] }> = x - y;
# RUST-NEXT: let p: Tile<E, { [TILE] }> = s * d;
# RUST-NEXT: let q: Tile<E, { [TILE] }> = p / y;
# RUST-NEXT: out.store(q);
