# SPDX-License-Identifier: MIT
# `order="F" if TRANS_A else "C"` needs a compile-time order: the kernel
# splits into one entry per value of the ct.Constant condition, each with
# its load's dim_map, and the other conditional on the same flag is decided
# alike in each.
# RUN: tileport translate --emit kir %s | FileCheck %s
import cuda.tile as ct


@ct.kernel
def copy_maybe_t(A, C, TM: ct.Constant[int], TN: ct.Constant[int], TRANS_A: ct.Constant[bool]):
    bm, bn = ct.bid(0), ct.bid(1)
    rows = A.shape[1] if TRANS_A else A.shape[0]
    a = ct.load(A, index=(bm, bn), shape=(TM, TN), order="F" if TRANS_A else "C")
    ct.store(C, (bm, bn), a + rows)

# CHECK-LABEL: kir.entry @copy_maybe_t__trans_a(
# CHECK-SAME: kir.const_choices = {{\[\[}}"TRANS_A", true]]
# CHECK-NOT: kir.choose
# CHECK: kir.dim %arg0, 1 {kir.name = "rows"}
# CHECK: kir.load %arg0[{{.*}}] {kir.name = "a", order = array<i32: 1, 0>, padding = "None"}
# CHECK-LABEL: kir.entry @copy_maybe_t__not_trans_a(
# CHECK-SAME: kir.const_choices = {{\[\[}}"TRANS_A", false]]
# CHECK-NOT: kir.choose
# CHECK: kir.dim %arg0, 0 {kir.name = "rows"}
# CHECK-NOT: order =
# CHECK: kir.return
