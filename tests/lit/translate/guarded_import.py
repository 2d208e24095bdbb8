# SPDX-License-Identifier: MIT
# cuda.tile imported inside a module-level `try:` (kernels defined there,
# an ImportError fallback beside them) resolves as a top-level import, and
# the try body's constants are module constants.
# RUN: tileport translate --emit kir %s | FileCheck %s
try:
    import cuda.tile as ct
    ConstInt = ct.Constant[int]
    SCALE = 1.0 / 4

    @ct.kernel(occupancy=2)
    def guarded_copy(x, out, TILE: ConstInt):
        b = ct.bid(0)
        ct.store(out, index=(b,), tile=ct.load(x, index=(b,), shape=(TILE,)) * SCALE)
except ImportError:
    HAS_CUTILE = False

# CHECK: kir.entry @guarded_copy
# CHECK: kir.bid 0
# CHECK: kir.load %arg0
# CHECK: kir.constant(2.500000e-01 : f64)
# CHECK: kir.store
