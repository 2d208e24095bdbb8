# SPDX-License-Identifier: MIT
# Tile dims computed from ct.Constant parameters become derived generics:
# `TILE // 2` (directly or through a local) is one generic `TILE_div_2`,
# `BM * BN` another, and ct.cat's axis the sum of its operands' dims; each
# expression is recorded on the entry for whoever launches, and the scalar
# whose only use was a dim is dead code, gone.
# RUN: tileport translate --emit kir %s | FileCheck %s
# RUN: tileport translate -o %t %s && FileCheck --check-prefix=RUST %s < %t/src/lib.rs && FileCheck --check-prefix=JSON %s < %t/tileport-crate.json
import cuda.tile as ct


@ct.kernel
def halves(x, y, z, TILE: ct.Constant[int]):
    t = ct.load(x, index=(ct.bid(0),), shape=(TILE,))
    half = TILE // 2
    lo = ct.extract(t, (0,), shape=(half,))
    hi = ct.extract(t, (1,), shape=(TILE // 2,))
    ct.store(y, index=(ct.bid(0),), tile=lo + hi)
    ct.store(z, index=(ct.bid(0),), tile=ct.cat((hi, lo), 0))

# CHECK-LABEL: kir.entry @halves(
# CHECK-SAME: const_generics = ["TILE", "TILE_div_2", "TILE_div_2_plus_TILE_div_2"]
# CHECK-SAME: kir.derived_generics = {{\[\[}}"TILE_div_2", ["//", "TILE", 2]], ["TILE_div_2_plus_TILE_div_2", ["+", ["//", "TILE", 2], ["//", "TILE", 2]]]]
# CHECK-NOT: kir.floordiv
# CHECK: kir.extract {{.*}} -> !kir.tile<[TILE_div_2], !kir.var<0>>
# CHECK: kir.extract {{.*}} -> !kir.tile<[TILE_div_2], !kir.var<0>>
# CHECK: kir.cat %{{.*}}, %{{.*}}, 0 : !kir.tile<[TILE_div_2], !kir.var<0>>, !kir.tile<[TILE_div_2], !kir.var<0>> -> !kir.tile<[TILE_div_2_plus_TILE_div_2], !kir.var<0>>


@ct.kernel
def flatten(x, y, BM: ct.Constant[int], BN: ct.Constant[int]):
    t = ct.load(x, index=(ct.bid(0), 0), shape=(BM, BN))
    ct.store(y, index=(ct.bid(0),), tile=ct.reshape(t, (BM * BN,)))

# CHECK-LABEL: kir.entry @flatten(
# CHECK-SAME: const_generics = ["BM", "BN", "BM_mul_BN"], kir.derived_generics = {{\[\[}}"BM_mul_BN", ["*", "BM", "BN"]]]
# CHECK: kir.reshape %{{.*}} : !kir.tile<[BM, BN], !kir.var<0>> -> !kir.tile<[BM_mul_BN], !kir.var<0>>

# RUST: // TILE_div_2 = TILE // 2 (launch with that value)
# RUST-NEXT: // TILE_div_2_plus_TILE_div_2 = TILE // 2 + TILE // 2 (launch with that value)
# RUST: pub fn halves<E: ElementType, const TILE: i32, const TILE_div_2: i32, const TILE_div_2_plus_TILE_div_2: i32>(
# RUST: let lo: Tile<E, { [TILE_div_2] }> = extract(
# RUST: cat(hi, lo, 0i32)
# RUST: // BM_mul_BN = BM * BN (launch with that value)
# RUST: pub fn flatten<E: ElementType, const BM: i32, const BN: i32, const BM_mul_BN: i32>(

# JSON: "derived":
# JSON-NEXT: "//",
# JSON-NEXT: "TILE",
# JSON-NEXT: 2
