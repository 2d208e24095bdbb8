# SPDX-License-Identifier: MIT
# A runtime bool parameter is an i1 scalar of the entry (`bool` in Rust),
# and `if flag:` a kir.if on it; other scalar dtypes are still refused.
# RUN: tileport translate --emit kir %s | FileCheck %s
# RUN: tileport translate -o %t %s && FileCheck --check-prefix=RUST %s < %t/src/lib.rs
# RUN: not tileport translate --emit kir %S/Inputs/bool_scalar_int8.py 2>&1 | FileCheck --check-prefix=INT8 %s
import cuda.tile as ct


@ct.kernel
def maybe_double(x, double_it: bool, T: ct.Constant[int]):
    t = ct.load(x, index=(ct.bid(0),), shape=(T,))
    if double_it:
        t = t * 2
    ct.store(x, index=(ct.bid(0),), tile=t)

# CHECK-LABEL: kir.entry @maybe_double(%arg0: !kir.tensor<!kir.var<0>, 1> {kir.name = "x"}, %arg1: i1 {kir.name = "double_it"})
# CHECK: kir.if %arg1 carrying

# RUST: double_it: bool,
# RUST: if double_it {

# INT8: bool_scalar_int8.py:7:{{[0-9]+}}: error: scalar parameter: 'n' has dtype int8; only bool/int32/int64/float32/float64 scalars are lowered
