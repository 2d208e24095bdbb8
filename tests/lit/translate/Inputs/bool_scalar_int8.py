# SPDX-License-Identifier: MIT
# An int8 scalar parameter, which the lowering refuses.
import cuda.tile as ct


@ct.kernel
def add_n(x, n: ct.int8, T: ct.Constant[int]):
    ct.store(x, index=(0,), tile=ct.load(x, index=(0,), shape=(T,)) + n)
