# SPDX-License-Identifier: MIT
# Seeded dropout in Triton: tl.rand(seed, offsets) draws one uniform number
# in [0, 1) per element from Philox-4x32 (counter-based, so the same seed
# drops the same elements on every run); an element is kept when its number
# is at least p, and kept values are scaled by 1 / (1 - p).
import torch
import triton
import triton.language as tl


@triton.jit
def dropout(x_ptr, out_ptr, n_elements, p, seed, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offsets = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=mask)
    u = tl.rand(seed, offsets)
    kept = x.to(tl.float32) * (1.0 / (1.0 - p))
    out = tl.where(u >= p, kept, 0.0)
    tl.store(out_ptr + offsets, out, mask=mask)


def launch(x, p=0.1, seed=1234, block=1024):
    out = torch.empty_like(x)
    n = x.numel()
    dropout[(triton.cdiv(n, block),)](x, out, n, p, seed, BLOCK=block)
    return out
