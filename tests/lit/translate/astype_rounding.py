# SPDX-License-Identifier: MIT
# ct.astype's rounding_mode=: a float-to-float conversion with a mode other
# than RN is cutile's ftof with its rounding:: marker; RN is the plain
# conversion; a float-to-int conversion ignores it, as cuTile Python does.
# RZI has no ftof form and is refused.
# RUN: tileport translate --emit kir %s | FileCheck %s
# RUN: tileport translate -o %t %s && FileCheck --check-prefix=RUST %s < %t/src/lib.rs
# RUN: not tileport translate --emit kir %S/Inputs/astype_rzi.py 2>&1 | FileCheck --check-prefix=RZI %s
import cuda.tile as ct


@ct.kernel
def narrow(x, out, idx, TILE: ct.Constant[int]):
    pid = ct.bid(0)
    t = ct.load(x, index=(pid,), shape=(TILE,))
    a = ct.astype(t, ct.float16, rounding_mode=ct.RoundingMode.RA)
    z = t.astype(ct.float16, rounding_mode=ct.RoundingMode.RZ)
    n = ct.astype(t, ct.float16, rounding_mode=ct.RoundingMode.RN)
    i = ct.astype(t, ct.int32, rounding_mode=ct.RoundingMode.RP)
    ct.store(out, index=(pid,), tile=a + z + n)
    ct.store(idx, index=(pid,), tile=i)

# CHECK: kir.convert %{{.*}} {kir.name = "a", rounding = "NearestAway"}
# CHECK: kir.convert %{{.*}} {kir.name = "z", rounding = "Zero"}
# CHECK: kir.convert %{{.*}} {kir.name = "n"}
# CHECK: kir.convert %{{.*}} {kir.name = "i", rounding = "PositiveInf"}

# RUST: let a: Tile<f16, { [TILE] }> = ftof(t, rounding::NearestAway);
# RUST: let z: Tile<f16, { [TILE] }> = ftof(t, rounding::Zero);
# RUST: let n: Tile<f16, { [TILE] }> = convert_tile(t);
# RUST: let i: Tile<i32, { [TILE] }> = convert_tile(t);

# RZI: astype_rzi.py:9:{{[0-9]+}}: error: ct.astype rounding_mode: RZI has no form in cutile's ftof
