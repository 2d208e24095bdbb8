# SPDX-License-Identifier: MIT
# Conditions: scalar comparisons print as Rust's operators, an int's truth
# is `x != 0`, `and`/`or` are `&&`/`||`, and `not` is structural (cutile
# compiles no `!`): an inverted comparison on ints, De Morgan over `and`/
# `or`, `== 0` for an int and `^ true` for a bool.
# RUN: tileport translate --emit kir %s | FileCheck %s
# RUN: tileport translate -o %t %s && FileCheck --check-prefix=RUST %s < %t/src/lib.rs
import cuda.tile as ct


@ct.kernel
def guarded(x, y, n, scale: float, TILE: ct.Constant[int], EVEN: ct.Constant[bool]):
    bid = ct.bid(0)
    start = bid * TILE
    vals = ct.load(x, index=(bid,), shape=(TILE,))
    if not EVEN and start + TILE > n:
        vals = vals * 2.0
    if not (EVEN or start >= n):
        vals = vals - 1.0
    inside = start < n
    if not inside:
        vals = vals * 0.5
    if scale > 1.0:
        vals = vals * 3.0
    ct.store(y, index=(bid,), tile=vals)

# CHECK: %[[E:.*]] = kir.const_param "EVEN"
# CHECK-NEXT: %[[Z:.*]] = kir.constant(0 : i64) : i32
# CHECK-NEXT: %[[NE:.*]] = kir.cmp "eq" %[[E]], %[[Z]] : i32, i32 -> i1
# CHECK: %[[GT:.*]] = kir.cmp "gt"
# CHECK-NEXT: %[[AND:.*]] = kir.logical_and %[[NE]], %[[GT]]
# CHECK-NEXT: kir.if %[[AND]]
# CHECK: kir.cmp "lt"
# CHECK-NEXT: kir.logical_and
# CHECK: kir.cmp "lt" {{.*}} {kir.name = "inside"}
# CHECK: kir.xor
# CHECK: kir.cmp "gt" %{{.*}}, %{{.*}} : f32, f32 -> i1

# RUST: if (EVEN == 0i32) && ((start + TILE) > n) {
# RUST: if (EVEN == 0i32) && (start < n) {
# RUST: let inside: bool = start < n;
# RUST-NEXT: if inside ^ true {
# RUST: if scale > 1.0f32 {
