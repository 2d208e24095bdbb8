# SPDX-License-Identifier: MIT
# A range() loop's index used as a ct.load / ct.store index is an int, the
# 1-D form: it fixes the array's rank. A name bound otherwise too is not
# taken for an int. A list item passed straight to ct.load is read from
# the list's table as a bound one is.
# RUN: tileport translate --emit kir %s | FileCheck %s
# RUN: not tileport translate --emit kir %S/Inputs/loop_index_rebound.py 2>&1 | FileCheck --check-prefix=REBOUND %s
import cuda.tile as ct


@ct.kernel
def scale_rows(x, t: float):
    for i in range(ct.num_tiles(x, 0, (16,))):
        ct.store(x, i, ct.load(x, i, (16,)) * t)


@ct.kernel
def first_items(xs, out, T: ct.Constant[int]):
    for g in range(len(xs)):
        ct.store(out, (g,), ct.load(xs[g], (0,), (T,)))

# CHECK-LABEL: kir.entry @scale_rows(%arg0: !kir.tensor<!kir.var<0>, 1> {kir.name = "x"}, %arg1: f32 {kir.name = "t"})
# CHECK: kir.load %arg0[%arg{{[0-9]+}}]
# CHECK-LABEL: kir.entry @first_items(%arg0: !kir.list<!kir.var<0>, 1> {kir.name = "xs"}
# CHECK: %[[ITEM:[0-9]+]] = kir.list_item %arg0[%arg{{[0-9]+}}]
# CHECK: kir.load %[[ITEM]]

# REBOUND: loop_index_rebound.py:7:{{[0-9]+}}: error: array parameter: 'x' has no known rank
