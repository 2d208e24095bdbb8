# SPDX-License-Identifier: MIT
# ct.astype and .astype: a conversion where the types differ, nothing where
# they agree.
# RUN: tileport translate --emit kir %s | FileCheck %s
# RUN: tileport translate -o %t %s && FileCheck --check-prefix=RUST %s < %t/src/lib.rs
import cuda.tile as ct


@ct.kernel
def widen(x, out, TILE: ct.Constant[int]):
    pid = ct.bid(0)
    t = ct.load(x, index=(pid,), shape=(TILE,))
    f = t.astype(ct.float32)
    same = ct.astype(f, ct.float32)
    ct.store(out, index=(pid,), tile=ct.astype(same, x.dtype))

# CHECK: %[[F:.*]] = kir.convert %1 {kir.name = "f"} : !kir.tile<[TILE], !kir.var<0>> -> !kir.tile<[TILE], f32>
# CHECK-NEXT: kir.rebind %[[F]] {kir.name = "same"} : !kir.tile<[TILE], f32>
# CHECK-NEXT: kir.convert %3 : !kir.tile<[TILE], f32> -> !kir.tile<[TILE], !kir.var<0>>

# RUST: let f: Tile<f32, { [TILE] }> = convert_tile(t);
# RUST-NEXT: let same: Tile<f32, { [TILE] }> = f;
# RUST-NEXT: let t1_: Tile<E, { [TILE] }> = convert_tile(same);
