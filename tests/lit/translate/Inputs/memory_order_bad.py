# SPDX-License-Identifier: MIT
# A load cannot release (cuTile Python refuses it too).
import cuda.tile as ct


@ct.kernel
def bad(x, out, TILE: ct.Constant[int]):
    pid = ct.bid(0)
    a = ct.load(x, index=(pid,), shape=(TILE,), memory_order=ct.MemoryOrder.RELEASE, memory_scope=ct.MemoryScope.DEVICE)
    ct.store(out, index=(pid,), tile=a)
