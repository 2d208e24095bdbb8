# SPDX-License-Identifier: MIT
# ct.ensure_constant of a runtime value: refused, as cuTile Python refuses it.
import cuda.tile as ct


@ct.kernel
def runtime(x, out):
    b = ct.ensure_constant(ct.bid(0))
    ct.store(out, index=(b,), tile=ct.load(x, index=(b,), shape=(4,)))
