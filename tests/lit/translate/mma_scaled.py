# SPDX-License-Identifier: MIT
# ct.mma_scaled is kir.mma_scaled and cutile's mmaf_scaled (operands, then
# the accumulator, then the scales); the entry needs sm_100. A float8
# literal is its bits as an i8 constant, bitcast (no Rust literal of an
# 8-bit float; f32 to f8E8M0FNU conversion needs Tile IR 13.4).
# RUN: tileport translate --emit kir %s | FileCheck %s
# RUN: tileport translate -o %t %s && FileCheck --check-prefix=RUST %s < %t/src/lib.rs
# RUN: FileCheck --check-prefix=MANIFEST %s < %t/tileport-crate.json
# RUN: not tileport translate --emit kir %S/Inputs/mma_scaled_shapes.py 2>&1 | FileCheck --check-prefix=SHAPES %s
import cuda.tile as ct


@ct.kernel
def scaled(a, b, c, TM: ct.Constant[int], TN: ct.Constant[int], TK: ct.Constant[int]):
    ta = ct.astype(ct.load(a, index=(ct.bid(0), 0), shape=(TM, TK)), ct.float8_e4m3fn)
    tb = ct.astype(ct.load(b, index=(0, ct.bid(1)), shape=(TK, TN)), ct.float8_e4m3fn)
    sa = ct.full((TM, 4), 1.0, ct.float8_e8m0fnu)
    sb = ct.full((4, TN), 2.0, ct.float8_e8m0fnu)
    acc = ct.mma_scaled(ta, sa, tb, sb, ct.zeros((TM, TN), ct.float32))
    ct.store(c, index=(ct.bid(0), ct.bid(1)), tile=acc)

# CHECK: kir.constant(127 : i64) : !kir.tile<[TM, 4], i8>
# CHECK: kir.bitcast %{{.*}} : !kir.tile<[TM, 4], i8> -> !kir.tile<[TM, 4], f8E8M0FNU>
# CHECK: kir.constant(-128 : i64) : !kir.tile<[4, TN], i8>
# CHECK: kir.mma_scaled %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {kir.name = "acc"}

# RUST: let sa: Tile<f8e8m0fnu, { [TM, 4] }> = bitcast(
# RUST: let acc: Tile<f32, { [TM, TN] }> = mmaf_scaled(ta, tb, t{{[0-9]+}}_, sa, sb);

# MANIFEST: "min_target": "sm_100"

# SHAPES: mma_scaled_shapes.py:11:{{[0-9]+}}: error: ct.mma_scaled: the scales must be [M, Ks] and [Ks, N] for operands [M, K] and [K, N]
