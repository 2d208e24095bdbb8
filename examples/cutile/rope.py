# SPDX-License-Identifier: MIT
# Rotary position embedding applied in place to q and k of shape
# (batch, heads, seq, head_dim). The rotation pairs element i with element
# i + head_dim/2; cos and sin have shape (seq, head_dim/2).
import cuda.tile as ct


def rotate(x1, x2, c, s):
    return x1 * c - x2 * s, x2 * c + x1 * s


@ct.kernel
def rope(q, k, cos, sin, HALF_DIM: ct.Constant[int], TILE_S: ct.Constant[int]):
    bs = ct.bid(0)
    head = ct.bid(1)
    batch = ct.bid(2)
    c = ct.load(cos, index=(bs, 0), shape=(TILE_S, HALF_DIM), padding_mode=ct.PaddingMode.ZERO)
    s = ct.load(sin, index=(bs, 0), shape=(TILE_S, HALF_DIM), padding_mode=ct.PaddingMode.ZERO)
    c = ct.reshape(ct.astype(c, ct.float32), (1, 1, TILE_S, HALF_DIM))
    s = ct.reshape(ct.astype(s, ct.float32), (1, 1, TILE_S, HALF_DIM))
    for t in ct.static_iter((q, k)):
        # Index 0 and 1 along the last axis address the two halves.
        x1 = ct.load(t, index=(batch, head, bs, 0), shape=(1, 1, TILE_S, HALF_DIM))
        x2 = ct.load(t, index=(batch, head, bs, 1), shape=(1, 1, TILE_S, HALF_DIM))
        r1, r2 = rotate(ct.astype(x1, ct.float32), ct.astype(x2, ct.float32), c, s)
        ct.store(t, index=(batch, head, bs, 0), tile=ct.astype(r1, t.dtype))
        ct.store(t, index=(batch, head, bs, 1), tile=ct.astype(r2, t.dtype))


def launch(stream, q, k, cos, sin, tile_s=32):
    batch, heads, seq, head_dim = q.shape
    grid = (ct.cdiv(seq, tile_s), heads, batch)
    ct.launch(stream, grid, rope, (q, k, cos, sin, head_dim // 2, tile_s))
