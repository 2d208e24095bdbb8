# SPDX-License-Identifier: MIT
# Untyped scalar arguments the kernel shows to be integers stay integers (no
# fp32 promotion is guessed for them): one in an address (through the
# locals it is computed from), and one added to or compared with such a
# scalar. A float scalar re-bound in a branch to a one-element tile (a
# loaded value, a full reduction) stays an fp32 scalar, as Triton carries it.
# RUN: tileport translate --emit kir %s | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def shifted_pick(table_ptr, ids_ptr, out_ptr, first_id, n_ids, width):
    # Looks up row `ids[i] - first_id` of a table slice holding ids
    # [first_id, first_id + n_ids); rows outside it give 0.
    i = tl.program_id(0)
    gid = tl.load(ids_ptr + i)
    outside = (gid < first_id) | (gid >= first_id + n_ids)
    local_id = gid - first_id
    if outside:
        picked = 0.0
    else:
        picked = tl.load(table_ptr + local_id * width).to(tl.float32)
    tl.store(out_ptr + i, picked)

# CHECK-LABEL: kir.entry @shifted_pick(
# CHECK-SAME: %arg3: i32 {kir.name = "first_id"}, %arg4: i32 {kir.name = "n_ids"}, %arg5: i32 {kir.name = "width"}
# CHECK: kir.add %arg3, %arg4 : i32, i32 -> i32
# CHECK: kir.sub %1, %{{.*}} {kir.name = "local_id"} : !kir.tile<[1], i32>, !kir.tile<[1], i32> -> !kir.tile<[1], i32>
# CHECK: kir.if {{.*}} -> f32
# CHECK: kir.tile_to_scalar {{.*}} {kir.name = "picked"} : !kir.tile<[], f32> -> f32
