# SPDX-License-Identifier: MIT
# tl.clamp(x, lo, hi) on a tile: ct.maximum then ct.minimum (Triton's
# result for lo <= hi); bounds may be run-time scalars. A 0-d tl.full of a
# run-time scalar is that scalar converted (ct.astype).
# RUN: tileport analyze --json %s | FileCheck --check-prefix=CUTILE %s
# RUN: tileport translate --emit kir %s | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def clip_ratio(x_ptr, y_ptr, eps_low: float, eps_high: float, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    r = tl.load(x_ptr + offs)
    tl.store(y_ptr + offs, tl.clamp(r, 1 - eps_low, 1 + eps_high))



@triton.jit
def add_eps(x_ptr, y_ptr, eps: float, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    e = tl.full((), eps, tl.float32)
    tl.store(y_ptr + offs, tl.load(x_ptr + offs) + e)

# CUTILE: ct.minimum(ct.maximum(
# CUTILE: e = ct.astype(eps, ct.float32)
# CHECK-LABEL: kir.entry @clip_ratio(
# CHECK-SAME: %arg2: f32 {kir.name = "eps_low"}
# CHECK: kir.maximum
# CHECK: kir.minimum
# CHECK-LABEL: kir.entry @add_eps(
# CHECK-SAME: %arg2: f32 {kir.name = "eps"}
