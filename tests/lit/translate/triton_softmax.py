# SPDX-License-Identifier: MIT
# A Triton kernel goes through its front-end (desugared to cuTile Python)
# and then the same kernel IR: the pointer becomes a tensor, tl.max/tl.sum
# reductions, tl.exp math.
# RUN: tileport translate --emit kir %s | FileCheck %s
# RUN: tileport translate -o %t %s && FileCheck --check-prefix=RUST %s < %t/src/lib.rs
import triton
import triton.language as tl


@triton.jit
def row_softmax(x_ptr, y_ptr, x_row_stride, y_row_stride, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    vals = tl.load(x_ptr + row * x_row_stride + cols, mask=mask, other=-float("inf")).to(tl.float32)
    num = tl.exp(vals - tl.max(vals, axis=0))
    tl.store(y_ptr + row * y_row_stride + cols, (num / tl.sum(num, axis=0)).to(y_ptr.dtype.element_ty), mask=mask)

# CHECK-LABEL: kir.entry @row_softmax(
# CHECK: kir.load %arg0[%0, %{{.*}}] {{{.*}}padding = "NegInf"} : !kir.tensor<!kir.var<0>, 2> -> !kir.tile<[1, BLOCK], !kir.var<0>>
# CHECK: kir.reduce "max"
# CHECK: kir.math "exp"
# CHECK: kir.reduce "sum"
# CHECK: kir.div

# RUST: pub fn row_softmax<
# RUST: exp(
# RUST: reduce_sum(
