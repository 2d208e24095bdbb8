# SPDX-License-Identifier: MIT
# Parameters: arrays sharing a dtype variable, a fixed-dtype array, an int
# ct.Constant as a const generic, a float ct.Constant as an f32 scalar.
# RUN: tileport translate --emit kir %s | FileCheck %s
# RUN: tileport translate -o %t %s && FileCheck --check-prefix=RUST %s < %t/src/lib.rs
import cuda.tile as ct


@ct.kernel
def params(a, b, out, TILE: ct.Constant[int]):
    pid = ct.bid(0)
    x = ct.load(a, index=(pid,), shape=(TILE,))
    y = ct.load(b, index=(pid,), shape=(TILE,))
    ct.store(out, index=(pid,), tile=x - y)

# Arrays sharing a dtype variable share one; the block output carries its
# partition; TILE stays a const generic, no parameter.
# CHECK-LABEL: kir.entry @params(
# CHECK-SAME: %arg0: !kir.tensor<!kir.var<0>, 1> {kir.name = "a"}
# CHECK-SAME: %arg1: !kir.tensor<!kir.var<0>, 1> {kir.name = "b"}
# CHECK-SAME: %arg2: !kir.tensor<!kir.var<0>, 1, out [TILE]> {kir.name = "out"})
# CHECK-SAME: attributes {const_generics = ["TILE"], python_kernel = "params"}
# CHECK: kir.sub %1, %2 : !kir.tile<[TILE], !kir.var<0>>, !kir.tile<[TILE], !kir.var<0>> -> !kir.tile<[TILE], !kir.var<0>>

# RUST: pub fn params<E: ElementType, const TILE: i32>(
# RUST-NEXT: a: &Tensor<E, { [-1] }>,
# RUST-NEXT: b: &Tensor<E, { [-1] }>,
# RUST-NEXT: out: &mut Tensor<E, { [TILE] }>,
# RUST: let t2_: Tile<E, { [TILE] }> = x - y;
# RUST-NEXT: out.store(t2_);
