# SPDX-License-Identifier: MIT
# API coverage: the function forms ct.bitwise_and / _or / _xor / _lshift /
# _rshift (kir.and/or/xor/shl/shr; cutile's andi/ori/xori, the `<<`
# operator, shri) on int32 tiles and on uint32 lanes, and ct.equal /
# ct.not_equal / ct.less / ct.greater_equal (kir.cmp and cutile's *_tile
# comparisons). Their diffed kernels: tests/fixtures/constructs/cov_bits.py.
# RUN: tileport translate --emit kir %s | FileCheck %s
# RUN: tileport translate -o %t %s && FileCheck --check-prefix=RUST %s < %t/src/lib.rs
import cuda.tile as ct


@ct.kernel
def bits(x, y, out, TILE: ct.Constant[int]):
    pid = ct.bid(0)
    a = ct.load(x, index=(pid,), shape=(TILE,))
    b = ct.load(y, index=(pid,), shape=(TILE,))
    n = ct.bitwise_and(a, b)
    o = ct.bitwise_or(a, b)
    e = ct.bitwise_xor(n, o)
    s = ct.bitwise_lshift(e, 3)
    ct.store(out, index=(pid,), tile=ct.bitwise_rshift(s, b))


@ct.kernel
def lanes(out, TILE: ct.Constant[int]):
    pid = ct.bid(0)
    u = ct.astype(ct.arange(TILE, dtype=ct.int32) + pid * TILE, ct.uint32)
    h = ct.bitwise_xor(u, ct.bitwise_rshift(u, 16))
    ct.store(out, index=(pid,), tile=ct.bitwise_or(ct.bitwise_lshift(h, 3), ct.bitwise_and(h, 7)))


@ct.kernel
def compares(x, y, out, TILE: ct.Constant[int]):
    pid = ct.bid(0)
    a = ct.load(x, index=(pid,), shape=(TILE,))
    b = ct.load(y, index=(pid,), shape=(TILE,))
    lo = ct.where(ct.less(a, b), a, b)
    hi = ct.where(ct.greater_equal(a, b), a, b)
    same = ct.where(ct.equal(a, b), lo, hi)
    ct.store(out, index=(pid,), tile=ct.where(ct.not_equal(lo, hi), same, a))

# An integer operator makes the arrays int32.
# CHECK-LABEL: kir.entry @bits(%arg0: !kir.tensor<i32, 1> {kir.name = "x"}, %arg1: !kir.tensor<i32, 1> {kir.name = "y"}
# CHECK: %[[A:.*]] = kir.load %arg0
# CHECK-NEXT: %[[B:.*]] = kir.load %arg1
# CHECK-NEXT: %[[N:.*]] = kir.and %[[A]], %[[B]] {kir.name = "n"} : !kir.tile<[TILE], i32>, !kir.tile<[TILE], i32> -> !kir.tile<[TILE], i32>
# CHECK-NEXT: %[[O:.*]] = kir.or %[[A]], %[[B]] {kir.name = "o"} : !kir.tile<[TILE], i32>, !kir.tile<[TILE], i32> -> !kir.tile<[TILE], i32>
# CHECK-NEXT: %[[E:.*]] = kir.xor %[[N]], %[[O]] {kir.name = "e"}
# CHECK-NEXT: %[[C3:.*]] = kir.constant(3 : i64) : !kir.tile<[TILE], i32>
# CHECK-NEXT: %[[S:.*]] = kir.shl %[[E]], %[[C3]] {kir.name = "s"}
# CHECK-NEXT: kir.shr %[[S]], %[[B]] : !kir.tile<[TILE], i32>, !kir.tile<[TILE], i32> -> !kir.tile<[TILE], i32>

# The astype of a known int32 tile to uint32 (same width) is cutile's bitcast; the
# literals take the tile's unsigned type.
# CHECK-LABEL: kir.entry @lanes(%arg0: !kir.tensor<ui32, 1, out [TILE]>
# CHECK: %[[U:.*]] = kir.convert %{{.*}} {kir.name = "u"} : !kir.tile<[TILE], i32> -> !kir.tile<[TILE], ui32>
# CHECK-NEXT: %[[C16:.*]] = kir.constant(16 : i64) : !kir.tile<[TILE], ui32>
# CHECK-NEXT: %[[R:.*]] = kir.shr %[[U]], %[[C16]] : !kir.tile<[TILE], ui32>, !kir.tile<[TILE], ui32> -> !kir.tile<[TILE], ui32>
# CHECK-NEXT: %[[H:.*]] = kir.xor %[[U]], %[[R]] {kir.name = "h"}
# CHECK: kir.shl %[[H]], %{{.*}} : !kir.tile<[TILE], ui32>
# CHECK: kir.and %[[H]], %{{.*}} : !kir.tile<[TILE], ui32>
# CHECK-NEXT: kir.or

# CHECK-LABEL: kir.entry @compares
# CHECK: kir.cmp "lt" %{{.*}}, %{{.*}} : !kir.tile<[TILE], !kir.var<0>>, !kir.tile<[TILE], !kir.var<0>> -> !kir.tile<[TILE], i1>
# CHECK-NEXT: kir.select %{{.*}} {kir.name = "lo"}
# CHECK-NEXT: kir.cmp "ge"
# CHECK-NEXT: kir.select %{{.*}} {kir.name = "hi"}
# CHECK-NEXT: kir.cmp "eq"
# CHECK-NEXT: kir.select %{{.*}} {kir.name = "same"}
# CHECK-NEXT: kir.cmp "ne"

# RUST: let n: Tile<i32, { [TILE] }> = andi(a, b);
# RUST-NEXT: let o: Tile<i32, { [TILE] }> = ori(a, b);
# RUST-NEXT: let e: Tile<i32, { [TILE] }> = xori(n, o);
# RUST-NEXT: let [[C:t[0-9]+_]]: Tile<i32, { [TILE] }> = constant(3i32, shape![TILE]);
# RUST-NEXT: let s: Tile<i32, { [TILE] }> = e << [[C]];
# RUST-NEXT: = shri(s, b);
# RUST: let u: Tile<u32, { [TILE] }> = bitcast(
# RUST-NEXT: constant(16u32, shape![TILE]);
# RUST-NEXT: = shri(u, t{{[0-9]+}}_);
# RUST-NEXT: let h: Tile<u32, { [TILE] }> = xori(u, t{{[0-9]+}}_);
# RUST-NEXT: constant(3u32, shape![TILE]);
# RUST-NEXT: = h << t{{[0-9]+}}_;
# RUST-NEXT: constant(7u32, shape![TILE]);
# RUST-NEXT: = andi(h, t{{[0-9]+}}_);
# RUST-NEXT: = ori(
# RUST: let [[LT:t[0-9]+_]]: Tile<bool, { [TILE] }> = lt_tile(a, b);
# RUST-NEXT: let lo: Tile<E, { [TILE] }> = select([[LT]], a, b);
# RUST-NEXT: let [[GE:t[0-9]+_]]: Tile<bool, { [TILE] }> = ge_tile(a, b);
# RUST-NEXT: let hi: Tile<E, { [TILE] }> = select([[GE]], a, b);
# RUST-NEXT: let [[EQ:t[0-9]+_]]: Tile<bool, { [TILE] }> = eq_tile(a, b);
# RUST-NEXT: let same: Tile<E, { [TILE] }> = select([[EQ]], lo, hi);
# RUST-NEXT: let [[NE:t[0-9]+_]]: Tile<bool, { [TILE] }> = ne_tile(lo, hi);
# RUST-NEXT: select([[NE]], same, a);
