# SPDX-License-Identifier: MIT
# ct.add / ct.sub / ct.mul with rounding_mode= or flush_to_zero= (kir.addf,
# kir.subf, kir.mulf; cutile's addf/subf/mulf with rounding:: and ftz::),
# the defaults (NearestEven, Disabled) for the option not given.
# RUN: tileport translate --emit kir %s | FileCheck %s
# RUN: tileport translate -o %t %s && FileCheck --check-prefix=RUST %s < %t/src/lib.rs
# RUN: not tileport translate --emit kir %S/Inputs/rounded_int.py 2>&1 | FileCheck --check-prefix=INT %s
import cuda.tile as ct


@ct.kernel
def rounded(x, y, out, TILE: ct.Constant[int]):
    a = ct.load(x, index=(ct.bid(0),), shape=(TILE,))
    b = ct.load(y, index=(ct.bid(0),), shape=(TILE,))
    s = ct.add(a, b, rounding_mode=ct.RoundingMode.RZ)
    d = ct.sub(s, b, flush_to_zero=True)
    ct.store(out, index=(ct.bid(0),), tile=ct.mul(d, a, rounding_mode=ct.RoundingMode.RM, flush_to_zero=True))

# CHECK: kir.addf %{{.*}}, %{{.*}} {ftz = "Disabled", kir.name = "s", rounding = "Zero"}
# CHECK: kir.subf %{{.*}}, %{{.*}} {ftz = "Enabled", kir.name = "d", rounding = "NearestEven"}
# CHECK: kir.mulf %{{.*}}, %{{.*}} {ftz = "Enabled", rounding = "NegativeInf"}

# RUST: let s: Tile<E, { [TILE] }> = addf(a, b, rounding::Zero, ftz::Disabled);
# RUST: let d: Tile<E, { [TILE] }> = subf(s, b, rounding::NearestEven, ftz::Enabled);
# RUST: mulf(d, a, rounding::NegativeInf, ftz::Enabled)

# INT: rounded_int.py:8:{{[0-9]+}}: error: ct.add: rounding/flush_to_zero options need float tiles
