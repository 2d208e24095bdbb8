# SPDX-License-Identifier: MIT
# What the kernel IR does not lower yet is refused at its file:line:col,
# never handed to the legacy path behind the user's back.
# RUN: not tileport translate --emit kir %s 2> %t.err
# RUN: FileCheck %s < %t.err
import cuda.tile as ct


@ct.kernel
def looped(a, out, TILE: ct.Constant[int]):
    pid = ct.bid(0)
    acc = ct.load(a, index=(pid,), shape=(TILE,))
    i = 0
    while i < 4:
        acc = acc + acc
        i += 1
    ct.store(out, index=(pid,), tile=acc)
# CHECK: refused.py:[[@LINE-4]]:5: error: {{.*}}while statement: not lowered to the kernel IR yet
