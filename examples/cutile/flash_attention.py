# SPDX-License-Identifier: MIT
# Flash-attention forward over (batch, heads, seq, head_dim) arrays: each block
# owns TILE_M query rows of one head and streams K/V tiles through an online
# softmax kept in base 2. CAUSAL stops the K/V walk at the diagonal.
import cuda.tile as ct

LOG2E = 1.4426950408889634
NEG_INF = float("-inf")


@ct.kernel
def flash_attention(q, k, v, o, sm_scale, heads,
                    HEAD_DIM: ct.Constant[int], TILE_M: ct.Constant[int],
                    TILE_N: ct.Constant[int], CAUSAL: ct.Constant[bool]):
    bm = ct.bid(0)
    bh = ct.bid(1)
    batch = bh // heads
    head = bh % heads
    seq = q.shape[2]
    qk_scale = sm_scale * LOG2E

    tq = ct.load(q, index=(batch, head, bm, 0), shape=(1, 1, TILE_M, HEAD_DIM),
                 padding_mode=ct.PaddingMode.ZERO)
    tq = ct.reshape(tq, (TILE_M, HEAD_DIM))
    rows = ct.reshape(bm * TILE_M + ct.arange(TILE_M, dtype=ct.int32), (TILE_M, 1))

    running_max = ct.full((TILE_M, 1), NEG_INF, ct.float32)
    running_sum = ct.zeros((TILE_M, 1), ct.float32)
    acc = ct.zeros((TILE_M, HEAD_DIM), ct.float32)

    kv_tiles = ct.cdiv(seq, TILE_N)
    if CAUSAL:
        kv_tiles = min(kv_tiles, ct.cdiv((bm + 1) * TILE_M, TILE_N))

    for j in range(kv_tiles):
        # K is read transposed straight from memory: (HEAD_DIM, TILE_N).
        tk = ct.load(k, index=(batch, head, 0, j), shape=(1, 1, HEAD_DIM, TILE_N),
                     order=(0, 1, 3, 2), padding_mode=ct.PaddingMode.ZERO, latency=2)
        tk = ct.reshape(tk, (HEAD_DIM, TILE_N))
        scores = ct.mma(tq, tk, ct.zeros((TILE_M, TILE_N), ct.float32)) * qk_scale
        cols = ct.reshape(j * TILE_N + ct.arange(TILE_N, dtype=ct.int32), (1, TILE_N))
        valid = cols < seq
        if CAUSAL:
            valid = valid & (cols <= rows)
        scores = ct.where(valid, scores, NEG_INF)

        new_max = ct.maximum(running_max, ct.max(scores, axis=1, keepdims=True))
        probs = ct.exp2(scores - new_max, flush_to_zero=True)
        rescale = ct.exp2(running_max - new_max, flush_to_zero=True)
        running_sum = running_sum * rescale + ct.sum(probs, axis=1, keepdims=True)
        running_max = new_max

        tv = ct.load(v, index=(batch, head, j, 0), shape=(1, 1, TILE_N, HEAD_DIM),
                     padding_mode=ct.PaddingMode.ZERO, latency=2)
        tv = ct.reshape(tv, (TILE_N, HEAD_DIM))
        acc = ct.mma(ct.astype(probs, tv.dtype), tv, acc * rescale)

    out = ct.truediv(acc, running_sum, flush_to_zero=True, rounding_mode=ct.RoundingMode.APPROX)
    out = ct.reshape(ct.astype(out, o.dtype), (1, 1, TILE_M, HEAD_DIM))
    ct.store(o, index=(batch, head, bm, 0), tile=out)


def launch(stream, q, k, v, o, causal=True, tile_m=128, tile_n=64):
    batch, heads, seq, head_dim = q.shape
    sm_scale = 1.0 / head_dim ** 0.5
    grid = (ct.cdiv(seq, tile_m), batch * heads, 1)
    ct.launch(stream, grid, flash_attention,
              (q, k, v, o, sm_scale, heads, head_dim, tile_m, tile_n, causal))
