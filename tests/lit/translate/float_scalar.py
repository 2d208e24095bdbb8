# SPDX-License-Identifier: MIT
# Float scalar arithmetic: a float parameter times a module constant is an
# f32 `let`; an int operand converts first (Python promotes it), a literal
# takes the float side's type; a float scalar's negation goes through a
# rank-0 tile, as cuTile Python emits it.
# RUN: tileport translate --emit kir %s | FileCheck %s
# RUN: tileport translate -o %t %s && FileCheck --check-prefix=RUST %s < %t/src/lib.rs
import cuda.tile as ct

LOG2E = 1.4426950408889634


@ct.kernel
def scaled(x, y, sm_scale: float, TILE: ct.Constant[int]):
    pid = ct.bid(0)
    qk_scale = sm_scale * LOG2E
    bias = pid * 0.5
    neg = -qk_scale
    vals = ct.load(x, index=(pid,), shape=(TILE,))
    ct.store(y, index=(pid,), tile=vals * qk_scale + bias + neg)

# CHECK: %[[C:.*]] = kir.constant(1.4426950408889634 : f64) : f32
# CHECK-NEXT: kir.mul %arg2, %[[C]] {kir.name = "qk_scale"} : f32, f32 -> f32
# CHECK: %[[P:.*]] = kir.convert %0 : i32 -> f32
# CHECK-NEXT: %[[H:.*]] = kir.constant(5.000000e-01 : f64) : f32
# CHECK-NEXT: kir.mul %[[P]], %[[H]] {kir.name = "bias"} : f32, f32 -> f32
# CHECK: kir.scalar_to_tile
# CHECK-NEXT: kir.neg
# CHECK-NEXT: kir.tile_to_scalar {{.*}} {kir.name = "neg"}

# RUST: let qk_scale: f32 = sm_scale * 1.4426950408889634f32;
# RUST-NEXT: let [[T:t[0-9]+_]]: f32 = convert_scalar(pid);
# RUST-NEXT: let bias: f32 = [[T]] * 0.5f32;
# RUST: let neg: f32 = tile_to_scalar(
