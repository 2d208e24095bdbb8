# SPDX-License-Identifier: MIT
# Batched matmul C[i] = A[i] @ B[i] over 3-D arrays; the grid's third axis is
# the batch.
import cuda.tile as ct


@ct.kernel
def bmm(a, b, c, TILE_M: ct.Constant[int], TILE_N: ct.Constant[int], TILE_K: ct.Constant[int]):
    bm = ct.bid(0)
    bn = ct.bid(1)
    batch = ct.bid(2)
    k_tiles = ct.num_tiles(a, 2, shape=(1, TILE_M, TILE_K))
    acc = ct.zeros((TILE_M, TILE_N), ct.float32)
    for k in range(k_tiles):
        ta = ct.load(a, index=(batch, bm, k), shape=(1, TILE_M, TILE_K),
                     padding_mode=ct.PaddingMode.ZERO)
        tb = ct.load(b, index=(batch, k, bn), shape=(1, TILE_K, TILE_N),
                     padding_mode=ct.PaddingMode.ZERO)
        acc = ct.mma(ct.reshape(ta, (TILE_M, TILE_K)), ct.reshape(tb, (TILE_K, TILE_N)), acc)
    out = ct.reshape(ct.astype(acc, c.dtype), (1, TILE_M, TILE_N))
    ct.store(c, index=(batch, bm, bn), tile=out)


def launch(stream, a, b, c, tile_m=128, tile_n=128, tile_k=64):
    batches, m, _ = a.shape
    n = b.shape[2]
    grid = (ct.cdiv(m, tile_m), ct.cdiv(n, tile_n), batches)
    ct.launch(stream, grid, bmm, (a, b, c, tile_m, tile_n, tile_k))
