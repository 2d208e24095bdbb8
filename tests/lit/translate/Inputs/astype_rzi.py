# SPDX-License-Identifier: MIT
# RZI rounding of a float-to-float conversion: cutile's ftof has no such mode.
import cuda.tile as ct


@ct.kernel
def rzi(x, out, TILE: ct.Constant[int]):
    t = ct.load(x, index=(ct.bid(0),), shape=(TILE,))
    ct.store(out, index=(ct.bid(0),), tile=ct.astype(t, ct.float16, rounding_mode=ct.RoundingMode.RZI))
