# SPDX-License-Identifier: MIT
# A helper imported from another module of the project is inlined from
# there: its parameters and body read in its module (its constants, its
# import of cuda.tile, its own helpers), the arguments in the caller's; a
# helper's parameter bound to a literal decides its early return. What the
# kernel IR refuses in there is reported at the call, naming the place.
# RUN: tileport translate --emit kir %s | FileCheck %s
# RUN: not tileport translate --emit kir %S/Inputs/imported_refused.py 2>&1 | FileCheck --check-prefix=REFUSED %s
import cuda.tile as ct

from .Inputs.act_helpers import scaled_square as sq


@ct.kernel
def squares(x, out, TILE: ct.Constant[int]):
    t = ct.load(x, index=(ct.bid(0),), shape=(TILE,))
    ct.store(out, index=(ct.bid(0),), tile=sq(t, 1))

# CHECK: %[[T:[0-9]+]] = kir.load
# CHECK: %[[SQ:[0-9]+]] = kir.mul %[[T]], %[[T]]
# CHECK: kir.constant(3.000000e+00 : f64)
# CHECK: kir.mul %[[SQ]],
# CHECK: kir.store

# REFUSED: imported_refused.py:11:36: error: call: 'sorted' is not lowered to the kernel IR yet (at {{.*}}act_helpers.py:20:12, in a helper inlined from there)
