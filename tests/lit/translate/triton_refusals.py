# SPDX-License-Identifier: MIT
# Valid Triton the front-end still refuses, each with a diagnostic that
# names the missing cuTile form at the Triton line and column: a
# dtype-valued tl.constexpr (an element type chosen at launch), a local
# alias of a pointer tested against None (only the parameter itself has a
# presence flag), a string tl.constexpr ordered against a string (only
# == and != have an int form).
# RUN: not tileport translate --emit kir %s 2>&1 | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def cast_out(x_ptr, y_ptr, OUT_DTYPE: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(y_ptr + offs, tl.load(x_ptr + offs).to(OUT_DTYPE))


@triton.jit
def maybe_scaled(x_ptr, scale_ptr, y_ptr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    s = scale_ptr
    if s is not None:
        x = x * tl.load(scale_ptr + offs)
    tl.store(y_ptr + offs, x)


@triton.jit
def reduce_mode(x_ptr, y_ptr, n, MODE: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    s = tl.sum(tl.load(x_ptr + offs, mask=offs < n, other=0.0), axis=0)
    if MODE >= "mean":
        s = s / n
    tl.store(y_ptr, s)

# CHECK-DAG: triton_refusals.py:16:53: error: dtype-valued tl.constexpr: 'OUT_DTYPE' would be an element type chosen at launch
# CHECK-DAG: triton_refusals.py:24:8: error: optional pointer: `s is not None`: only `P is None` / `P is not None` on a pointer parameter are mapped
# CHECK-DAG: triton_refusals.py:33:8: error: string comparison: only == and != compare a string tl.constexpr
