# SPDX-License-Identifier: MIT
# A dtype chosen from a tl.constexpr (`tl.float8e4nv if FP8 else
# tl.float16`) is folded while compiling (ct.static_eval), one entry per
# arm; a test of a pointer's element type (==, or `is`) is a test on the
# array's dtype.
# Triton's NVIDIA 8-bit floats are cuTile's float8_e4m3fn / float8_e5m2.
# RUN: tileport analyze --json %s | FileCheck --check-prefix=CUTILE %s
# RUN: tileport translate --emit kir %s | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def requantize(x_ptr, y_ptr, E5: tl.constexpr, BLOCK: tl.constexpr):
    dtype = tl.float8e5 if E5 else tl.float8e4nv
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    if x_ptr.dtype.element_ty == tl.float16:
        x = x.to(tl.float32)
    tl.store(y_ptr + offs, x.to(dtype))



@triton.jit
def widen_bf16(x_ptr, y_ptr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    if x_ptr.dtype.element_ty is tl.bfloat16:
        x = x * 2.0
    tl.store(y_ptr + offs, x)

# CUTILE: if (x_ptr.dtype == ct.float16):
# CUTILE: ct.static_eval(ct.float8_e5m2 if E5 else ct.float8_e4m3fn)
# CUTILE: if (x_ptr.dtype == ct.bfloat16):
# CHECK-LABEL: kir.entry @requantize__e5(
# CHECK: kir.const_choices = {{\[\[}}"E5", true]]
# CHECK: -> !kir.tile<[BLOCK], f8E5M2>
# CHECK-LABEL: kir.entry @requantize__e5_x_ptr_f16(
# CHECK-SAME: kir.fixed_dtype = "f16"
# CHECK-LABEL: kir.entry @requantize__not_e5(
# CHECK: -> !kir.tile<[BLOCK], f8E4M3FN>
# CHECK-LABEL: kir.entry @widen_bf16(
# CHECK-LABEL: kir.entry @widen_bf16_x_ptr_bf16(
# CHECK-SAME: kir.fixed_dtype = "bf16"
