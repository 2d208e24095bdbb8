# SPDX-License-Identifier: MIT
# Tuples in Triton kernels: a @triton.jit helper ending in `return a, b` is
# unpacked by a tuple assignment (each name bound as a plain assignment
# binds it), so is a tuple of values; tl.minimum of two integer scalars is a
# scalar; tl.split halves a tile's last axis of two lanes (ct.extract of a
# (N, 1) sub-tile, reshaped), tl.join stacks two tiles on a new last axis
# (ct.cat); tl.fma is a * b + c, which cuTile contracts into one fma; a
# swap (`a, b = b, a + b`) holds the value reading a re-bound name first.
# RUN: tileport translate --emit kir %s | FileCheck %s
# RUN: tileport analyze --json %s | FileCheck --check-prefix=JSON %s
import triton
import triton.language as tl


@triton.jit
def _tile_coords(pid, n_rows, n_cols, BM: tl.constexpr, BN: tl.constexpr, BAND: tl.constexpr):
    # Walk tiles in bands of BAND rows so neighbouring programs share columns.
    tiles_n = tl.cdiv(n_cols, BN)
    band = pid // (BAND * tiles_n)
    first = band * BAND
    rows_here = tl.minimum(tl.cdiv(n_rows, BM) - first, BAND)
    local_id = pid % (BAND * tiles_n)
    return first + local_id % rows_here, local_id // rows_here


@triton.jit
def banded_copy(src_ptr, dst_ptr, n_rows, n_cols, BM: tl.constexpr, BN: tl.constexpr, BAND: tl.constexpr):
    tile_m, tile_n = _tile_coords(tl.program_id(0), n_rows, n_cols, BM, BN, BAND)
    lo, hi = tile_m * BM, tile_n * BN
    rows = lo + tl.arange(0, BM)
    cols = hi + tl.arange(0, BN)
    block = tl.load(src_ptr + rows[:, None] * n_cols + cols[None, :],
                    mask=(rows[:, None] < n_rows) & (cols[None, :] < n_cols), other=0.0)
    tl.store(dst_ptr + rows[:, None] * n_cols + cols[None, :], block,
             mask=(rows[:, None] < n_rows) & (cols[None, :] < n_cols))


@triton.jit
def pair_rotate(pairs_ptr, out_ptr, c, s, BLOCK: tl.constexpr):
    # Rotate BLOCK (x, y) pairs stored interleaved by the angle (c, s).
    base = tl.program_id(0) * BLOCK
    idx = base + tl.arange(0, BLOCK)
    xy = tl.load(pairs_ptr + idx[:, None] * 2 + tl.arange(0, 2)[None, :]).to(tl.float32)
    x, y = tl.split(xy)
    rx = tl.fma(x, c, -(y * s))
    ry = tl.fma(x, s, y * c)
    tl.store(out_ptr + idx[:, None] * 2 + tl.arange(0, 2)[None, :], tl.join(rx, ry))

# CHECK-LABEL: kir.entry @banded_copy(
# CHECK: {kir.name = "_tile_coords_1_tiles_n"}
# CHECK: kir.minimum {{.*}} {kir.name = "_tile_coords_1_rows_here"} : i32, i32 -> i32
# CHECK: kir.add {{.*}} {kir.name = "tile_m"} : i32, i32 -> i32
# CHECK: {kir.name = "tile_n"} : !kir.tile<[], i32> -> i32
# CHECK: kir.load %arg0[%{{.*}}, %{{.*}}] {kir.name = "block", padding = "Zero"} {{.*}} -> !kir.tile<[BM, BN],

# CHECK-LABEL: kir.entry @pair_rotate(
# CHECK: kir.extract {{.*}} -> !kir.tile<[BLOCK, 1], f32>
# CHECK: kir.reshape {{.*}} {kir.name = "x"} : !kir.tile<[BLOCK, 1], f32> -> !kir.tile<[BLOCK], f32>
# CHECK: kir.extract
# CHECK: kir.reshape {{.*}} {kir.name = "y"}
# CHECK: kir.fma {{.*}} {kir.name = "rx"}
# CHECK: kir.fma {{.*}} {kir.name = "ry"}
# CHECK: kir.cat {{.*}}, 1 : !kir.tile<[BLOCK, 1], f32>, !kir.tile<[BLOCK, 1], f32> -> !kir.tile<[BLOCK, 2], f32>

# JSON: "@triton.jit helper _tile_coords() inlined at line 28"
# JSON: "tl.fma at line 45 is a * b + c, which cuTile contracts into one fma"


@triton.jit
def fib_steps(out_ptr, STEPS: tl.constexpr):
    # A swap through a tuple assignment: each value is read before any name
    # is re-bound (the second is held in a variable first).
    a = 0
    b = 1
    for _ in range(STEPS):
        a, b = b, a + b
    tl.store(out_ptr, a)

# CHECK-LABEL: kir.entry @fib_steps
# CHECK: kir.for "_" {{.*}} iter_args(%{{.*}}, %{{.*}} : i32, i32) -> i32, i32
# CHECK-NEXT: ^bb0(%{{.*}}: i32, %[[A:.*]]: i32, %[[B:.*]]: i32):
# CHECK: %[[SUM:.*]] = kir.add %[[A]], %[[B]] {kir.name = "b_held_{{[0-9]+}}"}
# CHECK: kir.rebind %[[B]] {kir.name = "a"}
# CHECK: kir.rebind %[[SUM]] {kir.name = "b"}
