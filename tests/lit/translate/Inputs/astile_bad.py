# SPDX-License-Identifier: MIT
# Refused ct.astile forms and a named but unclassified parameter (astile.py).
import cuda.tile as ct


@ct.kernel
def ramp(out):
    t = ct.astile((0, 1, 2, 3), dtype=ct.int32)
    ct.store(out, index=(0,), tile=t)


@ct.kernel
def odd(out, a: int):
    t = ct.astile((a, a, a), dtype=ct.int32)
    ct.store(out, index=(0,), tile=t)


@ct.kernel
def named(out, maybe):
    x = maybe
    ct.store(out, index=(0,), tile=ct.zeros((4,), dtype=ct.int32))
