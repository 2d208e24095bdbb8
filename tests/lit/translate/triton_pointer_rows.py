# SPDX-License-Identifier: MIT
# Pointer arithmetic other than `base + pid * BLOCK + tl.arange(0, BLOCK)`:
# pointers advanced by `row * stride` (`x_ptr += ...`) with the row from a
# same-file @triton.jit wrapper of tl.program_id(0).to(tl.int64) are the
# row-pointer view (a 2-D array indexed (row, 0), the i64 row narrowed to
# the view's i32 index); a base `pid * hop` that is no known multiple of the
# block and a mask computed from the loaded values take the pointer gather
# and scatter, the loaded mask and-ed into the store's.
# RUN: tileport translate --emit kir %s | FileCheck %s
# RUN: tileport analyze --json %s | FileCheck --check-prefix=JSON %s
import triton
import triton.language as tl


@triton.jit
def _block_row():
    return tl.program_id(0).to(tl.int64)


@triton.jit
def row_bias(x_ptr, y_ptr, stride, n_cols, bias, BLOCK: tl.constexpr):
    row = _block_row()
    x_ptr += row * stride
    y_ptr += row * stride
    cols = tl.arange(0, BLOCK)
    v = tl.load(x_ptr + cols, mask=cols < n_cols, other=0.0)
    tl.store(y_ptr + cols, v + bias, mask=cols < n_cols)


@triton.jit
def hop_positive(x_ptr, y_ptr, hop, n, BLOCK: tl.constexpr):
    base = tl.program_id(0) * hop
    offs = base + tl.arange(0, BLOCK)
    v = tl.load(x_ptr + offs, mask=offs < n, other=0.0)
    tl.store(y_ptr + offs, v, mask=(v > 0.0) & (offs < n))


# CHECK-LABEL: kir.entry @row_bias(
# CHECK-SAME: !kir.tensor<!kir.var<0>, 2> {kir.name = "x_ptr"}
# CHECK: kir.convert %{{[0-9]+}} {kir.name = "row"} : !kir.tile<[], i32> -> !kir.tile<[], i64>
# CHECK: kir.convert %{{[0-9]+}} : !kir.tile<[], i64> -> !kir.tile<[], i32>
# CHECK: kir.load %arg0[%{{[0-9]+}}, %{{[0-9]+}}] {kir.name = "v", padding = "Zero"} : !kir.tensor<!kir.var<0>, 2> -> !kir.tile<[1, BLOCK], !kir.var<0>>
# CHECK: kir.store %{{[0-9]+}}, %arg1[
# CHECK-NOT: kir.load_ptr

# CHECK-LABEL: kir.entry @hop_positive(
# CHECK: kir.mul %0, %arg2 {kir.name = "base"} : i32, i32 -> i32
# CHECK: %[[V:[0-9]+]] = kir.load_ptr %arg0[%{{[0-9]+}}] mask %{{[0-9]+}} {kir.name = "v"
# CHECK: %[[POS:[0-9]+]] = kir.cmp "gt" %[[V]], %{{[0-9]+}}
# CHECK: %[[KEEP:[0-9]+]] = kir.and %[[POS]], %{{[0-9]+}}
# CHECK: %[[M:[0-9]+]] = kir.and %{{[0-9]+}}, %[[KEEP]]
# CHECK: kir.store_ptr %[[V]], %arg1[%{{[0-9]+}}] mask %[[M]]

# JSON: "@triton.jit helper _block_row() inlined at line 22"
# JSON: "tl.load at line 26: a tile view of 'x_ptr' (ct.load)"
# JSON: "tl.store at line 27: a tile view of 'y_ptr' (ct.store)"
# JSON: "tl.load at line 34: a pointer gather from 'x_ptr' (ct.gather)"
# JSON: "tl.store at line 35: a pointer scatter into 'y_ptr' (ct.scatter)"
