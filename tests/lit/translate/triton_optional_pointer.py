# SPDX-License-Identifier: MIT
# An optional pointer parameter (`P is not None`, which Triton decides per
# launch) becomes the flag `P__given: ct.Constant[bool]` after the kernel's
# own parameters; the `if` on it is an `if` on a const generic, whose False
# arm never reads P (a config passes P as None there).
# RUN: tileport analyze --json %S/../../fixtures/triton/optional/masked_mean.py | FileCheck --check-prefix=CUTILE %s
# RUN: tileport translate --emit kir %S/../../fixtures/triton/optional/masked_mean.py | FileCheck %s

# CUTILE: def masked_mean(x_ptr, mask_ptr, out_ptr, n: int, BLOCK: ct.Constant[int], mask_ptr__given: ct.Constant[bool]):
# CUTILE: if mask_ptr__given:
# CUTILE: "'mask_ptr' is tested against None: the cuTile kernel takes mask_ptr__given (False where the launch passes None)"

# CHECK-LABEL: kir.entry @masked_mean(
# CHECK-SAME: const_generics = ["BLOCK", "mask_ptr__given"]
# CHECK: kir.if
# CHECK: kir.load %arg1
