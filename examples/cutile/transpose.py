# SPDX-License-Identifier: MIT
# dst = src^T, one (TILE_M, TILE_N) tile per block.
import cuda.tile as ct


@ct.kernel
def transpose(src, dst, TILE_M: ct.Constant[int], TILE_N: ct.Constant[int]):
    row = ct.bid(0)
    col = ct.bid(1)
    tile = ct.load(src, index=(row, col), shape=(TILE_M, TILE_N),
                   padding_mode=ct.PaddingMode.ZERO)
    ct.store(dst, index=(col, row), tile=ct.transpose(tile))


def launch(stream, src, dst, tile_m=64, tile_n=32):
    rows, cols = src.shape
    grid = (ct.cdiv(rows, tile_m), ct.cdiv(cols, tile_n), 1)
    ct.launch(stream, grid, transpose, (src, dst, tile_m, tile_n))
