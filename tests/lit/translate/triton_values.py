# SPDX-License-Identifier: MIT
# Values and loops as Triton kernels write them: an `if`/`else` on a
# one-element loaded flag (the comparison's .item()), both arms binding the
# tile; tl.math.rsqrt; a plain module global (not a tl.constexpr)
# substituted; tl.static_range with a loop-carried tile; the tl.constexpr
# BLOCK used as a value and an int32 lane index cast to float32.
# RUN: tileport translate --emit kir %s | FileCheck %s
# RUN: tileport analyze --json %s | FileCheck --check-prefix=JSON %s
import triton
import triton.language as tl

SHIFT = 0.5


@triton.jit
def gated_norm(x_ptr, flag_ptr, y_ptr, n, BLOCK: tl.constexpr, ROUNDS: tl.constexpr):
    lanes = tl.arange(0, BLOCK)
    offs = tl.program_id(0) * BLOCK + lanes
    x = tl.load(x_ptr + offs, mask=offs < n, other=0.0).to(tl.float32)
    flag = tl.load(flag_ptr)
    if flag != 0:
        y = x * tl.math.rsqrt(x * x + 1.0)
    else:
        y = x + SHIFT
    for r in tl.static_range(ROUNDS):
        y = y * 0.5 + lanes.cast(tl.float32) / BLOCK
    tl.store(y_ptr + offs, y, mask=offs < n)


# CHECK-LABEL: kir.entry @gated_norm(
# CHECK: %[[FLAG:[0-9]+]] = kir.load_ptr %arg1[%{{[0-9]+}}] mask %{{[0-9]+}} {kir.name = "flag"
# CHECK: %[[NE:[0-9]+]] = kir.cmp "ne" %[[FLAG]],
# CHECK: %[[C:[0-9]+]] = kir.tile_to_scalar %[[NE]] : !kir.tile<[], i1> -> i1
# CHECK: kir.if %[[C]] -> !kir.tile<[BLOCK], f32> {
# CHECK: kir.math "rsqrt"
# CHECK: } else {
# CHECK: kir.constant(5.000000e-01 : f64) : !kir.tile<[BLOCK], f32>
# CHECK: } {carried = [], fresh = ["y"]}
# CHECK: %[[R:[0-9]+]] = kir.const_param "ROUNDS"
# CHECK: kir.for "r" = %{{[0-9]+}} to %[[R]] iter_args(
# CHECK: kir.convert %{{[0-9]+}} : !kir.tile<[BLOCK], i32> -> !kir.tile<[BLOCK], f32>
# CHECK: kir.const_param "BLOCK"
# CHECK: kir.div
# CHECK: } {carried = ["y"]}

# JSON: if ((flag != 0)).item():
# JSON: "tl.load at line 20: a pointer gather from 'flag_ptr' (ct.gather)"
# JSON: "module constant SHIFT = 0.5 substituted"
