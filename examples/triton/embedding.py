# SPDX-License-Identifier: MIT
# Embedding lookup, Triton style: token ids read as a tile walk (a view),
# table rows read at those ids (a pointer gather: the offsets come from
# loaded values), the output written through 2-D broadcast offsets and an
# & of two broadcast masks (a pointer scatter).
import torch
import triton
import triton.language as tl


@triton.jit
def embedding(ids_ptr, weight_ptr, out_ptr, n_ids, dim, stride_w, stride_out,
              BLOCK_N: tl.constexpr, BLOCK_D: tl.constexpr):
    pid_n = tl.program_id(0)
    pid_d = tl.program_id(1)
    rows = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    cols = pid_d * BLOCK_D + tl.arange(0, BLOCK_D)
    row_ok = rows < n_ids
    col_ok = cols < dim
    ids = tl.load(ids_ptr + rows, mask=row_ok, other=0)
    mask = row_ok[:, None] & col_ok[None, :]
    vecs = tl.load(weight_ptr + ids[:, None] * stride_w + cols[None, :], mask=mask, other=0.0)
    tl.store(out_ptr + rows[:, None] * stride_out + cols[None, :], vecs, mask=mask)


def embed(ids, weight, block_n=32, block_d=128):
    n, dim = ids.numel(), weight.shape[1]
    out = torch.empty((n, dim), dtype=weight.dtype, device=weight.device)
    grid = (triton.cdiv(n, block_n), triton.cdiv(dim, block_d))
    embedding[grid](ids, weight, out, n, dim, weight.stride(0), out.stride(0), BLOCK_N=block_n, BLOCK_D=block_d)
    return out
