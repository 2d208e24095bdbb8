# SPDX-License-Identifier: MIT
# A `return` in the kernel's own body ends the kernel: `if c: return` with
# no else makes the statements after it the if's else arm (a kir.if with
# no results), and a bare `return` last is nothing. A return inside a loop
# or a helper is still refused.
# RUN: tileport translate --emit kir %s | FileCheck %s
# RUN: not tileport translate --emit kir %S/Inputs/early_exit_loop.py 2>&1 | FileCheck --check-prefix=LOOP %s
import cuda.tile as ct


@ct.kernel
def upper_blocks(x, out, T: ct.Constant[int]):
    bx, by = ct.bid(0), ct.bid(1)
    if by > bx:
        return
    t = ct.load(x, index=(bx, by), shape=(T, T))
    if bx == 0: return
    ct.store(out, index=(bx, by), tile=t * 2)
    return

# CHECK-LABEL: kir.entry @upper_blocks
# CHECK: kir.if %{{[0-9]+}} {
# CHECK-NEXT: kir.yield
# CHECK-NEXT: } else {
# CHECK-NEXT: kir.load %arg0
# CHECK: kir.if %{{[0-9]+}} {
# CHECK-NEXT: kir.yield
# CHECK-NEXT: } else {
# CHECK: kir.store
# CHECK: kir.yield
# CHECK: kir.return

# LOOP: early_exit_loop.py:10:{{[0-9]+}}: error: return statement: not lowered to the kernel IR yet
