# SPDX-License-Identifier: MIT
# tl.constexpr(x) used as a value is x (the wrapper only marks it
# compile-time): a doubled block as a tile shape, and a constexpr flag
# tested through it.
# RUN: tileport analyze --json %s | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def pair_sum(x_ptr, y_ptr, BLOCK: tl.constexpr, SCALE: tl.constexpr):
    WIDE: tl.constexpr = tl.constexpr(BLOCK * 2)
    offs = tl.program_id(0) * WIDE + tl.arange(0, WIDE)
    x = tl.load(x_ptr + offs)
    if tl.constexpr(SCALE > 1):
        x = x * SCALE
    tl.store(y_ptr + offs, x)

# CHECK: def pair_sum(x_ptr, y_ptr, BLOCK: ct.Constant[int], SCALE: ct.Constant[int]):
# CHECK: x = ct.load(x_ptr, index=(ct.bid(0),), shape=((BLOCK * 2),)
# CHECK: if (SCALE > 1):
