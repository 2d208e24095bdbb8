# SPDX-License-Identifier: MIT
# A tl.constexpr the launch sets to a string (`MODE == "relu"`): cuTile
# constants are ints and bools, so each string the kernel compares it with
# is an int (its order of first comparison, helpers included), the
# parameter a ct.Constant[int] (a const generic of the port).
# RUN: tileport analyze --json %s | FileCheck --check-prefix=CUTILE %s
# RUN: tileport translate --emit kir %s | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def _apply(x, mode: tl.constexpr):
    if mode == "relu":
        y = tl.maximum(x, 0.0)
    else:
        y = x * 0.5
    return y


@triton.jit
def pick(x_ptr, y_ptr, MODE: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    if MODE != 'half':
        x = x + 1.0
    tl.store(y_ptr + offs, _apply(x, MODE))

# CUTILE: def pick(x_ptr, y_ptr, MODE: ct.Constant[int], BLOCK: ct.Constant[int]):
# CUTILE: if (MODE != 0):
# CUTILE: if (MODE == 1):
# CUTILE: tl.constexpr 'MODE' is compared with the string 'half': the cuTile kernel takes it as an int, 0 for 'half'
# CUTILE: tl.constexpr 'MODE' is compared with the string 'relu': the cuTile kernel takes it as an int, 1 for 'relu'
# CHECK: kir.entry @pick
# CHECK-SAME: const_generics = ["MODE", "BLOCK"]
