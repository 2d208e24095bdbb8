# SPDX-License-Identifier: MIT
# A Triton `while` loop stays a while loop (kir.while carrying the names its
# body assigns). A pointer the body advances moves by a trip counter the
# loop keeps, as a counted loop's advances move by its index.
# RUN: tileport analyze --json %s | FileCheck --check-prefix=CUTILE %s
# RUN: tileport translate --emit kir %s | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def halve_rows(x_ptr, n_rows, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    while row < n_rows:
        v = tl.load(x_ptr + row * n_cols + cols, mask=cols < n_cols, other=0.0)
        tl.store(x_ptr + row * n_cols + cols, v * 0.5, mask=cols < n_cols)
        row += tl.num_programs(0)


@triton.jit
def running_max(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    p = x_ptr + tl.arange(0, BLOCK)
    seen = 0
    best = tl.full([BLOCK], float("-inf"), tl.float32)
    while seen < n:
        best = tl.maximum(best, tl.load(p, mask=tl.arange(0, BLOCK) < n - seen, other=float("-inf")))
        p += BLOCK
        seen += BLOCK
    tl.store(out_ptr, tl.max(best, axis=0))

# CUTILE: while (row < n_rows):
# CUTILE: row = row + ct.num_blocks(0)
# CUTILE: trip_{{[0-9]+}} = 0
# CUTILE: while (seen < n):
# CUTILE: index=(trip_{{[0-9]+}},)
# CUTILE: trip_{{[0-9]+}} = trip_{{[0-9]+}} + 1
# CHECK-LABEL: kir.entry @halve_rows(
# CHECK: kir.while carrying(%{{.*}} : i32) -> i32
# CHECK: kir.num_blocks
# CHECK-LABEL: kir.entry @running_max(
# CHECK: kir.while carrying(
