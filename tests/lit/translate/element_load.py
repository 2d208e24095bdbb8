# SPDX-License-Identifier: MIT
# ct.load with shape=() reads one element at a full index: a load of a tile
# of ones of the array's rank, reshaped to rank 0 (as cuTile Python does);
# the index alone fixes the array's rank. Names imported from cuda.tile's
# private modules (`cuda.tile._datatype`) are the exported ones.
# RUN: tileport translate --emit kir %s | FileCheck %s
import cuda.tile as ct
from cuda.tile._datatype import float16 as half


@ct.kernel
def last_of_chunk(g, out, CHUNK: ct.Constant[int]):
    b, c = ct.bid(0), ct.bid(1)
    last = ct.load(g, index=(b, c, CHUNK - 1), shape=())
    ct.store(out, index=(b, c), tile=ct.astype(last, half))

# CHECK: kir.load %arg0[{{.*}}] {padding = "None"} : !kir.tensor<!kir.var<0>, 3> -> !kir.tile<[1, 1, 1], !kir.var<0>>
# CHECK-NEXT: kir.reshape %{{[0-9]+}} {kir.name = "last"} : !kir.tile<[1, 1, 1], !kir.var<0>> -> !kir.tile<[], !kir.var<0>>
# CHECK: kir.convert {{.*}} -> !kir.tile<[], f16>
