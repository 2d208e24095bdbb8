# SPDX-License-Identifier: MIT
# A scalar parameter re-bound inside a branch or a loop is an ordinary local,
# as in Triton: the desugared kernel copies it first (`bias = bias`), so the
# branch carries a value rather than the parameter itself; a constexpr
# condition still splits the kernel into variants. A helper's parameter
# re-bound inside its loop gets a variable too.
# RUN: tileport translate --emit kir %s | FileCheck %s
# RUN: tileport analyze --json %s | FileCheck --check-prefix=JSON %s
import triton
import triton.language as tl


@triton.jit
def _halve_until_below(v, limit, STEPS: tl.constexpr):
    for _ in range(STEPS):
        v = tl.where(v > limit, v * 0.5, v)
    return v


@triton.jit
def shifted_scale(x_ptr, y_ptr, n, bias, limit, WIDE: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n, other=0.0).to(tl.float32)
    if WIDE == 1:
        bias = bias * 2.0
    else:
        bias = bias + 1.0
    for _ in range(3):
        limit = limit * 0.5
    z = x + bias
    y = _halve_until_below(z, limit, 4)
    tl.store(y_ptr + offs, y, mask=offs < n)

# CHECK-LABEL: kir.entry @shifted_scale
# CHECK: %0 = kir.rebind %arg{{[0-9]+}} {kir.name = "bias"}
# CHECK: %1 = kir.rebind %arg{{[0-9]+}} {kir.name = "limit"}
# CHECK: kir.if %{{.*}} carrying(%0 : f32) -> f32
# CHECK: kir.mul {{.*}} {kir.name = "bias"}
# CHECK: kir.add {{.*}} {kir.name = "bias"}
# CHECK: kir.for "_" = {{.*}} iter_args(%1 : f32) -> f32
# CHECK: kir.mul {{.*}} {kir.name = "limit"}
# CHECK: kir.add {{.*}} {kir.name = "z"}
# CHECK: kir.rebind {{.*}} {kir.name = "_halve_until_below_1_v"}
# CHECK: kir.for "_halve_until_below_1__"
# CHECK: kir.select {{.*}} {kir.name = "_halve_until_below_1_v"}

# JSON: "parameter 'bias' is re-bound inside a branch or a loop: it is a local from the start"
# JSON: "parameter 'limit' is re-bound inside a branch or a loop: it is a local from the start"
