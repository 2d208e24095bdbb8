# SPDX-License-Identifier: MIT
# Refused array methods (array_methods.py).
import cuda.tile as ct


@ct.kernel
def raw_on_array(x, out, TILE: ct.Constant[int]):
    i = ct.arange(TILE, dtype=ct.int32)
    v = x.load_offset(i) + ct.load(x, index=(0,), shape=(TILE,))
    ct.store(out, index=(0,), tile=v)


@ct.kernel
def strided(x, out, BM: ct.Constant[int]):
    t = x.tiled_view((BM,), traversal_steps=(1,)).load((0,))
    ct.store(out, index=(0,), tile=t)


@ct.kernel
def byte_reduce(x, BM: ct.Constant[int]):
    x.tiled_view((BM,)).atomic_store_max((0,), ct.ones((BM,), dtype=ct.int8))
