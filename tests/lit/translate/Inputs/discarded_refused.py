# SPDX-License-Identifier: MIT
import cuda.tile as ct


@ct.kernel
def discard(x, out, TILE: ct.Constant[int]):
    pid = ct.bid(0)
    t = ct.load(x, index=(pid,), shape=(TILE,))
    ct.cumprod(t, 0)
    ct.store(out, index=(pid,), tile=t)
