# SPDX-License-Identifier: MIT
# Python's `%` takes the divisor's sign: remi, then the divisor added back
# where the signs differ and the remainder is not 0; an i32 scalar `%`
# goes through rank-0 tiles.
# RUN: tileport translate --emit kir %s | FileCheck %s
# RUN: tileport translate -o %t %s && FileCheck --check-prefix=RUST %s < %t/src/lib.rs
import cuda.tile as ct


@ct.kernel
def wrap(x, y, n: int, TILE: ct.Constant[int]):
    pid = ct.bid(0)
    h = ct.load(x, index=(pid,), shape=(TILE,))
    ct.store(y, index=(pid % n,), tile=h % 7)

# CHECK: kir.rem %{{.*}}, %{{.*}} : !kir.tile<[], i32>
# CHECK: %[[R:.*]] = kir.rem %{{.*}}, %[[B:.*]] : !kir.tile<[TILE], i32>
# CHECK-NEXT: %[[Z:.*]] = kir.constant(0 : i64) : !kir.tile<[TILE], i32>
# CHECK-NEXT: %[[RN:.*]] = kir.cmp "lt" %[[R]], %[[Z]]
# CHECK-NEXT: %[[BN:.*]] = kir.cmp "lt" %[[B]], %[[Z]]
# CHECK-NEXT: %[[D:.*]] = kir.xor %[[RN]], %[[BN]] : !kir.tile<[TILE], i1>
# CHECK-NEXT: %[[NZ:.*]] = kir.cmp "ne" %[[R]], %[[Z]]
# CHECK-NEXT: %[[F:.*]] = kir.and %[[D]], %[[NZ]]
# CHECK-NEXT: %[[A:.*]] = kir.add %[[R]], %[[B]]
# CHECK-NEXT: kir.select %[[F]], %[[A]], %[[R]]

# RUST: remi(
# RUST: let t{{[0-9]+}}_: Tile<bool, { [TILE] }> = xori(
# RUST: let t{{[0-9]+}}_: Tile<bool, { [TILE] }> = andi(
# RUST: select(
