# SPDX-License-Identifier: MIT
# Names a port must not print as Python spells them: a parameter called
# like a cutile function (`rsqrt`) or a Rust keyword (`type`) gets a
# trailing `_` in the Rust text (the crate manifest keeps the Python name),
# and a ct.Constant's name bound again is a `let` of its own name plus `_`
# (Rust cannot shadow a const generic).
# RUN: tileport translate -o %t %s && FileCheck %s < %t/src/lib.rs && FileCheck --check-prefix=JSON %s < %t/tileport-crate.json
import cuda.tile as ct


@ct.kernel
def normalize(x, rsqrt, type, ROWS: ct.Constant[int], TILE: ct.Constant[int]):
    t = ct.load(x, index=(ct.bid(0), 0), shape=(1, TILE))
    ROWS = x.shape[0]
    scale = ct.rsqrt(ct.sum(t * t) / TILE + 1e-6)
    ct.store(rsqrt, (ct.bid(0),), ct.reshape(scale, (1,)))
    ct.store(type, (ct.bid(0),), ct.full((1,), ROWS, dtype=ct.int32))

# CHECK: rsqrt_: &mut Tensor<E, { [1] }>,
# CHECK: type_: &mut Tensor<i32, { [1] }>,
# CHECK: let ROWS_: i32 = x.shape()[0];
# CHECK: = rsqrt(t{{[0-9]+}}_, ftz::Disabled);
# CHECK: rsqrt_.store(
# CHECK: scalar_to_tile(ROWS_)
# CHECK: type_.store(

# JSON: "name": "rsqrt"
