# SPDX-License-Identifier: MIT
# float8 and uint64 element types: ct.float8_e4m3fn, ct.float8_e5m2 and
# ct.uint64 are cutile's f8e4m3fn, f8e5m2 and u64; conversions to them are
# convert_tile (ftof, ftoi).
# RUN: tileport translate --emit kir %s | FileCheck %s
# RUN: tileport translate -o %t %s && FileCheck --check-prefix=RUST %s < %t/src/lib.rs
import cuda.tile as ct


@ct.kernel
def narrow(x, e4, e5, wide, TILE: ct.Constant[int]):
    pid = ct.bid(0)
    t = ct.load(x, index=(pid,), shape=(TILE,))
    ct.store(e4, index=(pid,), tile=ct.astype(t, ct.float8_e4m3fn))
    ct.store(e5, index=(pid,), tile=ct.astype(t, ct.float8_e5m2))
    ct.store(wide, index=(pid,), tile=ct.astype(t, ct.uint64))

# CHECK: kir.convert {{.*}} -> !kir.tile<[TILE], f8E4M3FN>
# CHECK: kir.convert {{.*}} -> !kir.tile<[TILE], f8E5M2>
# CHECK: kir.convert {{.*}} -> !kir.tile<[TILE], ui64>

# RUST: e4: &mut Tensor<f8e4m3fn, { [TILE] }>
# RUST: e5: &mut Tensor<f8e5m2, { [TILE] }>
# RUST: wide: &mut Tensor<u64, { [TILE] }>
# RUST: convert_tile(t)
