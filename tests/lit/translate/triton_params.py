# SPDX-License-Identifier: MIT
# Parameters that are neither arrays, scalars nor constexprs with a default:
# a tl.constexpr without a default used only as an `if` condition is a bool
# flag (one entry per value); one only added to tiles is a run-time scalar
# typed by its launches (`eps: f32` here, passed at run time); host
# TensorDescriptors built by the launch function with a block shape the
# kernel also receives are arrays loaded and stored a block at a time.
# RUN: tileport translate --emit kir %s | FileCheck %s
# RUN: tileport analyze --json %s | FileCheck --check-prefix=JSON %s
import torch
import triton
import triton.language as tl
from triton.tools.tensor_descriptor import TensorDescriptor


@triton.jit
def maybe_abs(x_ptr, y_ptr, n, ABS: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n, other=0.0)
    if ABS:
        x = tl.abs(x)
    tl.store(y_ptr + offs, x, mask=offs < n)


@triton.jit
def add_eps(x_ptr, y_ptr, n, eps: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n, other=0.0)
    tl.store(y_ptr + offs, x * x + eps, mask=offs < n)


@triton.jit
def copy_blocks(src_desc, dst_desc, BM: tl.constexpr, BN: tl.constexpr):
    r = tl.program_id(0) * BM
    c = tl.program_id(1) * BN
    dst_desc.store([r, c], src_desc.load([r, c]))


def copy(src, bm=16, bn=64):
    dst = torch.empty_like(src)
    src_desc = TensorDescriptor.from_tensor(src, [bm, bn])
    dst_desc = TensorDescriptor.from_tensor(dst, [bm, bn])
    copy_blocks[(triton.cdiv(src.shape[0], bm), triton.cdiv(src.shape[1], bn))](src_desc, dst_desc, BM=bm, BN=bn)
    return dst


# CHECK-LABEL: kir.entry @maybe_abs(
# CHECK-SAME: const_generics = ["ABS", "BLOCK"]
# CHECK: %[[F:[0-9]+]] = kir.const_param "ABS"
# CHECK: kir.truth %[[F]]
# CHECK: kir.math "abs"

# CHECK-LABEL: kir.entry @add_eps(
# CHECK-SAME: %arg2: f32 {kir.name = "eps"}
# CHECK-SAME: const_generics = ["BLOCK"]
# CHECK: kir.scalar_to_tile %arg2 : f32

# CHECK-LABEL: kir.entry @copy_blocks(
# CHECK-SAME: %arg0: !kir.tensor<!kir.var<0>, 2> {kir.name = "src_desc"}
# CHECK: kir.load %arg0[%{{[0-9]+}}, %{{[0-9]+}}] {padding = "Zero"} : !kir.tensor<!kir.var<0>, 2> -> !kir.tile<[BM, BN], !kir.var<0>>
# CHECK: kir.store %{{[0-9]+}}, %arg1[%{{[0-9]+}}, %{{[0-9]+}}]

# JSON: def maybe_abs(x_ptr, y_ptr, ABS: ct.Constant[bool], BLOCK: ct.Constant[int])
# JSON: def add_eps(x_ptr, y_ptr, eps, BLOCK: ct.Constant[int])
# JSON: "tl.constexpr 'eps' (no default) is only an operand of arithmetic on tiles: a run-time scalar, typed by what its launches pass"
# JSON: "TensorDescriptor 'src_desc': block shape [BM, BN] from the launch
