# SPDX-License-Identifier: MIT
import cuda.tile as ct


@ct.kernel
def pick(x, out, FLAG: ct.Constant):
    t = ct.load(x, index=(ct.bid(0),), shape=(16,))
    ct.store(out, index=(ct.bid(0),), tile=ct.where(FLAG, t, t))
