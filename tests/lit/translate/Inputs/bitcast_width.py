# SPDX-License-Identifier: MIT
import cuda.tile as ct


@ct.kernel
def halves(x, out, TILE: ct.Constant[int]):
    t = ct.astype(ct.load(x, index=(ct.bid(0),), shape=(TILE,)), ct.float16)
    ct.store(out, index=(ct.bid(0),), tile=ct.bitcast(t, ct.int32))
