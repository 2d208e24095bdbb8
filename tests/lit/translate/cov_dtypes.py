# SPDX-License-Identifier: MIT
# API coverage: the dtypes ct.int8, ct.uint8, ct.int16, ct.float16,
# ct.bfloat16, ct.float64, ct.uint16 and ct.bool_ as astype / bitcast /
# creation targets: kir.convert to i8, ui8, i16, f16, bf16, f64 (cutile's
# convert_tile, whose float-to-int and float-to-float forms cutile 0.4.0
# compiles), kir.bitcast of bfloat16 to uint16, and a bool_ tile. Their
# diffed kernels: tests/fixtures/constructs/cov_dtypes.py.
# RUN: tileport translate --emit kir %s | FileCheck %s
# RUN: tileport translate -o %t %s && FileCheck --check-prefix=RUST %s < %t/src/lib.rs
import cuda.tile as ct


@ct.kernel
def narrow(x, q8, u8, q16, bits, out, TILE: ct.Constant[int]):
    pid = ct.bid(0)
    t = ct.astype(ct.load(x, index=(pid,), shape=(TILE,)), ct.float32)
    ct.store(q8, index=(pid,), tile=ct.astype(t, ct.int8))
    ct.store(u8, index=(pid,), tile=ct.astype(t, ct.uint8))
    ct.store(q16, index=(pid,), tile=ct.astype(t, ct.int16))
    h = ct.astype(t, ct.float16)
    b = ct.astype(t, ct.bfloat16)
    ct.store(bits, index=(pid,), tile=ct.bitcast(b, ct.uint16))
    ct.store(out, index=(pid,), tile=ct.astype(h, ct.float64) - ct.astype(b, ct.float64))


@ct.kernel
def flags(x, y, mask, TILE: ct.Constant[int]):
    pid = ct.bid(0)
    a = ct.load(x, index=(pid,), shape=(TILE,))
    b = ct.load(y, index=(pid,), shape=(TILE,))
    below = ct.astype(ct.less(a, b), ct.bool_)
    none = ct.full((TILE,), False, dtype=ct.bool_)
    ct.store(mask, index=(pid,), tile=ct.where(below, ct.less(b, a), none))

# CHECK-LABEL: kir.entry @narrow
# CHECK-SAME: !kir.tensor<i8, 1, out [TILE]> {kir.name = "q8"}, %arg2: !kir.tensor<ui8, 1, out [TILE]> {kir.name = "u8"}, %arg3: !kir.tensor<i16, 1, out [TILE]> {kir.name = "q16"}, %arg4: !kir.tensor<ui16, 1, out [TILE]> {kir.name = "bits"}, %arg5: !kir.tensor<f64, 1, out [TILE]> {kir.name = "out"}
# CHECK: %[[T:.*]] = kir.convert %{{.*}} {kir.name = "t"} : !kir.tile<[TILE], !kir.var<0>> -> !kir.tile<[TILE], f32>
# CHECK-NEXT: kir.convert %[[T]] : !kir.tile<[TILE], f32> -> !kir.tile<[TILE], i8>
# CHECK: kir.convert %[[T]] : !kir.tile<[TILE], f32> -> !kir.tile<[TILE], ui8>
# CHECK: kir.convert %[[T]] : !kir.tile<[TILE], f32> -> !kir.tile<[TILE], i16>
# CHECK: %[[H:.*]] = kir.convert %[[T]] {kir.name = "h"} : !kir.tile<[TILE], f32> -> !kir.tile<[TILE], f16>
# CHECK-NEXT: %[[B:.*]] = kir.convert %[[T]] {kir.name = "b"} : !kir.tile<[TILE], f32> -> !kir.tile<[TILE], bf16>
# CHECK-NEXT: kir.bitcast %[[B]] : !kir.tile<[TILE], bf16> -> !kir.tile<[TILE], ui16>
# CHECK: kir.convert %[[H]] : !kir.tile<[TILE], f16> -> !kir.tile<[TILE], f64>
# CHECK-NEXT: kir.convert %[[B]] : !kir.tile<[TILE], bf16> -> !kir.tile<[TILE], f64>
# CHECK-NEXT: kir.sub {{.*}} -> !kir.tile<[TILE], f64>

# An astype of a bool tile to bool_ is nothing, as in cuTile Python.
# CHECK-LABEL: kir.entry @flags
# CHECK-SAME: %arg2: !kir.tensor<i1, 1, out [TILE]> {kir.name = "mask"}
# CHECK: %[[LT:.*]] = kir.cmp "lt" %{{.*}}, %{{.*}} {kir.name = "below"} : {{.*}} -> !kir.tile<[TILE], i1>
# CHECK-NEXT: %[[F:.*]] = kir.constant(false) {kir.name = "none"} : !kir.tile<[TILE], i1>
# CHECK-NEXT: %[[GT:.*]] = kir.cmp "lt"
# CHECK-NEXT: kir.select %[[LT]], %[[GT]], %[[F]] : !kir.tile<[TILE], i1>, !kir.tile<[TILE], i1>, !kir.tile<[TILE], i1> -> !kir.tile<[TILE], i1>

# RUST: q8: &mut Tensor<i8, { [TILE] }>,
# RUST-NEXT: u8: &mut Tensor<u8, { [TILE] }>,
# RUST-NEXT: q16: &mut Tensor<i16, { [TILE] }>,
# RUST-NEXT: bits: &mut Tensor<u16, { [TILE] }>,
# RUST-NEXT: out: &mut Tensor<f64, { [TILE] }>,
# RUST: let t: Tile<f32, { [TILE] }> = convert_tile(
# RUST-NEXT: Tile<i8, { [TILE] }> = convert_tile(t);
# RUST: Tile<u8, { [TILE] }> = convert_tile(t);
# RUST: Tile<i16, { [TILE] }> = convert_tile(t);
# RUST: let h: Tile<f16, { [TILE] }> = convert_tile(t);
# RUST-NEXT: let b: Tile<bf16, { [TILE] }> = convert_tile(t);
# RUST-NEXT: Tile<u16, { [TILE] }> = bitcast(b);
# RUST: Tile<f64, { [TILE] }> = convert_tile(h);
# RUST-NEXT: Tile<f64, { [TILE] }> = convert_tile(b);
# RUST: mask: &mut Tensor<bool, { [TILE] }>,
# RUST: let below: Tile<bool, { [TILE] }> = lt_tile(a, b);
# RUST-NEXT: let none: Tile<bool, { [TILE] }> = constant(false, shape![TILE]);
# RUST-NEXT: let [[G:t[0-9]+_]]: Tile<bool, { [TILE] }> = lt_tile(b, a);
# RUST-NEXT: select(below, [[G]], none);
