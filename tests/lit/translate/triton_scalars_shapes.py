# SPDX-License-Identifier: MIT
# Small Triton forms kernel libraries use: tl.zeros(x.shape, dtype=x.dtype)
# (the tile x's shape), p.dtype.element_ty on a local pointer (its array's
# dtype), a 0-d fp32 tl.zeros(()) accumulating full reductions (a Triton
# scalar: it stays one), tl.where on a tile choosing between two scalars (a
# tile of the first in their promoted type), a literal stored through a
# tile of pointers (a tile filled with it); tl.maximum of two fp32 scalars
# (on a one-element tile: ct.maximum takes floats as tiles).
# RUN: tileport translate --emit kir %s | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def upper_clear(x_ptr, y_ptr, n, stride, BLOCK: tl.constexpr):
    # Zero the strictly upper triangle of each BLOCK x BLOCK tile.
    r = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    c = tl.program_id(1) * BLOCK + tl.arange(0, BLOCK)
    inside = (r[:, None] < n) & (c[None, :] < n)
    vals = tl.load(x_ptr + r[:, None] * stride + c[None, :], mask=inside, other=0.0)
    zero = tl.zeros(vals.shape, dtype=vals.dtype)
    tl.store(y_ptr + r[:, None] * stride + c[None, :], tl.where(c[None, :] > r[:, None], zero, vals), mask=inside)


@triton.jit
def sign_scale(x_ptr, out_ptr, n_cols, up, down, BLOCK: tl.constexpr):
    # Per row: out = x * (up where x > 0 else down) / (count of positives).
    row_x = x_ptr + tl.program_id(0) * n_cols
    row_out = out_ptr + tl.program_id(0) * n_cols
    positives = tl.zeros((), tl.float32)
    for start in range(0, n_cols, BLOCK):
        cols = start + tl.arange(0, BLOCK)
        x = tl.load(row_x + cols, mask=cols < n_cols, other=0.0).to(tl.float32)
        positives += tl.sum((x > 0.0).to(tl.float32))
    for start in range(0, n_cols, BLOCK):
        cols = start + tl.arange(0, BLOCK)
        x = tl.load(row_x + cols, mask=cols < n_cols, other=0.0).to(tl.float32)
        factor = tl.where(x > 0.0, up * 2.0, down)
        y = x * factor / (positives + 1.0)
        tl.store(row_out + cols, y.to(row_out.dtype.element_ty), mask=cols < n_cols)


@triton.jit
def clear_rows(y_ptr, rows_ptr, n_cols, BLOCK: tl.constexpr):
    # Zero the rows listed in rows_ptr (a gather-addressed store of a literal).
    row = tl.load(rows_ptr + tl.program_id(0))
    for start in range(0, n_cols, BLOCK):
        cols = start + tl.arange(0, BLOCK)
        tl.store(y_ptr + row * n_cols + cols, 0.0, mask=cols < n_cols)

@triton.jit
def mean_positive(x_ptr, out_ptr, n_cols, BLOCK: tl.constexpr):
    # out[row] = sum of the row's positive entries / max(their count, 1)
    total = 0.0
    count = 0.0
    for start in range(0, n_cols, BLOCK):
        cols = start + tl.arange(0, BLOCK)
        x = tl.load(x_ptr + tl.program_id(0) * n_cols + cols, mask=cols < n_cols, other=0.0).to(tl.float32)
        total += tl.sum(tl.where(x > 0.0, x, 0.0))
        count += tl.sum((x > 0.0).to(tl.float32))
    tl.store(out_ptr + tl.program_id(0), total / tl.maximum(count, 1.0))

# CHECK-LABEL: kir.entry @upper_clear
# CHECK: kir.convert %{{.*}} {kir.name = "zero"} : !kir.tile<[BLOCK, BLOCK], f32> -> !kir.tile<[BLOCK, BLOCK], !kir.var<0>>
# CHECK: kir.select

# CHECK-LABEL: kir.entry @sign_scale
# CHECK: kir.for "start" {{.*}} iter_args(%{{.*}} : f32) -> f32
# CHECK: kir.reduce "sum"
# CHECK: kir.add {{.*}} {kir.name = "positives"} : f32, f32 -> f32
# CHECK: kir.for "start"
# CHECK: kir.broadcast %arg4 : f32 -> !kir.tile<[1, BLOCK], f32>
# CHECK: kir.select {{.*}} {kir.name = "factor"}
# CHECK: kir.store %{{.*}}, %arg1

# CHECK-LABEL: kir.entry @clear_rows
# CHECK: kir.for "start"
# CHECK: kir.constant(0.000000e+00 : f64) : !kir.tile<[BLOCK], f32>
# CHECK: kir.store_ptr

# CHECK-LABEL: kir.entry @mean_positive
# CHECK: %[[SUMS:.*]]:2 = kir.for "start" {{.*}} -> f32, f32
# CHECK: kir.scalar_to_tile %[[SUMS]]#1 : f32 -> !kir.tile<[], f32>
# CHECK: kir.maximum {{.*}} : !kir.tile<[1, 1], f32>, !kir.tile<[1, 1], f32> -> !kir.tile<[1, 1], f32>
