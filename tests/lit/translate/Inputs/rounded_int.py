# SPDX-License-Identifier: MIT
import cuda.tile as ct


@ct.kernel
def rounded_int(x, out, TILE: ct.Constant[int]):
    a = ct.astype(ct.load(x, index=(ct.bid(0),), shape=(TILE,)), ct.int32)
    ct.store(out, index=(ct.bid(0),), tile=ct.add(a, a, flush_to_zero=True))
