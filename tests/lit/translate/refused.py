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
    for i in range(4):
        acc = acc + acc
        if i == 2:
            break
    ct.store(out, index=(pid,), tile=acc)
# CHECK: refused.py:[[@LINE-2]]:13: error: {{.*}}break statement: not lowered to the kernel IR yet
