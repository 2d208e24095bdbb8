# SPDX-License-Identifier: MIT
# Offsets made before a loop and re-bound in it (`offs += BLOCK`, `offs =
# offs + BLOCK`) are a tile variable the loop carries: each trip reads that
# trip's offsets (a pointer gather), not the ones before the loop. Outside
# a loop, `offs += k` binds the sum (here a tile of offsets, gathered).
# RUN: tileport analyze --json %s | FileCheck --check-prefix=CUTILE %s
# RUN: tileport translate --emit kir %s | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def carried(x_ptr, y_ptr, n, B: tl.constexpr):
    offs = tl.arange(0, B)
    acc = tl.zeros([B], dtype=tl.float32)
    for k in range(0, n, B):
        acc += tl.load(x_ptr + offs, mask=offs < n, other=0.0)
        offs += B
    tl.store(y_ptr + tl.arange(0, B), acc)


@triton.jit
def shifted_once(x_ptr, y_ptr, B: tl.constexpr):
    offs = tl.arange(0, B)
    offs += B
    tl.store(y_ptr + tl.arange(0, B), tl.load(x_ptr + offs))

# CUTILE: def carried(
# CUTILE: offs = ct.arange(B, dtype=ct.int32)
# CUTILE: for k in range(ct.cdiv(n, B)):
# CUTILE: acc = acc + ct.gather(x_ptr, offs, mask=(offs < n), padding_value=0.0)
# CUTILE: offs = offs + B
# CUTILE: def shifted_once(
# CUTILE: offs = (ct.arange(B, dtype=ct.int32) + B)
# CUTILE: ct.store(y_ptr, index=(0,), tile=ct.gather(x_ptr, offs))
# CHECK-LABEL: kir.entry @carried(
# CHECK: kir.for "k" = %{{.*}} iter_args(%{{.*}}, %{{.*}} : !kir.tile<[B], f32>, !kir.tile<[B], i32>)
# CHECK: kir.load_ptr
