# SPDX-License-Identifier: MIT
# ct.atan2 of int32 tiles: cuTile Python has no integer atan2.
import cuda.tile as ct


@ct.kernel
def int_angle(x, out, TILE: ct.Constant[int]):
    a = ct.astype(ct.load(x, index=(ct.bid(0),), shape=(TILE,)), ct.int32)
    ct.store(out, index=(ct.bid(0),), tile=ct.atan2(a, a))
