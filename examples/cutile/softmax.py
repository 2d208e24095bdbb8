# SPDX-License-Identifier: MIT
# Row-wise softmax in two shapes: one whole row per block (the row fits in one
# tile) and a chunked three-pass form for rows longer than a tile.
import cuda.tile as ct

NEG_INF = float("-inf")


@ct.kernel
def softmax_row(x, y, TILE_N: ct.Constant[int]):
    row = ct.bid(0)
    vals = ct.load(x, index=(row, 0), shape=(1, TILE_N),
                   padding_mode=ct.PaddingMode.NEG_INF)
    vals = ct.astype(vals, ct.float32)
    peak = ct.max(vals, axis=1, keepdims=True)
    num = ct.exp(vals - peak)
    den = ct.sum(num, axis=1, keepdims=True)
    ct.store(y, index=(row, 0), tile=ct.astype(num / den, y.dtype))


@ct.kernel
def softmax_chunked(x, y, TILE_N: ct.Constant[int]):
    row = ct.bid(0)
    chunks = ct.num_tiles(x, 1, shape=(1, TILE_N))
    # Pass 1: the row maximum.
    peak = ct.full((1, 1), NEG_INF, ct.float32)
    for j in range(chunks):
        part = ct.load(x, index=(row, j), shape=(1, TILE_N),
                       padding_mode=ct.PaddingMode.NEG_INF)
        part = ct.astype(part, ct.float32)
        peak = ct.maximum(peak, ct.max(part, axis=1, keepdims=True))
    # Pass 2: the sum of exponentials.
    den = ct.zeros((1, 1), ct.float32)
    for j in range(chunks):
        part = ct.load(x, index=(row, j), shape=(1, TILE_N),
                       padding_mode=ct.PaddingMode.NEG_INF)
        den = den + ct.sum(ct.exp(ct.astype(part, ct.float32) - peak), axis=1, keepdims=True)
    # Pass 3: normalize and write.
    for j in range(chunks):
        part = ct.load(x, index=(row, j), shape=(1, TILE_N),
                       padding_mode=ct.PaddingMode.NEG_INF)
        out = ct.exp(ct.astype(part, ct.float32) - peak) / den
        ct.store(y, index=(row, j), tile=ct.astype(out, y.dtype))


def next_pow2(n):
    p = 1
    while p < n:
        p *= 2
    return p


def launch(stream, x, y, max_tile=4096):
    rows, cols = x.shape
    if cols <= max_tile:
        ct.launch(stream, (rows, 1, 1), softmax_row, (x, y, next_pow2(cols)))
    else:
        ct.launch(stream, (rows, 1, 1), softmax_chunked, (x, y, 1024))
