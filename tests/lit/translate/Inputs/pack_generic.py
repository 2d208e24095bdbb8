# SPDX-License-Identifier: MIT
# The bytes of a tile whose dtype only a launch decides: refused.
import cuda.tile as ct


@ct.kernel
def generic_bytes(x, out, TILE: ct.Constant[int]):
    b = ct.pack_to_bytes(ct.load(x, index=(ct.bid(0),), shape=(TILE,)))
    ct.store(out, index=(ct.bid(0),), tile=b)
