# SPDX-License-Identifier: MIT
# Sums the SPLITS partial products of a split-K GEMM: partials has shape
# (SPLITS, M, N) in f32 and out (M, N).
import cuda.tile as ct


@ct.kernel(occupancy=ct.ByTarget(sm_80=2, default=4))
def splitk_reduce(partials, out, SPLITS: ct.Constant[int],
                  TILE_M: ct.Constant[int], TILE_N: ct.Constant[int]):
    bm = ct.bid(0)
    bn = ct.bid(1)
    acc = ct.zeros((TILE_M, TILE_N), ct.float32)
    for s in range(SPLITS):
        part = ct.load(partials, index=(s, bm, bn), shape=(1, TILE_M, TILE_N),
                       padding_mode=ct.PaddingMode.ZERO, allow_tma=True)
        acc = acc + ct.reshape(part, (TILE_M, TILE_N))
    ct.store(out, index=(bm, bn), tile=ct.astype(acc, out.dtype))


def launch(stream, partials, out, tile_m=64, tile_n=128):
    splits, m, n = partials.shape
    grid = (ct.cdiv(m, tile_m), ct.cdiv(n, tile_n), 1)
    ct.launch(stream, grid, splitk_reduce, (partials, out, splits, tile_m, tile_n))
