# SPDX-License-Identifier: MIT
# `rows, cols = x.shape` (one kir.dim per axis, launch metadata), `x.ndim`
# (a literal), math/numpy constants (math.pi, -math.inf) and arithmetic on
# literals folded as Python computes it (ints stay ints, `/` gives a float).
# RUN: tileport translate --emit kir %s | FileCheck %s
import math

import cuda.tile as ct


@ct.kernel
def shape_reads(x, out, TILE: ct.Constant[int]):
    rows, cols = x.shape
    scale = math.pi * x.ndim / 4
    t = ct.load(x, index=(ct.bid(0), 0), shape=(1, TILE))
    t = ct.where(t > -math.inf, t * scale, t)
    if rows > cols:
        t = t + 1.0
    ct.store(out, index=(ct.bid(0), 0), tile=t)

# CHECK: %[[D0:.*]] = kir.dim %arg0, 0
# CHECK-NEXT: %[[D1:.*]] = kir.dim %arg0, 1
# CHECK-NEXT: %[[R:.*]] = kir.rebind %[[D0]] {kir.name = "rows"}
# CHECK-NEXT: %[[C:.*]] = kir.rebind %[[D1]] {kir.name = "cols"}
# CHECK: kir.constant(0xFFF0000000000000 : f64)
# CHECK: kir.constant(1.5707963267948966 : f64)
# CHECK: kir.cmp "gt" %[[R]], %[[C]] : i32, i32 -> i1
