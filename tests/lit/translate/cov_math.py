# SPDX-License-Identifier: MIT
# API coverage: the one-argument math functions ct.cos, ct.sin, ct.tanh,
# ct.log2 and ct.exp2 as kir.math (with the options cutile has forms for),
# ct.minimum of two float tiles, the reductions ct.min / ct.prod (full and
# along an axis) as kir.reduce, and ct.cumsum as kir.scan_sum (forward and
# reverse). Their diffed kernels: tests/fixtures/constructs/cov_math.py.
# RUN: tileport translate --emit kir %s | FileCheck %s
# RUN: tileport translate -o %t %s && FileCheck --check-prefix=RUST %s < %t/src/lib.rs
import cuda.tile as ct


@ct.kernel
def waves(x, out, TILE: ct.Constant[int]):
    pid = ct.bid(0)
    t = ct.astype(ct.load(x, index=(pid,), shape=(TILE,)), ct.float32)
    c = ct.cos(t)
    s = ct.sin(t)
    h = ct.tanh(t)
    l2 = ct.log2(c)
    e2 = ct.exp2(s, flush_to_zero=True)
    ct.store(out, index=(pid,), tile=ct.minimum(h + l2, e2))


@ct.kernel
def folds(x, mins, prods, sums, TM: ct.Constant[int], TN: ct.Constant[int]):
    pid = ct.bid(0)
    t = ct.astype(ct.load(x, index=(pid, 0), shape=(TM, TN)), ct.float32)
    lo = ct.min(t, axis=1)
    pr = ct.prod(t, axis=1)
    ct.store(mins, index=(pid,), tile=lo + ct.min(t))
    ct.store(prods, index=(pid,), tile=pr * ct.prod(t))
    run = ct.cumsum(t, axis=0)
    back = ct.cumsum(t, axis=0, reverse=True)
    ct.store(sums, index=(pid, 0), tile=run + back)

# CHECK-LABEL: kir.entry @waves
# CHECK: kir.math "cos" %{{.*}} {kir.name = "c"} : !kir.tile<[TILE], f32> -> !kir.tile<[TILE], f32>
# CHECK-NEXT: kir.math "sin" %{{.*}} {kir.name = "s"} : !kir.tile<[TILE], f32> -> !kir.tile<[TILE], f32>
# CHECK-NEXT: kir.math "tanh" %{{.*}} {kir.name = "h"} : !kir.tile<[TILE], f32> -> !kir.tile<[TILE], f32>
# CHECK-NEXT: kir.math "log2" %{{.*}} {kir.name = "l2"} : !kir.tile<[TILE], f32> -> !kir.tile<[TILE], f32>
# CHECK-NEXT: kir.math "exp2" %{{.*}} {ftz = "Enabled", kir.name = "e2"} : !kir.tile<[TILE], f32> -> !kir.tile<[TILE], f32>
# CHECK: kir.minimum %{{.*}}, %{{.*}} : !kir.tile<[TILE], f32>, !kir.tile<[TILE], f32> -> !kir.tile<[TILE], f32>

# CHECK-LABEL: kir.entry @folds
# CHECK: %[[T:.*]] = kir.convert %{{.*}} {kir.name = "t"}
# CHECK-NEXT: kir.reduce "min" %[[T]], 1 : !kir.tile<[TM, TN], f32> -> !kir.tile<[TM], f32>
# CHECK-NEXT: kir.convert %{{.*}} {kir.name = "lo"}
# CHECK-NEXT: kir.reduce "prod" %[[T]], 1 : !kir.tile<[TM, TN], f32> -> !kir.tile<[TM], f32>
# CHECK-NEXT: kir.convert %{{.*}} {kir.name = "pr"}
# A full reduction of a rank-2 tile: one axis after the other, to rank 0.
# CHECK-NEXT: %[[M:.*]] = kir.reduce "min" %[[T]], 0 : !kir.tile<[TM, TN], f32> -> !kir.tile<[TN], f32>
# CHECK-NEXT: kir.reduce "min" %[[M]], 0 : !kir.tile<[TN], f32> -> !kir.tile<[], f32>
# CHECK: %[[P:.*]] = kir.reduce "prod" %[[T]], 0 : !kir.tile<[TM, TN], f32> -> !kir.tile<[TN], f32>
# CHECK-NEXT: kir.reduce "prod" %[[P]], 0 : !kir.tile<[TN], f32> -> !kir.tile<[], f32>
# CHECK: kir.scan_sum %{{.*}}, 0 {kir.name = "run", reverse = false} : !kir.tile<[TM, TN], f32> -> !kir.tile<[TM, TN], f32>
# CHECK-NEXT: kir.scan_sum %{{.*}}, 0 {kir.name = "back", reverse = true} : !kir.tile<[TM, TN], f32> -> !kir.tile<[TM, TN], f32>

# RUST: let c: Tile<f32, { [TILE] }> = cos(t);
# RUST-NEXT: let s: Tile<f32, { [TILE] }> = sin(t);
# RUST-NEXT: let h: Tile<f32, { [TILE] }> = tanh(t);
# RUST-NEXT: let l2: Tile<f32, { [TILE] }> = log2(c);
# RUST-NEXT: let e2: Tile<f32, { [TILE] }> = exp2(s, ftz::Enabled);
# RUST: minf(t{{[0-9]+}}_, e2, nan::Disabled, ftz::Disabled);
# RUST: = reduce_min(t, 1i32);
# RUST: = reduce_prod(t, 1i32);
# RUST: let t{{[0-9]+}}_: Tile<f32, { [] }> = reduce_min(t{{[0-9]+}}_, 0i32);
# RUST: let t{{[0-9]+}}_: Tile<f32, { [] }> = reduce_prod(t{{[0-9]+}}_, 0i32);
# RUST: let run: Tile<f32, { [TM, TN] }> = scan_sum(t, 0i32, reverse::Forward, 0.0f32);
# RUST-NEXT: let back: Tile<f32, { [TM, TN] }> = scan_sum(t, 0i32, reverse::Reverse, 0.0f32);
