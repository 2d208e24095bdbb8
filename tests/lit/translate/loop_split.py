# SPDX-License-Identifier: MIT
# A loop whose body has one `if` on the loop variable against an invariant
# is split as cuTile Python splits it (split-loops): two loops, each with
# the arm its iterations take; `C and j >= row` with C a ct.Constant keeps
# `if C` around the split and the plain loop in its else arm.
# RUN: tileport translate -o %t %s && FileCheck %s < %t/src/lib.rs
import cuda.tile as ct


@ct.kernel
def causal(x, y, TILE: ct.Constant[int], CHUNKS: ct.Constant[int], MASKED: ct.Constant[bool]):
    row = ct.bid(0)
    acc = ct.zeros((TILE,), ct.float32)
    for j in range(CHUNKS):
        part = ct.astype(ct.load(x, index=(row, j), shape=(1, TILE)), ct.float32)
        part = ct.reshape(part, (TILE,))
        if MASKED and j > row:
            part = ct.exp(part)
        acc = acc + part
    ct.store(y, index=(row,), tile=ct.astype(acc, y.dtype))

# CHECK: let mut acc: Tile<f32, { [TILE] }> = constant(0.0f32, shape![TILE]);
# CHECK-NEXT: if MASKED != 0i32 {
# CHECK-NEXT: let [[AT:t[0-9]+_]]: i32 = row + 1i32;
# CHECK-NEXT: let [[STOP:t[0-9]+_]]: i32 = min(CHUNKS, [[AT]]);
# CHECK-NEXT: let [[START:t[0-9]+_]]: i32 = max(0i32, [[AT]]);
# CHECK-NEXT: for j in 0i32..[[STOP]] {
# CHECK-NOT: exp(
# CHECK: acc = acc + part;
# CHECK-NEXT: }
# CHECK-NEXT: for j in [[START]]..CHUNKS {
# CHECK: let part: Tile<f32, { [TILE] }> = exp(part);
# CHECK-NEXT: acc = acc + part;
# CHECK-NEXT: }
# CHECK-NEXT: } else {
# CHECK-NEXT: for j in 0i32..CHUNKS {
# CHECK: if MASKED != 0i32 && (j > row) {
# CHECK: part = exp(part);
