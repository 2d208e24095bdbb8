# SPDX-License-Identifier: MIT
# RMS normalization of each row: y = x / sqrt(mean(x^2) + eps) * w.
# One row per block, walked in TILE_N-wide chunks (two passes).
import cuda.tile as ct


@ct.kernel
def rms_norm(x, w, y, EPS: ct.Constant[float], TILE_N: ct.Constant[int]):
    row = ct.bid(0)
    cols = x.shape[1]
    chunks = ct.cdiv(cols, TILE_N)
    squares = ct.zeros((1, TILE_N), ct.float32)
    for j in range(chunks):
        part = ct.load(x, index=(row, j), shape=(1, TILE_N), padding_mode=ct.PaddingMode.ZERO)
        part = ct.astype(part, ct.float32)
        squares = squares + part * part
    mean_sq = ct.sum(squares, axis=1, keepdims=True) / ct.astype(cols, ct.float32)
    inv_rms = ct.rsqrt(mean_sq + EPS)
    for j in range(chunks):
        part = ct.load(x, index=(row, j), shape=(1, TILE_N), padding_mode=ct.PaddingMode.ZERO)
        gain = ct.load(w, index=(j,), shape=(TILE_N,), padding_mode=ct.PaddingMode.ZERO)
        gain = ct.reshape(ct.astype(gain, ct.float32), (1, TILE_N))
        out = ct.astype(part, ct.float32) * inv_rms * gain
        ct.store(y, index=(row, j), tile=ct.astype(out, y.dtype))


def launch(stream, x, w, y, eps=1e-6, tile_n=1024):
    ct.launch(stream, (x.shape[0], 1, 1), rms_norm, (x, w, y, eps, tile_n))
