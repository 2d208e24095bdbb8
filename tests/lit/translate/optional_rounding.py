# SPDX-License-Identifier: MIT
# A rounding_mode= or flush_to_zero= that a constant arm makes None is the
# option's default: `ct.RoundingMode.APPROX if approx else None` in a helper
# whose `approx` is a literal.
# RUN: tileport translate --emit kir %s | FileCheck %s
import cuda.tile as ct


def sigmoid(x, approx):
    denom = ct.add(1.0, ct.exp(-x), flush_to_zero=True)
    rounding_mode = ct.RoundingMode.APPROX if approx else None
    return ct.truediv(1.0, denom, flush_to_zero=True, rounding_mode=rounding_mode)


@ct.kernel
def gates(x, fast, exact, TILE: ct.Constant[int]):
    t = ct.load(x, index=(ct.bid(0),), shape=(TILE,))
    ct.store(fast, index=(ct.bid(0),), tile=sigmoid(t, True))
    ct.store(exact, index=(ct.bid(0),), tile=sigmoid(t, False))

# CHECK: kir.divf {{.*}} {ftz = "Enabled", rounding = "Approx"}
# CHECK: kir.divf {{.*}} {ftz = "Enabled", rounding = "NearestEven"}
