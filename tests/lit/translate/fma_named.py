# SPDX-License-Identifier: MIT
# contract-fma on names: Python contracts its SSA IR, where names do not
# exist, so a named product used once by a sum contracts like an inline
# one (the sum's name on the fma); a product used twice stays a mul.
# RUN: tileport translate --emit kir %s | FileCheck %s
# RUN: tileport translate -o %t %s && FileCheck --check-prefix=RUST %s < %t/src/lib.rs
import cuda.tile as ct


@ct.kernel
def named(a, b, out, TILE: ct.Constant[int]):
    pid = ct.bid(0)
    x = ct.astype(ct.load(a, index=(pid,), shape=(TILE,)), ct.float32)
    y = ct.astype(ct.load(b, index=(pid,), shape=(TILE,)), ct.float32)
    t = x * y
    s = t + y
    u = x * x
    v = u - s + u
    ct.store(out, index=(pid,), tile=ct.astype(v, out.dtype))

# CHECK: kir.fma %{{.*}}, %{{.*}}, %{{.*}} {kir.name = "s"}
# CHECK-NOT: kir.fma
# CHECK: kir.mul {{.*}} {kir.name = "u"}
# CHECK: kir.sub
# CHECK: kir.add {{.*}} {kir.name = "v"}

# RUST: let s: Tile<f32, { [TILE] }> = fma(x, y, y, rounding::NearestEven, ftz::Disabled);
# RUST-NEXT: let u: Tile<f32, { [TILE] }> = x * x;
