# SPDX-License-Identifier: MIT
# cuda.tile imported inside a module-level `try:` (kernels defined there,
# an ImportError fallback beside them) resolves as a top-level import, and
# the try body's constants and helpers are module-level, and numpy's
# `np.bool` is the bool dtype.
# RUN: tileport translate --emit kir %s | FileCheck %s
try:
    import cuda.tile as ct
    import numpy as np
    ConstInt = ct.Constant[int]
    SCALE = 1.0 / 4

    def scaled(t):
        return t * SCALE

    @ct.kernel(occupancy=2)
    def guarded_copy(x, out, TILE: ConstInt):
        b = ct.bid(0)
        t = scaled(ct.load(x, index=(b,), shape=(TILE,)))
        ct.store(out, index=(b,), tile=ct.where(ct.astype(t, np.bool), t, 0.0))
except ImportError:
    HAS_CUTILE = False

# CHECK: kir.entry @guarded_copy
# CHECK: kir.bid 0
# CHECK: kir.load %arg0
# CHECK: kir.constant(2.500000e-01 : f64)
# CHECK: kir.convert %{{[0-9]+}} : !kir.tile<[TILE], {{.*}}> -> !kir.tile<[TILE], i1>
# CHECK: kir.store
