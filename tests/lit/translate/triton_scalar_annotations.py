# SPDX-License-Identifier: MIT
# A run-time scalar annotated `float` stays an fp32 scalar in cuTile Python
# and in the port's entry, even where the body only converts it (nothing
# else would type it; an untyped one is left to the launch).
# RUN: tileport analyze --json %s | FileCheck --check-prefix=CUTILE %s
# RUN: tileport translate --emit kir %s | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def add_half_eps(x_ptr, y_ptr, eps: float, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    tl.store(y_ptr + offs, x + eps.to(tl.float16))

# CUTILE: def add_half_eps(x_ptr, y_ptr, eps: float, BLOCK: ct.Constant[int]):
# CUTILE: ct.astype(eps, ct.float16)
# CHECK: kir.entry @add_half_eps({{.*}}%arg2: f32 {kir.name = "eps"})
