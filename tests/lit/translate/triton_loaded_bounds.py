# SPDX-License-Identifier: MIT
# A loop bounded by values loaded from memory (a segment's start and end,
# one-element tiles) counts by their elements, narrowed to i32; integer
# operands of two types meet in Triton's promoted type (int64 over uint32),
# the other cast explicitly since cuTile converts nothing implicitly; an
# unsigned term of gather offsets is extended to int64 likewise.
# RUN: tileport translate --emit kir %s | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def segment_sums(vals_ptr, counts_ptr, out_ptr, stride, BLOCK: tl.constexpr):
    # out[s] = sum of the first counts[s] values of row s (rows `stride` apart)
    seg = tl.program_id(0).to(tl.int64)
    count = tl.load(counts_ptr + seg)
    base = seg * stride
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    for k in tl.range(0, count, BLOCK):
        offs = k + tl.arange(0, BLOCK)
        idx = base + offs.to(tl.uint32)
        acc += tl.load(vals_ptr + idx, mask=offs < count, other=0.0).to(tl.float32)
    tl.store(out_ptr + seg, tl.sum(acc, axis=0))

@triton.jit
def gather_rows_u32(src_ptr, rows_ptr, out_ptr, stride, BLOCK: tl.constexpr):
    # out[i, :] = src[rows[i], :], the column offsets kept as uint32
    i = tl.program_id(0).to(tl.int64)
    row = tl.load(rows_ptr + i).to(tl.int64)
    cols = tl.arange(0, BLOCK).to(tl.uint32)
    vals = tl.load(src_ptr + row * stride + cols)
    tl.store(out_ptr + i * BLOCK + cols, vals)

# CHECK-LABEL: kir.entry @segment_sums
# CHECK: kir.load %arg1{{.*}} {kir.name = "count"
# CHECK: %[[N:.*]] = kir.tile_to_scalar %{{.*}} : !kir.tile<[], i32> -> i32
# CHECK: %[[TRIPS:.*]] = kir.cdiv %[[N]], %{{.*}} : i32, i32 -> i32
# CHECK: kir.for "k" = %{{.*}} to %[[TRIPS]]
# CHECK: kir.convert %{{.*}} : !kir.tile<[BLOCK], i32> -> !kir.tile<[BLOCK], ui32>
# CHECK: kir.convert %{{.*}} : !kir.tile<[BLOCK], ui32> -> !kir.tile<[BLOCK], i64>
# CHECK: kir.add {{.*}} {kir.name = "idx"} : !kir.tile<[BLOCK], i64>, !kir.tile<[BLOCK], i64> -> !kir.tile<[BLOCK], i64>

# CHECK-LABEL: kir.entry @gather_rows_u32
# CHECK: kir.convert %{{.*}} {kir.name = "cols"} : !kir.tile<[BLOCK], i32> -> !kir.tile<[BLOCK], ui32>
# CHECK: kir.convert %{{.*}} : !kir.tile<[BLOCK], ui32> -> !kir.tile<[BLOCK], i64>
# CHECK: kir.load_ptr %arg0
