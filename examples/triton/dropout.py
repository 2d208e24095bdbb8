# SPDX-License-Identifier: MIT
# Seeded dropout in Triton. The random source is a counter-based integer
# hash of (element index, seed) written with tl bit operations, so the same
# seed drops the same elements on every run; an element is kept when its
# hash mapped to [0, 1) is at least p, and kept values are scaled by
# 1 / (1 - p). (tl.rand's Philox has no cuTile primitive.) The hash works on
# int32 lanes (wrapping multiply, arithmetic shift), which Triton and cuTile
# define alike.
import torch
import triton
import triton.language as tl


@triton.jit
def dropout(x_ptr, out_ptr, n_elements, p, seed, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offsets = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=mask)
    h = offsets + seed
    h = (h ^ (h >> 16)) * 73244475
    h = (h ^ (h >> 16)) * 73244475
    h = h ^ (h >> 16)
    u = (h & 16777215).to(tl.float32) * (1.0 / 16777216.0)
    kept = x.to(tl.float32) * (1.0 / (1.0 - p))
    out = tl.where(u >= p, kept, 0.0)
    tl.store(out_ptr + offsets, out, mask=mask)


def launch(x, p=0.1, seed=1234, block=1024):
    out = torch.empty_like(x)
    n = x.numel()
    dropout[(triton.cdiv(n, block),)](x, out, n, p, seed, BLOCK=block)
    return out
