# SPDX-License-Identifier: MIT
# C = A @ B with f32 accumulation. Two kernels: one output tile per block with
# a grouped (swizzled) block order, and a persistent kernel whose blocks walk
# the output tiles with a grid stride. f32 inputs are multiplied as tf32.
import cuda.tile as ct

GROUP_SIZE_M = 8


def swizzle(tile_id, m_tiles, n_tiles, group):
    # Blocks that run together share rows of A: walk GROUP rows of output
    # tiles column by column before moving on.
    per_group = group * n_tiles
    first_m = (tile_id // per_group) * group
    rows = min(m_tiles - first_m, group)
    in_group = tile_id % per_group
    return first_m + in_group % rows, in_group // rows


def mma_operand(tile):
    if tile.dtype == ct.float32:
        return ct.astype(tile, ct.tfloat32)
    return tile


@ct.kernel
def matmul(a, b, c, TILE_M: ct.Constant[int], TILE_N: ct.Constant[int],
           TILE_K: ct.Constant[int]):
    m_tiles = ct.num_tiles(c, 0, shape=(TILE_M, TILE_N))
    n_tiles = ct.num_tiles(c, 1, shape=(TILE_M, TILE_N))
    k_tiles = ct.num_tiles(a, 1, shape=(TILE_M, TILE_K))
    bm, bn = swizzle(ct.bid(0), m_tiles, n_tiles, GROUP_SIZE_M)
    acc = ct.zeros((TILE_M, TILE_N), ct.float32)
    for k in range(k_tiles):
        ta = ct.load(a, index=(bm, k), shape=(TILE_M, TILE_K), padding_mode=ct.PaddingMode.ZERO)
        tb = ct.load(b, index=(k, bn), shape=(TILE_K, TILE_N), padding_mode=ct.PaddingMode.ZERO)
        acc = ct.mma(mma_operand(ta), mma_operand(tb), acc)
    ct.store(c, index=(bm, bn), tile=ct.astype(acc, c.dtype))


@ct.kernel(num_ctas=ct.ByTarget(sm_100=2, default=1), occupancy=1)
def matmul_persistent(a, b, c, TILE_M: ct.Constant[int], TILE_N: ct.Constant[int],
                      TILE_K: ct.Constant[int], TRANSPOSE_B: ct.Constant[bool]):
    m_tiles = ct.num_tiles(c, 0, shape=(TILE_M, TILE_N))
    n_tiles = ct.num_tiles(c, 1, shape=(TILE_M, TILE_N))
    k_tiles = ct.num_tiles(a, 1, shape=(TILE_M, TILE_K))
    for tile_id in range(ct.bid(0), m_tiles * n_tiles, ct.num_blocks(0)):
        bm, bn = swizzle(tile_id, m_tiles, n_tiles, GROUP_SIZE_M)
        acc = ct.zeros((TILE_M, TILE_N), ct.float32)
        for k in range(k_tiles):
            ta = ct.load(a, index=(bm, k), shape=(TILE_M, TILE_K),
                         padding_mode=ct.PaddingMode.ZERO, latency=3)
            if TRANSPOSE_B:
                # b holds B^T with shape (N, K).
                tb = ct.load(b, index=(bn, k), shape=(TILE_N, TILE_K),
                             padding_mode=ct.PaddingMode.ZERO, latency=3)
                tb = ct.transpose(tb)
            else:
                tb = ct.load(b, index=(k, bn), shape=(TILE_K, TILE_N),
                             padding_mode=ct.PaddingMode.ZERO, latency=3)
            acc = ct.mma(mma_operand(ta), mma_operand(tb), acc)
        ct.store(c, index=(bm, bn), tile=ct.astype(acc, c.dtype))


TUNE_SPACE = [
    dict(TILE_M=128, TILE_N=128, TILE_K=32, num_ctas=1, occupancy=1),
    dict(TILE_M=128, TILE_N=256, TILE_K=64, num_ctas=2, occupancy=1),
    dict(TILE_M=64, TILE_N=128, TILE_K=64, num_ctas=1, occupancy=2),
]


def launch(stream, a, b, c, tile_m=128, tile_n=128, tile_k=32):
    m, n = c.shape
    grid = (ct.cdiv(m, tile_m) * ct.cdiv(n, tile_n), 1, 1)
    ct.launch(stream, grid, matmul, (a, b, c, tile_m, tile_n, tile_k))


def launch_persistent(stream, a, b, c, num_sms, transpose_b=False):
    m, n = c.shape

    def grid_of(cfg):
        tiles = ct.cdiv(m, cfg["TILE_M"]) * ct.cdiv(n, cfg["TILE_N"])
        return (min(num_sms * cfg["occupancy"], tiles), 1, 1)

    def args_of(cfg):
        return (a, b, c, cfg["TILE_M"], cfg["TILE_N"], cfg["TILE_K"], transpose_b)

    def hints_of(cfg):
        return {"num_ctas": cfg["num_ctas"], "occupancy": cfg["occupancy"]}

    result = ct.tune.exhaustive_search(TUNE_SPACE, stream, grid_of, matmul_persistent,
                                       args_of, hints_of, quiet=True)
    best = result.best.config
    tuned = matmul_persistent.replace_hints(num_ctas=best["num_ctas"], occupancy=best["occupancy"])
    ct.launch(stream, grid_of(best), tuned, args_of(best))
