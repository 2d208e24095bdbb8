# SPDX-License-Identifier: MIT
# Element-wise c = a + b: each block adds one 1-D tile.
import cuda.tile as ct


@ct.kernel
def vector_add(a, b, c, TILE: ct.Constant[int]):
    pid = ct.bid(0)
    lhs = ct.load(a, index=(pid,), shape=(TILE,), padding_mode=ct.PaddingMode.ZERO)
    rhs = ct.load(b, index=(pid,), shape=(TILE,), padding_mode=ct.PaddingMode.ZERO)
    ct.store(c, index=(pid,), tile=lhs + rhs)


def launch(stream, a, b, c, tile=1024):
    grid = (ct.cdiv(a.shape[0], tile), 1, 1)
    ct.launch(stream, grid, vector_add, (a, b, c, tile))
