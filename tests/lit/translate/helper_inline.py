# SPDX-License-Identifier: MIT
# A module-level helper is inlined at each call: its names take the prefix
# NAME_N_ (N counts the inlined calls), its ops the helper's source lines,
# and the caller's name re-binds the value it returns.
# RUN: tileport translate --emit kir %s | FileCheck %s
# RUN: tileport translate -o %t %s && FileCheck --check-prefix=RUST %s < %t/src/lib.rs
import cuda.tile as ct


def scaled(x, factor):
    y = x + factor
    return y * 0.5


@ct.kernel
def twice(a, out, TILE: ct.Constant[int]):
    pid = ct.bid(0)
    t = ct.astype(ct.load(a, index=(pid,), shape=(TILE,)), ct.float32)
    u = scaled(t, 2.0)
    v = scaled(u, 3.0)
    ct.store(out, index=(pid,), tile=ct.astype(v, out.dtype))

# CHECK: kir.add {{.*}} {kir.name = "scaled_1_y"}
# CHECK: kir.rebind {{.*}} {kir.name = "u"}
# CHECK: kir.add {{.*}} {kir.name = "scaled_2_y"}
# CHECK: kir.rebind {{.*}} {kir.name = "v"}

# RUST: let scaled_1_y: Tile<f32, { [TILE] }> = t + t{{[0-9]+}}_;
# RUST: let u: Tile<f32, { [TILE] }> = t{{[0-9]+}}_;
# RUST: let scaled_2_y: Tile<f32, { [TILE] }> = u + t{{[0-9]+}}_;
# RUST: let v: Tile<f32, { [TILE] }> = t{{[0-9]+}}_;
