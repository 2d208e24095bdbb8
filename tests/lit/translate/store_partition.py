# SPDX-License-Identifier: MIT
# Stores: a block output becomes a &mut partition stored at the block
# index; an array stored at a computed index goes through
# partition_full_mut, unchecked.
# RUN: tileport translate --emit kir %s | FileCheck %s
# RUN: tileport translate -o %t %s && FileCheck --check-prefix=RUST %s < %t/src/lib.rs
import cuda.tile as ct


@ct.kernel
def stores(a, blocked, shifted, TILE: ct.Constant[int]):
    pid = ct.bid(0)
    x = ct.load(a, index=(pid,), shape=(TILE,))
    ct.store(blocked, index=(pid,), tile=x)
    ct.store(shifted, index=(pid * 2 + 1,), tile=x)

# CHECK-LABEL: kir.entry @stores(
# CHECK-SAME: %arg1: !kir.tensor<!kir.var<0>, 1, out [TILE]> {kir.name = "blocked"}
# CHECK-SAME: %arg2: !kir.tensor<!kir.var<0>, 1> {kir.name = "shifted"}
# CHECK: kir.store %1, %arg1[%0]
# CHECK-NEXT: %[[TWO:.*]] = kir.constant(2 : i64) : i32
# CHECK-NEXT: %[[MUL:.*]] = kir.mul %0, %[[TWO]] : i32, i32 -> i32
# CHECK-NEXT: %[[ONE:.*]] = kir.constant(1 : i64) : i32
# CHECK-NEXT: %[[ROW:.*]] = kir.add %[[MUL]], %[[ONE]] : i32, i32 -> i32
# CHECK-NEXT: kir.store %1, %arg2[%[[ROW]]]

# RUST: blocked: &mut Tensor<E, { [TILE] }>,
# RUST-NEXT: shifted: &Tensor<E, { [-1] }>,
# RUST: blocked.store(x);
# RUST-NEXT: let mut t1_: PartitionMut<E, { [TILE] }> = unsafe { shifted.partition_full_mut(shape![TILE]) };
# RUST-NEXT: unsafe { t1_.store_unchecked(x, [((pid * 2i32) + 1i32)]) };
