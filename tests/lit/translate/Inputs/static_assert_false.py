# SPDX-License-Identifier: MIT
# A static assertion on literals that fails: refused while translating.
import cuda.tile as ct


@ct.kernel
def narrow(x, out):
    ct.static_assert(4 > 8, "needs a wide tile")
    ct.store(out, index=(0,), tile=ct.load(x, index=(0,), shape=(4,)))
