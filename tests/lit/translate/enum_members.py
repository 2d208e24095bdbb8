# SPDX-License-Identifier: MIT
# Enum members and forms the other lit tests do not name: each padding mode
# of ct.load, an acquire-release atomic at device scope, ct.exp with FULL
# rounding, ct.divmod, and a @ct.function helper (inlined as any helper).
# RUN: tileport translate --emit kir %s | FileCheck %s
# RUN: tileport translate -o %t %s && FileCheck --check-prefix=RUST %s < %t/src/lib.rs
import cuda.tile as ct


@ct.function
def twice(t):
    return t + t


@ct.kernel
def members(a, out, total, counts, TILE: ct.Constant[int]):
    pid = ct.bid(0)
    n = ct.load(a, index=(pid,), shape=(TILE,), padding_mode=ct.PaddingMode.NAN)
    z = ct.load(a, index=(pid,), shape=(TILE,), padding_mode=ct.PaddingMode.NEG_ZERO)
    i = ct.load(a, index=(pid,), shape=(TILE,), padding_mode=ct.PaddingMode.POS_INF)
    u = ct.load(a, index=(pid,), shape=(TILE,), padding_mode=ct.PaddingMode.UNDETERMINED)
    e = ct.exp(twice(n + z + i + u), rounding_mode=ct.RoundingMode.FULL)
    ct.atomic_add(total, (0,), ct.sum(e), memory_order=ct.MemoryOrder.ACQ_REL, memory_scope=ct.MemoryScope.DEVICE)
    q, r = ct.divmod(ct.arange(TILE, dtype=ct.int32), 3)
    ct.store(counts, index=(pid,), tile=q * 3 + r)
    ct.store(out, index=(pid,), tile=e)

# CHECK: kir.load %arg0[%0] {kir.name = "n", padding = "Nan"}
# CHECK: kir.load %arg0[%0] {kir.name = "z", padding = "NegZero"}
# CHECK: kir.load %arg0[%0] {kir.name = "i", padding = "PosInf"}
# CHECK: kir.load %arg0[%0] {kir.name = "u", padding = "None"}
# CHECK: kir.math "exp" %{{.*}} {kir.name = "e", rounding = "Full"}
# CHECK: kir.atomic_rmw "add" {{.*}} {ordering = "AcqRel", scope = "Device"}
# CHECK: kir.floordiv
# CHECK: kir.rem

# RUST: padding::Nan,
# RUST: padding::NegZero,
# RUST: padding::PosInf,
# RUST: padding::None,
# RUST: ordering::AcqRel,
# RUST-NEXT: scope::Device,
