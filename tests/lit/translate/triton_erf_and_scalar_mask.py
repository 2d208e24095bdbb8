# SPDX-License-Identifier: MIT
# tl.erf has no cuTile counterpart: a generated float32 helper
# (_tileport_erf, within 1.5e-7 of erf) with a note. A scalar mask (`pid <
# n`) masks every lane; on a one-element access it is that access's mask.
# RUN: tileport analyze --json %s | FileCheck --check-prefix=CUTILE %s
# RUN: tileport translate --emit kir %s | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def erf_of(x_ptr, y_ptr, B: tl.constexpr):
    offs = tl.program_id(0) * B + tl.arange(0, B)
    tl.store(y_ptr + offs, tl.erf(tl.load(x_ptr + offs)))


@triton.jit
def masked_one(x_ptr, y_ptr, n):
    pid = tl.program_id(0)
    tl.store(y_ptr + pid, tl.load(x_ptr + 2 * pid, mask=pid < n, other=0.0), mask=pid < n)



@triton.jit
def zero_flag(flag_ptr, x_ptr, n, BLOCK: tl.constexpr):
    # A number stored through a one-element pointer: ct.astype of a Python
    # float, a rank-0 tile of the array's type.
    pid = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + pid * n + offs, mask=offs < n, other=0.0)
    if tl.sum(x, axis=0) < 0:
        tl.store(flag_ptr + pid, 0.0)

# CUTILE: def _tileport_erf(x):
# CUTILE: poly = t * (0.254829592
# CUTILE: return ct.where(x < 0.0, -y, y)
# CUTILE: _tileport_erf(ct.astype(ct.load(x_ptr
# CUTILE: ct.gather(x_ptr, (2 * pid), mask=(pid < n), padding_value=0.0), mask=(pid < n))
# CUTILE: ct.scatter(flag_ptr, pid, ct.astype(0.0, flag_ptr.dtype))
# CUTILE: tl.erf at line 14: cuTile has no erf; _tileport_erf computes it in float32 within 1.5e-7
# CHECK-LABEL: kir.entry @erf_of(
# CHECK: kir.math "exp"
# CHECK: kir.select
# CHECK-LABEL: kir.entry @masked_one(
# CHECK: kir.scalar_to_tile %{{.*}} : i1 -> !kir.tile<[], i1>
# CHECK: kir.load_ptr %arg0[%{{.*}}] mask %{{.*}} : {{.*}}, !kir.tile<[], i1>
# CHECK: kir.store_ptr
# CHECK-LABEL: kir.entry @zero_flag(
# CHECK: kir.constant(0.000000e+00 : f64) : !kir.tile<[], f32>
# CHECK: kir.convert %{{.*}} : !kir.tile<[], f32> -> !kir.tile<[], !kir.var<0>>
# CHECK: kir.store_ptr
