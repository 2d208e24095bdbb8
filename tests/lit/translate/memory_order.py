# SPDX-License-Identifier: MIT
# memory_order= and memory_scope= of ct.load and ct.store: the weak default
# (explicit or not) keeps the plain forms; any other ordering is
# load_view_tko / store_view_tko_mut with cutile's ordering:: and scope::
# markers. Orders and scopes cuTile Python refuses are refused here too.
# RUN: tileport translate --emit kir %s | FileCheck %s
# RUN: tileport translate -o %t %s && FileCheck --check-prefix=RUST %s < %t/src/lib.rs
# RUN: not tileport translate --emit kir %S/Inputs/memory_order_bad.py 2>&1 | FileCheck --check-prefix=BAD %s
import cuda.tile as ct


@ct.kernel
def ordered(x, out, TILE: ct.Constant[int]):
    pid = ct.bid(0)
    a = ct.load(x, index=(pid,), shape=(TILE,), memory_order=ct.MemoryOrder.ACQUIRE,
                memory_scope=ct.MemoryScope.DEVICE)
    b = ct.load(x, index=(pid,), shape=(TILE,), memory_order=ct.MemoryOrder.WEAK,
                memory_scope=ct.MemoryScope.NONE)
    ct.store(out, index=(pid,), tile=a + b, memory_order=ct.MemoryOrder.RELEASE,
             memory_scope=ct.MemoryScope.SYS)

# CHECK: kir.load %arg0[%0] {kir.name = "a", ordering = "Acquire", padding = "None", scope = "Device"}
# CHECK: kir.load %arg0[%0] {kir.name = "b", padding = "None"}
# CHECK: kir.store {{.*}} {ordering = "Release", scope = "System"}

# RUST: let a: Tile<E, { [TILE] }> = load_view_tko(
# RUST-NEXT: &t0_,
# RUST-NEXT: [pid],
# RUST-NEXT: ordering::Acquire,
# RUST-NEXT: scope::Device,
# RUST: let b: Tile<E, { [TILE] }> = load_view_tko(
# RUST: ordering::Weak,
# RUST-NEXT: scope::TileBlock,
# RUST: unsafe { store_view_tko_mut(
# RUST: ordering::Release,
# RUST-NEXT: scope::System,

# BAD: memory_order_bad.py:9:{{[0-9]+}}: error: ct.load memory_order: must be WEAK, RELAXED or ACQUIRE, not RELEASE
