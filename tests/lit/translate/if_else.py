# SPDX-License-Identifier: MIT
# `if`/`elif`/`else` on runtime scalars: a name bound before and re-bound in
# an arm is carried (`let mut`, assigned in place); a name first bound in
# every arm is a result of its own (`let mut NAME_out_N` before the `if`);
# an `elif` is an `if` in the else arm.
# RUN: tileport translate --emit kir %s | FileCheck %s
# RUN: tileport translate -o %t %s && FileCheck --check-prefix=RUST %s < %t/src/lib.rs
import cuda.tile as ct


@ct.kernel
def branches(x, y, n, TILE: ct.Constant[int]):
    pid = ct.bid(0)
    vals = ct.load(x, index=(pid,), shape=(TILE,))
    if pid * TILE > n:
        vals = vals * 0.5
    if pid == 0:
        shift = 1
    elif pid < n:
        shift = pid
    else:
        shift = 2
    vals = vals + shift
    ct.store(y, index=(pid,), tile=vals)

# CHECK: %[[V:.*]] = kir.load {{.*}} {kir.name = "vals"
# CHECK: %[[C:.*]] = kir.cmp "gt"
# CHECK-NEXT: %[[R:.*]] = kir.if %[[C]] carrying(%[[V]] : !kir.tile<[TILE], !kir.var<0>>) -> !kir.tile<[TILE], !kir.var<0>> {
# CHECK: kir.mul {{.*}} {kir.name = "vals"}
# CHECK-NEXT: kir.yield
# CHECK-NEXT: } else {
# CHECK-NEXT: kir.yield %[[V]]
# CHECK-NEXT: } {carried = ["vals"], fresh = []}
# CHECK: kir.if %{{.*}} -> i32 {
# CHECK: kir.if %{{.*}} -> i32 {
# CHECK: } {carried = [], fresh = ["shift"]}
# CHECK: } {carried = [], fresh = ["shift"]}

# RUST: let mut vals: Tile<E, { [TILE] }> = load_view_tko(
# RUST: );
# RUST-NEXT: if (pid * TILE) > n {
# RUST: vals = vals * t{{[0-9]+}}_;
# RUST-NEXT: }
# Every arm assigns it; cutile wants the initializer all the same.
# RUST-NEXT: #[allow(unused_assignments)]
# RUST-NEXT: let mut shift_out_[[O:[0-9]+]]: i32 = 0i32;
# RUST-NEXT: if pid == 0i32 {
# RUST-NEXT: let shift: i32 = 1i32;
# RUST-NEXT: shift_out_[[O]] = shift;
# RUST-NEXT: } else {
# RUST-NEXT: #[allow(unused_assignments)]
# RUST-NEXT: let mut shift_out_[[I:[0-9]+]]: i32 = 0i32;
# RUST-NEXT: if pid < n {
# RUST-NEXT: let shift: i32 = pid;
# RUST-NEXT: shift_out_[[I]] = shift;
# RUST-NEXT: } else {
# RUST-NEXT: let shift: i32 = 2i32;
# RUST-NEXT: shift_out_[[I]] = shift;
# RUST-NEXT: }
# RUST-NEXT: shift_out_[[O]] = shift_out_[[I]];
# RUST-NEXT: }
# RUST-NEXT: scalar_to_tile(shift_out_[[O]]);
