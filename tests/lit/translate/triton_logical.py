# SPDX-License-Identifier: MIT
# Triton's `and`/`or` on tiles are logical_and/logical_or: elementwise on
# booleans, as & and | are. A two-sided mask written with `and` (the
# gather's mask), and `or` of two comparisons picking
# values (kir.select on their kir.or).
# RUN: tileport translate --emit kir %s | FileCheck %s
# RUN: tileport analyze --json %s | FileCheck --check-prefix=CUTILE %s
import triton
import triton.language as tl


@triton.jit
def band_copy(x_ptr, y_ptr, lo, hi, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    inside = (offs >= lo) and (offs < hi)
    x = tl.load(x_ptr + offs, mask=inside, other=0.0)
    outside = (x < -1.0) or (x > 1.0)
    tl.store(y_ptr + offs, tl.where(outside, 0.0, x), mask=inside)

# CHECK-LABEL: kir.entry @band_copy(
# CHECK: kir.cmp "ge"
# CHECK: kir.cmp "lt"
# CHECK: kir.and %{{.*}}, %{{.*}} {kir.name = "inside"} : !kir.tile<[BLOCK], i1>
# CHECK: kir.cmp "lt"
# CHECK: kir.cmp "gt"
# CHECK: kir.or %{{.*}}, %{{.*}} {kir.name = "outside"} : !kir.tile<[BLOCK], i1>
# CHECK: kir.select

# CUTILE: inside = ((
# CUTILE-SAME: >= lo) & (
# CUTILE: outside = ((x < (-1.0)) | (x > 1.0))
