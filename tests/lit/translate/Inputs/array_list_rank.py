# SPDX-License-Identifier: MIT
# Items of a list that no use gives a rank.
import cuda.tile as ct


@ct.kernel
def count_items(
        xs, out):
    n = len(xs)
    ct.store(out, (0,), tile=ct.full((1,), n, dtype=ct.int32))
