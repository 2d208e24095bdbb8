# SPDX-License-Identifier: MIT
# Control flow Triton allows and cuTile spells differently: an early return
# nested in a branch (or a loop) sets an exit flag, and what follows it runs
# only where the flag is 0 (a loop that may return runs its remaining trips
# idle); `and`/`or`/`not` on one-element boolean tiles (comparisons of loaded
# values) take their elements; range() with a negative literal step counts
# its trips up and the value down.
# RUN: tileport translate --emit kir %s | FileCheck %s
# RUN: tileport analyze --json %s | FileCheck --check-prefix=JSON %s
import triton
import triton.language as tl


@triton.jit
def skip_flagged_rows(x_ptr, flags_ptr, y_ptr, n_cols, VERIFY: tl.constexpr, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    if VERIFY:
        flag = tl.load(flags_ptr + row)
        if flag != 0:
            # Flagged rows are cleared, then the program stops.
            for off in range(0, n_cols, BLOCK):
                cols = off + tl.arange(0, BLOCK)
                tl.store(y_ptr + row * n_cols + cols, tl.zeros((BLOCK,), dtype=tl.float32), mask=cols < n_cols)
            return
    for off in range(0, n_cols, BLOCK):
        cols = off + tl.arange(0, BLOCK)
        v = tl.load(x_ptr + row * n_cols + cols, mask=cols < n_cols, other=0.0)
        tl.store(y_ptr + row * n_cols + cols, v * 2.0, mask=cols < n_cols)


@triton.jit
def first_negative_block(x_ptr, out_ptr, n_blocks, BLOCK: tl.constexpr):
    # Stores the sum of the first block (counting down) whose sum is negative.
    for b in range(n_blocks - 1, -1, -1):
        s = tl.sum(tl.load(x_ptr + b * BLOCK + tl.arange(0, BLOCK)), axis=0)
        if s < 0:
            tl.store(out_ptr, s)
            return


@triton.jit
def in_window(x_ptr, out_ptr, lo, hi):
    # Values inside [lo, hi) are stored shifted by lo; the others are left.
    x = tl.load(x_ptr + tl.program_id(0))
    below = x < lo
    above = x >= hi
    if not (below or above):
        tl.store(out_ptr + tl.program_id(0), x - lo)

# CHECK-LABEL: kir.entry @skip_flagged_rows
# CHECK: %0 = kir.constant(0 : i64) {kir.name = "returned_"} : i32
# CHECK: %[[OUTER:.*]] = kir.if %{{.*}} carrying(%0 : i32) -> i32 {
# CHECK: kir.if %{{.*}} carrying(%0 : i32) -> i32 {
# CHECK: kir.for "off"
# CHECK: kir.store
# CHECK: %[[SET:.*]] = kir.constant(1 : i64) {kir.name = "returned_"} : i32
# CHECK-NEXT: kir.yield %[[SET]] : i32
# CHECK: {carried = ["returned_"], fresh = []}
# CHECK: %[[GO:.*]] = kir.cmp "eq" %[[OUTER]], %{{.*}} : i32, i32 -> i1
# CHECK-NEXT: kir.if %[[GO]] {
# CHECK: kir.for "off"
# CHECK: kir.load %arg0

# CHECK-LABEL: kir.entry @first_negative_block
# CHECK: %0 = kir.constant(0 : i64) {kir.name = "returned_"} : i32
# CHECK: %[[START:.*]] = kir.sub %arg2, %{{.*}} : i32, i32 -> i32
# CHECK: %[[TRIPS:.*]] = kir.sub %[[START]], %{{.*}} : i32, i32 -> i32
# CHECK: kir.for "b" = %{{.*}} to %[[TRIPS]] iter_args(%0 : i32) -> i32 {
# CHECK-NEXT: ^bb0(%[[B:.*]]: i32, %[[FLAG:.*]]: i32):
# CHECK: kir.cmp "eq" %[[FLAG]], %{{.*}} : i32, i32 -> i1
# CHECK: kir.sub %{{.*}}, %[[B]] : i32, i32 -> i32
# CHECK: kir.load %arg0
# CHECK: kir.reduce "sum"
# CHECK: kir.cmp "lt"
# CHECK: kir.store_ptr
# CHECK: kir.constant(1 : i64) {kir.name = "returned_"} : i32

# CHECK-LABEL: kir.entry @in_window
# CHECK: kir.cmp "lt" {{.*}} {kir.name = "below"}
# CHECK: kir.cmp "ge" {{.*}} {kir.name = "above"}
# CHECK: kir.tile_to_scalar %{{.*}} : !kir.tile<[], i1> -> i1
# CHECK: kir.tile_to_scalar %{{.*}} : !kir.tile<[], i1> -> i1
# CHECK: kir.logical_and
# CHECK-NEXT: kir.if

# JSON: "early returns set 'returned_'; the statements after them run where it is 0"
