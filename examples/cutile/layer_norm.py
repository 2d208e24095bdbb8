# SPDX-License-Identifier: MIT
# Layer normalization in three passes over each row (mean, variance,
# normalize); also writes the per-row mean and reciprocal standard deviation.
import cuda.tile as ct


@ct.kernel
def layer_norm(x, w, b, y, mean_out, rstd_out,
               EPS: ct.Constant[float], TILE_N: ct.Constant[int]):
    row = ct.bid(0)
    cols = x.shape[1]
    chunks = ct.cdiv(cols, TILE_N)
    n = ct.astype(cols, ct.float32)

    total = ct.zeros((1, TILE_N), ct.float32)
    for j in range(chunks):
        part = ct.load(x, index=(row, j), shape=(1, TILE_N), padding_mode=ct.PaddingMode.ZERO)
        total = total + ct.astype(part, ct.float32)
    mean = ct.sum(total, axis=1, keepdims=True) / n

    spread = ct.zeros((1, TILE_N), ct.float32)
    for j in range(chunks):
        part = ct.load(x, index=(row, j), shape=(1, TILE_N), padding_mode=ct.PaddingMode.ZERO)
        col = j * TILE_N + ct.arange(TILE_N, dtype=ct.int32)
        centered = ct.astype(part, ct.float32) - mean
        # Padding columns would contribute mean^2 each; mask them out.
        centered = ct.where(ct.reshape(col < cols, (1, TILE_N)), centered, 0.0)
        spread = spread + centered * centered
    rstd = ct.rsqrt(ct.sum(spread, axis=1, keepdims=True) / n + EPS)

    for j in range(chunks):
        part = ct.load(x, index=(row, j), shape=(1, TILE_N), padding_mode=ct.PaddingMode.ZERO)
        gain = ct.load(w, index=(j,), shape=(TILE_N,), padding_mode=ct.PaddingMode.ZERO)
        bias = ct.load(b, index=(j,), shape=(TILE_N,), padding_mode=ct.PaddingMode.ZERO)
        normed = (ct.astype(part, ct.float32) - mean) * rstd
        out = normed * ct.reshape(ct.astype(gain, ct.float32), (1, TILE_N)) \
            + ct.reshape(ct.astype(bias, ct.float32), (1, TILE_N))
        ct.store(y, index=(row, j), tile=ct.astype(out, y.dtype))

    ct.store(mean_out, index=(row,), tile=ct.reshape(mean, (1,)))
    ct.store(rstd_out, index=(row,), tile=ct.reshape(rstd, (1,)))


def launch(stream, x, w, b, y, mean, rstd, eps=1e-5, tile_n=512):
    ct.launch(stream, (x.shape[0], 1, 1), layer_norm, (x, w, b, y, mean, rstd, eps, tile_n))
