# SPDX-License-Identifier: MIT
# Math and shape functions kernel libraries use: tl.cdiv of a tile
# ((x + d - 1) // d, element-wise), tl.sum of a 2-D tile without an axis
# (every axis), tl.sqrt of a run-time scalar (a rank-0 tile, its type
# float32), libdevice.pow (ct.pow), tl.zeros_like, tl.broadcast_to and
# tl.permute.
# RUN: tileport analyze --json %s | FileCheck --check-prefix=CUTILE %s
# RUN: tileport translate --emit kir %s | FileCheck %s
import triton
import triton.language as tl
from triton.language.extra import libdevice


@triton.jit
def chunks_of(len_ptr, out_ptr, CHUNK: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(out_ptr + offs, tl.cdiv(tl.load(len_ptr + offs), CHUNK))


@triton.jit
def frobenius(x_ptr, out_ptr, eps, M: tl.constexpr, N: tl.constexpr):
    x = tl.load(x_ptr + tl.arange(0, M)[:, None] * N + tl.arange(0, N)[None, :])
    tl.store(out_ptr, tl.sqrt(tl.sum(x * x)) + tl.sqrt(eps))


@triton.jit
def powered(x_ptr, e_ptr, y_ptr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    y = tl.zeros_like(x) + libdevice.pow(x, tl.load(e_ptr + offs))
    tl.store(y_ptr + offs, y)


@triton.jit
def spread_and_flip(b_ptr, y_ptr, M: tl.constexpr, N: tl.constexpr):
    cols = tl.arange(0, N)
    b = tl.broadcast_to(tl.load(b_ptr + cols)[None, :], (M, N))
    rows = tl.arange(0, M)
    tl.store(y_ptr + cols[:, None] * M + rows[None, :], tl.permute(b, (1, 0)))

# CUTILE: + CHUNK) - 1) // CHUNK)
# CUTILE: ct.sum((x * x))
# CUTILE: ct.sqrt(eps)
# CUTILE: ct.zeros((BLOCK,), x_ptr.dtype) + ct.pow(x,
# CUTILE: ct.broadcast_to(
# CUTILE: ct.permute(b, (1, 0))
# CHECK-LABEL: kir.entry @chunks_of(
# CHECK: kir.floordiv
# CHECK-LABEL: kir.entry @frobenius(
# CHECK-SAME: %arg2: f32 {kir.name = "eps"}
# CHECK: kir.reduce "sum" %{{.*}}, 0 : !kir.tile<[M, N], {{.*}}> -> !kir.tile<[N],
# CHECK: kir.reduce "sum" %{{.*}}, 0 : !kir.tile<[N], {{.*}}> -> !kir.tile<[],
# CHECK: kir.scalar_to_tile %arg2 : f32 -> !kir.tile<[], f32>
# CHECK: kir.math "sqrt"
# CHECK-LABEL: kir.entry @powered(
# CHECK: kir.pow
# CHECK-LABEL: kir.entry @spread_and_flip(
# CHECK: kir.broadcast %{{.*}} : !kir.tile<[1, N], {{.*}}> -> !kir.tile<[M, N],
# CHECK: kir.permute %{{.*}} [1, 0]
