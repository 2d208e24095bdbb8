# SPDX-License-Identifier: MIT
# Layer normalization in Triton: one program per row, three passes in
# BLOCK-wide chunks (mean, variance, normalize), also writing the row's mean
# and reciprocal standard deviation.
import torch
import triton
import triton.language as tl


@triton.jit
def layer_norm(x_ptr, w_ptr, b_ptr, y_ptr, mean_ptr, rstd_ptr, stride, n_cols, eps, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    x_row = x_ptr + row * stride
    y_row = y_ptr + row * stride
    total = tl.zeros([BLOCK], dtype=tl.float32)
    for off in range(0, n_cols, BLOCK):
        cols = off + tl.arange(0, BLOCK)
        part = tl.load(x_row + cols, mask=cols < n_cols, other=0.0).to(tl.float32)
        total += part
    mean = tl.sum(total, axis=0) / n_cols
    spread = tl.zeros([BLOCK], dtype=tl.float32)
    for off in range(0, n_cols, BLOCK):
        cols = off + tl.arange(0, BLOCK)
        part = tl.load(x_row + cols, mask=cols < n_cols, other=0.0).to(tl.float32)
        centered = tl.where(cols < n_cols, part - mean, 0.0)
        spread += centered * centered
    rstd = tl.rsqrt(tl.sum(spread, axis=0) / n_cols + eps)
    tl.store(mean_ptr + row, mean)
    tl.store(rstd_ptr + row, rstd)
    for off in range(0, n_cols, BLOCK):
        cols = off + tl.arange(0, BLOCK)
        mask = cols < n_cols
        gain = tl.load(w_ptr + cols, mask=mask).to(tl.float32)
        bias = tl.load(b_ptr + cols, mask=mask).to(tl.float32)
        part = tl.load(x_row + cols, mask=mask, other=0.0).to(tl.float32)
        out = (part - mean) * rstd * gain + bias
        tl.store(y_row + cols, out, mask=mask)


def launch(x, w, b, eps=1e-5, block=512):
    rows, cols = x.shape
    y = torch.empty_like(x)
    mean = torch.empty(rows, dtype=torch.float32, device=x.device)
    rstd = torch.empty(rows, dtype=torch.float32, device=x.device)
    layer_norm[(rows,)](x, w, b, y, mean, rstd, x.stride(0), cols, eps, BLOCK=block)
    return y, mean, rstd
