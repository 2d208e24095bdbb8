# SPDX-License-Identifier: MIT
# @triton.jit helpers are inlined where they are called, as Triton inlines
# them (a helper taking a pointer and loading through it, one calling
# another); a module constant is substituted; libdevice's tanh imported
# under a module-level try is cuTile's tanh; x.cast(dt) converts.
# RUN: tileport translate --emit kir %s | FileCheck %s
# RUN: tileport analyze --json %s | FileCheck --check-prefix=JSON %s
import triton
import triton.language as tl

try:
    from triton.language.extra.libdevice import tanh
except ImportError:
    from triton.language.math import tanh

SCALE: tl.constexpr = 2.0


@triton.jit
def _square(x):
    return x * x


@triton.jit
def _soft_square(x):
    return tanh(_square(x))


@triton.jit
def _load(ptr, offs, n):
    return tl.load(ptr + offs, mask=offs < n, other=0.0)


@triton.jit
def soft_square(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    y = _soft_square(_load(x_ptr, offs, n)) * SCALE
    tl.store(y_ptr + offs, y.cast(tl.float16), mask=offs < n)

# CHECK-LABEL: kir.entry @soft_square(
# CHECK: kir.load %arg0[%{{.*}}] {kir.name = "_soft_square_1_x"
# CHECK: kir.mul
# CHECK: kir.math "tanh"
# CHECK: kir.mul {{.*}} {kir.name = "y"}
# CHECK: kir.convert {{.*}} -> !kir.tile<[BLOCK], f16>
# CHECK: kir.store
# CHECK-NOT: kir.entry @_square
# CHECK-NOT: kir.entry @_load

# JSON: "@triton.jit helper _load() inlined at line 37"
# JSON: "@triton.jit helper _square() inlined at line 26"
# JSON: "module constant SCALE = 2.0 substituted"
