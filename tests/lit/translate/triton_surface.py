# SPDX-License-Identifier: MIT
# More of the tl.* surface: tl.cumsum (ct.cumsum: kir.scan_sum), a
# conditional expression on a tile (ct.where: kir.select) and on constexprs
# (folded while compiling, as Triton does: ct.static_eval, one entry per
# arm), tl.reshape, tl.assume and tl.debug_barrier left out with a note.
# RUN: tileport translate --emit kir %s | FileCheck %s
# RUN: tileport analyze --json %s | FileCheck --check-prefix=JSON %s
import triton
import triton.language as tl


@triton.jit
def prefix_clip(x_ptr, y_ptr, n, LIMIT: tl.constexpr, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    tl.assume(n > 0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n, other=0.0)
    c = tl.cumsum(x, axis=0)
    bound = 1 if LIMIT > 0 else 2
    c = c if c < bound else x
    tl.debug_barrier()
    sq = tl.reshape(c, (BLOCK // 2, 2))
    tl.store(y_ptr + offs, tl.reshape(sq, (BLOCK,)), mask=offs < n)

# CHECK-LABEL: kir.entry @prefix_clip__limit_0(
# CHECK: kir.scan_sum %{{.*}}, 0 {kir.name = "c", reverse = false}
# CHECK-NOT: kir.cmp "gt"
# CHECK: kir.cmp "lt"
# CHECK: kir.select %{{.*}} {kir.name = "c"}
# CHECK: kir.reshape %{{.*}} {kir.name = "sq"} : {{.*}} -> !kir.tile<[BLOCK_div_2, 2],
# CHECK: kir.reshape {{.*}} -> !kir.tile<[BLOCK],
# CHECK-LABEL: kir.entry @prefix_clip__not_limit_0(

# JSON: "tl.assume at line 15 is a hint, left out"
# JSON: "tl.debug_barrier at line 21 is a hint, left out"


# A local `x: tl.constexpr = ...` stays a compile-time expression (a tile
# shape may use it); tl.where on scalars is a Python conditional; the
# x.reshape(...) method is tl.reshape.
@triton.jit
def halves(x_ptr, y_ptr, stride, flip, BLOCK: tl.constexpr):
    HALF: tl.constexpr = BLOCK // 2
    row = tl.program_id(0)
    base = tl.where(flip == 1, row * stride, 0)
    x = tl.load(x_ptr + base + tl.arange(0, HALF))
    tl.store(y_ptr + row * HALF + tl.arange(0, HALF), x.reshape((HALF, 1)).reshape((HALF,)))

# CHECK-LABEL: kir.entry @halves(
# CHECK: kir.cmp "eq"
# CHECK: kir.choose %{{.*}} {kir.name = "base"} : i32, i32 -> i32
# CHECK: kir.load_ptr %arg0[%{{.*}}] mask %{{.*}} : {{.*}} -> !kir.tile<[BLOCK_div_2], {{.*}}>
# CHECK: kir.reshape {{.*}} -> !kir.tile<[BLOCK_div_2, 1],


# In a row kernel 1-D tiles live as (1, N); a cumsum over one scans it as
# (N,) (cutile scans dim 0).
@triton.jit
def row_prefix(x_ptr, y_ptr, stride, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + row * stride + cols, mask=cols < n_cols, other=0.0)
    tl.store(y_ptr + row * stride + cols, tl.cumsum(x, axis=0), mask=cols < n_cols)

# CHECK-LABEL: kir.entry @row_prefix(
# CHECK: kir.reshape %{{.*}} : !kir.tile<[1, BLOCK], {{.*}}> -> !kir.tile<[BLOCK],
# CHECK: kir.scan_sum %{{.*}}, 0
# CHECK: kir.reshape %{{.*}} : !kir.tile<[BLOCK], {{.*}}> -> !kir.tile<[1, BLOCK],
