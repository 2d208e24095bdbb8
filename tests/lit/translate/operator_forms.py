# SPDX-License-Identifier: MIT
# ct.bitcast (kir.bitcast: the same bits as another dtype of one width), the
# function forms of the comparisons and of unary minus and ~ (the operators'
# ops), ct.floordiv / ct.mod (as // and %), and the one-argument math
# functions ct.floor, ct.ceil, ct.tan, ct.sinh, ct.cosh (kir.math).
# RUN: tileport translate --emit kir %s | FileCheck %s
# RUN: tileport translate -o %t %s && FileCheck --check-prefix=RUST %s < %t/src/lib.rs
# RUN: not tileport translate --emit kir %S/Inputs/bitcast_width.py 2>&1 | FileCheck --check-prefix=WIDTH %s
import cuda.tile as ct


@ct.kernel
def forms(x, y, out, TILE: ct.Constant[int]):
    pid = ct.bid(0)
    a = ct.load(x, index=(pid,), shape=(TILE,))
    b = ct.load(y, index=(pid,), shape=(TILE,))
    bits = ct.bitcast(a, ct.int32)
    k = ct.bitwise_not(ct.floordiv(bits, 3)) + ct.mod(bits, 3)
    f = ct.bitcast(k, ct.float32)
    m = ct.where(ct.greater(f, b), ct.floor(f), ct.negative(ct.ceil(b)))
    t = ct.tan(m) + ct.sinh(m) + ct.cosh(m)
    ct.store(out, index=(pid,), tile=ct.where(ct.less_equal(a, b), t, m))

# CHECK: %[[BITS:.*]] = kir.bitcast %{{.*}} {kir.name = "bits"} : !kir.tile<[TILE], !kir.var<{{[0-9]+}}>> -> !kir.tile<[TILE], i32>
# CHECK: kir.floordiv %[[BITS]]
# CHECK: kir.xor
# CHECK: kir.rem %[[BITS]]
# CHECK: kir.bitcast %{{.*}} {kir.name = "f"} : !kir.tile<[TILE], i32> -> !kir.tile<[TILE], f32>
# CHECK: kir.cmp "gt"
# CHECK-NEXT: kir.math "floor"
# CHECK-NEXT: kir.math "ceil"
# CHECK-NEXT: kir.neg
# CHECK: kir.math "tan"
# CHECK-NEXT: kir.math "sinh"
# CHECK: kir.math "cosh"
# CHECK: kir.cmp "le"

# RUST: let bits: Tile<i32, { [TILE] }> = bitcast(a);
# RUST: let f: Tile<f32, { [TILE] }> = bitcast(k);
# RUST: gt_tile(f, t{{[0-9]+}}_)
# RUST: floor(f)
# RUST: ceil(b)
# RUST: negf(
# RUST: tan(m)
# RUST: sinh(m)
# RUST: cosh(m)
# RUST: le_tile(a, b)

# WIDTH: bitcast_width.py:8:{{[0-9]+}}: error: ct.bitcast: float16 and int32 differ in width
