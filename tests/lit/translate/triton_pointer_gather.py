# SPDX-License-Identifier: MIT
# Triton pointer accesses no tile view fits lower to pointer gathers and
# scatters on the flat array (kir.load_ptr / kir.store_ptr): a two-sided
# mask, `other=` a padding a view cannot give, a pointer advanced by a
# stride in a loop (a loop-carried offset tile), offsets from a loaded
# index; a plain tile walk in the same file stays a view (kir.load).
# RUN: tileport translate --emit kir %s | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def window(x_ptr, out_ptr, lo, hi, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    keep = (offs >= lo) & (offs < hi)
    x = tl.load(x_ptr + offs, mask=keep, other=-1.0)
    tl.store(out_ptr + offs, x, mask=keep)

# CHECK-LABEL: kir.entry @window(
# CHECK-SAME: {kir.name = "x_ptr", kir.unit_last_stride}
# CHECK: kir.cmp "ge"
# CHECK: kir.and
# CHECK: kir.load_ptr %arg0[%{{.*}}] mask %{{.*}} {kir.name = "x", {{.*}}padding = -1.000000e+00 : f64
# CHECK: kir.store_ptr %{{.*}}, %arg1[%{{.*}}] mask


@triton.jit
def strided_columns(x_ptr, out_ptr, n_rows, n_cols, stride_row, BLOCK: tl.constexpr):
    cols = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    ptrs = x_ptr + cols
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    for r in range(n_rows):
        acc += tl.load(ptrs, mask=cols < n_cols, other=0.0)
        ptrs += stride_row
    tl.store(out_ptr + cols, acc, mask=cols < n_cols)

# CHECK-LABEL: kir.entry @strided_columns(
# CHECK: kir.for "r" {{.*}} iter_args
# CHECK: kir.load_ptr %arg0[
# CHECK: kir.add %{{.*}} {kir.name = "ptrs_offs"} : !kir.tile<[BLOCK], i32>
# CHECK: kir.yield
# CHECK: carried = ["acc", "ptrs_offs"]
# CHECK: kir.store %{{.*}}, %arg1[


@triton.jit
def lookup(idx_ptr, table_ptr, out_ptr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    idx = tl.load(idx_ptr + offs)
    tl.store(out_ptr + offs, tl.load(table_ptr + idx))

# CHECK-LABEL: kir.entry @lookup(
# CHECK: kir.load %arg0[%{{.*}}] {kir.name = "idx"
# CHECK: kir.load_ptr %arg1[%{{.*}}] mask
