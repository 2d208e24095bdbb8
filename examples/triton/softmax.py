# SPDX-License-Identifier: MIT
# Row softmax in Triton: one program per row, the whole row in one block
# (BLOCK is the next power of two of the row length); padding lanes read
# -inf so they add nothing to the sum.
import torch
import triton
import triton.language as tl


@triton.jit
def softmax_row(x_ptr, y_ptr, x_row_stride, y_row_stride, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    vals = tl.load(x_ptr + row * x_row_stride + cols, mask=mask, other=-float("inf"))
    vals = vals.to(tl.float32)
    peak = tl.max(vals, axis=0)
    num = tl.exp(vals - peak)
    den = tl.sum(num, axis=0)
    out = num / den
    tl.store(y_ptr + row * y_row_stride + cols, out.to(y_ptr.dtype.element_ty), mask=mask)


def launch(x):
    rows, cols = x.shape
    y = torch.empty_like(x)
    softmax_row[(rows,)](x, y, x.stride(0), y.stride(0), cols, BLOCK=triton.next_power_of_2(cols))
    return y
