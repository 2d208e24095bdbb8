# SPDX-License-Identifier: MIT
# Element-wise out = x + y in Triton: each program adds one BLOCK-wide slice,
# the tail masked off.
import torch
import triton
import triton.language as tl


@triton.jit
def vector_add(x_ptr, y_ptr, out_ptr, n_elements, BLOCK: tl.constexpr):
    pid = tl.program_id(axis=0)
    offsets = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=mask)
    y = tl.load(y_ptr + offsets, mask=mask)
    tl.store(out_ptr + offsets, x + y, mask=mask)


def launch(x, y, block=1024):
    out = torch.empty_like(x)
    n = x.numel()
    grid = (triton.cdiv(n, block),)
    vector_add[grid](x, y, out, n, BLOCK=block)
    return out
