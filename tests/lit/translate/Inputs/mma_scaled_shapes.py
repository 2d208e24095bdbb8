# SPDX-License-Identifier: MIT
# Scales whose K blocks differ: refused.
import cuda.tile as ct


@ct.kernel
def bad(a, c):
    ta = ct.astype(ct.load(a, index=(0, 0), shape=(64, 64)), ct.float8_e4m3fn)
    sa = ct.full((64, 2), 1.0, ct.float8_e8m0fnu)
    sb = ct.full((4, 64), 1.0, ct.float8_e8m0fnu)
    acc = ct.mma_scaled(ta, sa, ta, sb, ct.zeros((64, 64), ct.float32))
    ct.store(c, index=(0, 0), tile=acc)
