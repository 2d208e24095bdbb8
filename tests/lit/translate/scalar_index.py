# SPDX-License-Identifier: MIT
# Decisions the lowering makes without an op to say them become types
# before the passes: an unannotated scalar used in an index is i32, an
# array an integer operator meets is int32.
# RUN: tileport translate --emit kir %s | FileCheck %s
# RUN: tileport translate -o %t %s && FileCheck --check-prefix=RUST %s < %t/src/lib.rs
import cuda.tile as ct


@ct.kernel
def shifted(a, out, off, TILE: ct.Constant[int]):
    pid = ct.bid(0)
    t = ct.load(a, index=(pid + off,), shape=(TILE,))
    ct.store(out, index=(pid,), tile=t & 255)

# CHECK-LABEL: kir.entry @shifted(
# CHECK-SAME: %arg0: !kir.tensor<i32, 1> {kir.name = "a"}
# CHECK-SAME: %arg2: i32 {kir.name = "off"}
# CHECK: kir.add %0, %arg2 : i32, i32 -> i32

# RUST: pub fn shifted<const TILE: i32>(
# RUST-NEXT: a: &Tensor<i32, { [-1] }>,
# RUST: off: i32,
