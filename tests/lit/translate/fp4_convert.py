# SPDX-License-Identifier: MIT
# ct.float4_e2m1fn as a conversion target: kir.convert to and from f4E2M1FN
# (cutile's f4e2m1fn; ftof), an entry whose minimum target is sm_100.
# RUN: tileport translate --emit kir %s | FileCheck %s
# RUN: tileport translate -o %t %s && FileCheck --check-prefix=CRATE %s < %t/tileport-crate.json
import cuda.tile as ct


@ct.kernel
def fp4_round_trip(x, out, TILE: ct.Constant[int]):
    t = ct.astype(ct.load(x, index=(ct.bid(0),), shape=(TILE,)), ct.float32)
    q = ct.astype(t, ct.float4_e2m1fn)
    ct.store(out, index=(ct.bid(0),), tile=ct.astype(q, ct.float32))

# CHECK: kir.convert %{{[0-9]+}} {kir.name = "q"} : !kir.tile<[TILE], f32> -> !kir.tile<[TILE], f4E2M1FN>
# CHECK: kir.convert %{{[0-9]+}} : !kir.tile<[TILE], f4E2M1FN> -> !kir.tile<[TILE], f32>

# CRATE: "min_target": "sm_100"
