# SPDX-License-Identifier: MIT
# Bundled example: element-wise c = a + b over 1-D tiles.
import cuda.tile as ct


@ct.kernel
def vector_add(a, b, c, TILE: ct.Constant[int]):
    bid = ct.bid(0)
    x = ct.load(a, index=(bid,), shape=(TILE,))
    y = ct.load(b, index=(bid,), shape=(TILE,))
    ct.store(c, index=(bid,), tile=x + y)


def launch(stream, a, b, c, tile=1024):
    grid = (ct.cdiv(a.shape[0], tile), 1, 1)
    ct.launch(stream, grid, vector_add, (a, b, c, tile))
