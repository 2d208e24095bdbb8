# SPDX-License-Identifier: MIT
# `:`/`None` subscripts beyond the 1-D -> 2-D broadcasts: x[None, :, :] and
# x[:, :, None] on 2-D tiles, tl.arange(0, N)[:, None, None] (offsets made a
# tile) — each a ct.reshape with a unit axis at every None; a 3-D product
# stored through 3-D pointer offsets is a scatter.
# RUN: tileport translate --emit kir %s | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def outer_scale(a_ptr, s_ptr, out_ptr, K: tl.constexpr, M: tl.constexpr, N: tl.constexpr):
    # out[k, m, n] = a[m, n] * s[k, m] for one (M, N) block of a.
    m = tl.arange(0, M)
    n = tl.arange(0, N)
    k = tl.arange(0, K)
    a = tl.load(a_ptr + m[:, None] * N + n[None, :]).to(tl.float32)
    s = tl.load(s_ptr + k[:, None] * M + m[None, :]).to(tl.float32)
    prod = a[None, :, :] * s[:, :, None]
    k3 = k[:, None, None]
    m3 = m[None, :, None]
    n3 = n[None, None, :]
    tl.store(out_ptr + k3 * (M * N) + m3 * N + n3, prod)

# CHECK-LABEL: kir.entry @outer_scale
# CHECK: kir.reshape %{{.*}} : !kir.tile<[M, N], f32> -> !kir.tile<[1, M, N], f32>
# CHECK: kir.reshape %{{.*}} : !kir.tile<[K, M], f32> -> !kir.tile<[K, M, 1], f32>
# CHECK: kir.mul {{.*}} {kir.name = "prod"} : !kir.tile<[K, M, N], f32>, !kir.tile<[K, M, N], f32> -> !kir.tile<[K, M, N], f32>
# CHECK: kir.reshape {{.*}} {kir.name = "k3"} : !kir.tile<[K], i32> -> !kir.tile<[K, 1, 1], i32>
# CHECK: kir.store_ptr
