# SPDX-License-Identifier: MIT
# Triton control flow and atomics as kernel libraries write them: an early
# return guarded by a loaded scalar (the rest of the kernel is the else arm,
# the condition the one-element tile's .item()), a scalar accumulating full
# reductions, a stepped range not starting at 0, tl.atomic_add with a mask
# and sem= (ct.atomic_add on the flat array: kir.atomic_rmw).
# RUN: tileport translate --emit kir %s | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def masked_row_sum(x_ptr, labels_ptr, total_ptr, stride, n_cols, start, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    label = tl.load(labels_ptr + row)
    if label < 0:
        return
    s = 0.0
    for off in tl.range(start, n_cols, BLOCK):
        cols = off + tl.arange(0, BLOCK)
        s += tl.sum(tl.load(x_ptr + row * stride + cols, mask=cols < n_cols, other=0.0), axis=0)
    offs = tl.arange(0, BLOCK)
    tl.atomic_add(total_ptr + offs, tl.zeros([BLOCK], dtype=tl.float32) + s, mask=offs < 1, sem="relaxed")

# CHECK-LABEL: kir.entry @masked_row_sum(
# CHECK-SAME: %arg0: !kir.tensor<!kir.var<0>, 1> {kir.name = "x_ptr", kir.unit_last_stride}
# CHECK: kir.load %arg1[%{{.*}}] {kir.name = "label"
# CHECK: kir.cmp "lt"
# CHECK: kir.tile_to_scalar %{{.*}} : !kir.tile<[], i1> -> i1
# CHECK: kir.if
# CHECK: } else {
# CHECK: kir.for "off" {{.*}} iter_args(%{{.*}} : f32) -> f32
# CHECK: kir.load_ptr %arg0
# CHECK: kir.reduce "sum"
# CHECK: kir.tile_to_scalar %{{.*}} : !kir.tile<[], f32> -> f32
# CHECK: kir.atomic_rmw "add" %{{.*}}, %arg2[%{{.*}}] mask %{{.*}} {ordering = "Relaxed", scope = "Device"}


# Triton's int64 index arithmetic (a block number widened against overflow)
# is narrowed back where cuTile counts in i32: a view's tile index and a
# loop's bounds.
@triton.jit
def wide_rows(x_ptr, y_ptr, n_rows, ROWS: tl.constexpr, BLOCK: tl.constexpr):
    first = tl.program_id(0).to(tl.int64) * ROWS
    cols = tl.program_id(1).to(tl.int64) * BLOCK + tl.arange(0, BLOCK)
    for r in range(first, min(first + ROWS, n_rows)):
        tl.store(y_ptr + r * BLOCK + cols, tl.load(x_ptr + r * BLOCK + cols) * 2)

# CHECK-LABEL: kir.entry @wide_rows(
# CHECK: kir.convert %{{.*}} : !kir.tile<[], i64> -> !kir.tile<[], i32>
# CHECK: kir.for "r" = %{{.*}} to %{{.*}} {
# CHECK: kir.convert %{{.*}} : !kir.tile<[], i64> -> !kir.tile<[], i32>
# CHECK: kir.load %arg0[%{{.*}}]
# CHECK: kir.store %{{.*}}, %arg1[%{{.*}}]
