# SPDX-License-Identifier: MIT
# ct.astile: a scalar is converted to a rank-0 tile; a tuple of literals
# that agree is one constant tile; a nested tuple of scalars is each item
# converted, reshaped to [1], concatenated pairwise (halves first) and
# reshaped to the nesting's shape, as cuTile Python builds it. A tiled
# view's tile_shape and traversal_steps are its static tile shape. A
# parameter the body never names is left out of the port, and the entry's
# header says so.
# RUN: tileport translate --emit kir %s | FileCheck %s
# RUN: tileport translate -o %t %s && FileCheck --check-prefix=RUST %s < %t/src/lib.rs
# RUN: not tileport translate --emit kir %S/Inputs/astile_bad.py 2>&1 | FileCheck --check-prefix=BAD %s
import cuda.tile as ct


@ct.kernel
def from_scalars(x, out, unused_scale, TILE: ct.Constant[int]):
    pid = ct.bid(0)
    s = ct.astile(pid, dtype=ct.float32)
    twos = ct.astile((2.0, 2.0), dtype=ct.float16)
    grid = ct.astile(((pid, 2), (pid + 1, 3)), dtype=ct.float32)
    v = x.tiled_view((TILE,))
    (n,) = v.tile_shape
    (m,) = v.traversal_steps
    t = v.load((pid,)) + s + ct.sum(grid) + ct.astype(ct.sum(twos), ct.float32) + n + m
    ct.store(out, index=(pid,), tile=t)

# CHECK-LABEL: kir.entry @from_scalars
# CHECK-SAME: kir.unused_params = ["unused_scale"]
# CHECK: %[[S:[0-9]+]] = kir.scalar_to_tile %0 : i32 -> !kir.tile<[], i32>
# CHECK-NEXT: kir.convert %[[S]] {kir.name = "s"} : !kir.tile<[], i32> -> !kir.tile<[], f32>
# CHECK-NEXT: kir.constant(2.000000e+00 : f64) : !kir.tile<[2], f32>
# CHECK-NEXT: kir.convert %{{[0-9]+}} {kir.name = "twos"} : !kir.tile<[2], f32> -> !kir.tile<[2], f16>
# CHECK: kir.convert %{{[0-9]+}} : !kir.tile<[], i32> -> !kir.tile<[], f32>
# CHECK-NEXT: kir.constant(2.000000e+00 : f64) : !kir.tile<[], f32>
# CHECK-NEXT: kir.scalar_to_tile
# CHECK-NEXT: kir.convert
# CHECK-NEXT: kir.constant(3.000000e+00 : f64) : !kir.tile<[], f32>
# CHECK-NEXT: kir.reshape %{{[0-9]+}} : !kir.tile<[], f32> -> !kir.tile<[1], f32>
# CHECK: kir.cat %{{[0-9]+}}, %{{[0-9]+}}, 0 : !kir.tile<[1], f32>, !kir.tile<[1], f32> -> !kir.tile<[2], f32>
# CHECK: kir.cat %{{[0-9]+}}, %{{[0-9]+}}, 0 : !kir.tile<[2], f32>, !kir.tile<[2], f32> -> !kir.tile<[4], f32>
# CHECK-NEXT: kir.reshape %{{[0-9]+}} {kir.name = "grid"} : !kir.tile<[4], f32> -> !kir.tile<[2, 2], f32>
# CHECK: kir.const_param "TILE" {kir.name = "n"}
# CHECK-NEXT: kir.const_param "TILE" {kir.name = "m"}

# RUST: // Unused by the kernel, so not parameters of the port: unused_scale
# RUST-NEXT: #[cutile::entry()]
# RUST-NOT: unused_scale:

# BAD: astile_bad.py:8:{{[0-9]+}}: error: ct.astile: a constant tile of differing values has no cutile form: its constant() splats one value
# BAD: astile_bad.py:14:{{[0-9]+}}: error: ct.astile: every tuple's length must be a power of two, not 3
# BAD: astile_bad.py:19:{{[0-9]+}}: error: parameter: 'maybe' is neither an array, a scalar nor a ct.Constant
