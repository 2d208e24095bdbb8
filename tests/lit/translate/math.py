# SPDX-License-Identifier: MIT
# Element-wise math with the options cutile has forms for, and
# ct.maximum / ct.minimum on float tiles, integer tiles and i32 scalars.
# RUN: tileport translate --emit kir %s | FileCheck %s
# RUN: tileport translate -o %t %s && FileCheck --check-prefix=RUST %s < %t/src/lib.rs
import cuda.tile as ct


@ct.kernel
def fns(x, idx, out, TILE: ct.Constant[int]):
    pid = ct.bid(0)
    t = ct.astype(ct.load(x, index=(pid,), shape=(TILE,)), ct.float32)
    e = ct.exp(t, rounding_mode=ct.RoundingMode.APPROX)
    r = ct.rsqrt(e, flush_to_zero=True)
    q = ct.sqrt(r, rounding_mode=ct.RoundingMode.RZ)
    m = ct.maximum(q, ct.log(t))
    i = ct.load(idx, index=(ct.minimum(pid, 7),), shape=(TILE,))
    j = ct.maximum(i, ct.astype(ct.zeros((TILE,), ct.int32), idx.dtype))
    ct.store(out, index=(pid,), tile=m + ct.astype(j, ct.float32))

# CHECK: kir.math "exp" %{{.*}} {kir.name = "e", rounding = "Approx"}
# CHECK-NEXT: kir.math "rsqrt" %{{.*}} {ftz = "Enabled", kir.name = "r"}
# CHECK-NEXT: kir.math "sqrt" %{{.*}} {kir.name = "q", rounding = "Zero"}
# CHECK-NEXT: %[[L:.*]] = kir.math "log" %{{.*}} :
# CHECK-NEXT: kir.maximum %{{.*}}, %[[L]] {kir.name = "m"}
# CHECK: kir.minimum %0, %{{.*}} : i32, i32 -> i32

# RUST: let e: Tile<f32, { [TILE] }> = unsafe { exp_with_rounding(t, rounding::Approx) };
# RUST-NEXT: let r: Tile<f32, { [TILE] }> = rsqrt(e, ftz::Enabled);
# RUST-NEXT: let q: Tile<f32, { [TILE] }> = sqrt(r, rounding::Zero, ftz::Disabled);
# RUST-NEXT: let t2_: Tile<f32, { [TILE] }> = log(t);
# RUST-NEXT: let m: Tile<f32, { [TILE] }> = maxf(q, t2_, nan::Disabled, ftz::Disabled);
# RUST-NEXT: let t3_: i32 = min(pid, 7i32);
# RUST: let j: Tile<E1, { [TILE] }> = maxf(i, t6_, nan::Disabled, ftz::Disabled);
