# SPDX-License-Identifier: MIT
# An expression statement whose value nobody reads is lowered (so what does
# not lower is still refused) and its side-effect-free ops are dropped, as
# cuTile Python's dead code elimination drops them.
# RUN: tileport translate --emit kir %s | FileCheck %s
# RUN: not tileport translate --emit kir %S/Inputs/discarded_refused.py 2>&1 | FileCheck --check-prefix=REFUSED %s
import cuda.tile as ct


@ct.kernel
def discard(x, out, TILE: ct.Constant[int]):
    pid = ct.bid(0)
    t = ct.load(x, index=(pid,), shape=(TILE,))
    t.astype(ct.float32)
    ct.exp(ct.astype(t, ct.float32))
    ct.store(out, index=(pid,), tile=t)

# CHECK: kir.entry @discard
# CHECK-NEXT: kir.bid 0
# CHECK-NEXT: kir.load
# CHECK-NEXT: kir.store
# CHECK-NEXT: kir.return

# REFUSED: discarded_refused.py:9:5: error: call: 'ct.cumprod' is not lowered to the kernel IR yet
