# SPDX-License-Identifier: MIT
# `i` is a range() index but also bound to a tuple: not taken for an int.
import cuda.tile as ct


@ct.kernel
def ambiguous(x, T: ct.Constant[int]):
    i = (0,)
    for i in range(4):
        pass
    ct.store(x, i, ct.zeros((T,), dtype=ct.float32))
