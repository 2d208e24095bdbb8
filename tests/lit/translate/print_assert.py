# SPDX-License-Identifier: MIT
# ct.printf, ct.print and ct.assert_. cutile's print macro writes each
# argument as `%` and its element type's letter, so the format holds one
# `{}` per argument (kir.print) and a literal `%` doubled; only conversions
# that read the same in printf are admitted. ct.print joins its arguments
# with sep= and ends with end=, literals as their text; an f-string's
# fields are arguments. ct.assert_ is kir.assert (cuda_tile_assert!).
# A scan runs on axis 0 only: cutile 0.4.0's scan always scans dim 0.
# RUN: tileport translate --emit kir %s | FileCheck %s
# RUN: tileport translate -o %t %s && FileCheck --check-prefix=RUST %s < %t/src/lib.rs
# RUN: not tileport translate --emit kir %S/Inputs/print_bad.py 2>&1 | FileCheck --check-prefix=BAD %s
import cuda.tile as ct


@ct.kernel
def traced(x, out, TILE: ct.Constant[int]):
    pid = ct.bid(0)
    t = ct.load(x, index=(pid,), shape=(TILE,))
    ct.printf("block %d: %f (100%%)\n", pid, ct.sum(t))
    ct.print("row", pid, 3, True, t, sep="|", end="")
    ct.print(f"max={ct.max(t)}\t\"done\"")
    ct.assert_(t >= 0.0, "negative")
    ct.assert_(pid < 1000)
    ct.store(out, index=(pid,), tile=t)

# CHECK: kir.print "block {}: {} (100%%)\0A" %0, %{{[0-9]+}} : i32, !kir.tile<[], !kir.var<0>>
# CHECK: kir.print "row|{}|3|True|{}" %0, %1 : i32, !kir.tile<[TILE], !kir.var<0>>
# CHECK: kir.print "max={}\09\22done\22\0A" %{{[0-9]+}} : !kir.tile<[], !kir.var<0>>
# CHECK: kir.assert %{{[0-9]+}}, "negative" : !kir.tile<[TILE], i1>
# CHECK: kir.assert %{{[0-9]+}}, "" : i1

# RUST: cuda_tile_print!("block {}: {} (100%%)\n", pid, t{{[0-9]+}}_);
# RUST: cuda_tile_print!("row|{}|3|True|{}", pid, t);
# RUST: cuda_tile_print!("max={}\t\"done\"\n", t{{[0-9]+}}_);
# RUST: cuda_tile_assert!(t{{[0-9]+}}_, "negative");
# RUST: cuda_tile_assert!((pid < 1000i32), "");

# BAD: print_bad.py:9:{{[0-9]+}}: error: ct.printf: cutile's print writes each argument as %f or %i: '%5.2f' for a f32 argument has no form there
# BAD: print_bad.py:15:{{[0-9]+}}: error: ct.print: cutile prints a 64-bit int as %i, which reads only 32 bits; cuTile Python prints %lld
# BAD: print_bad.py:21:{{[0-9]+}}: error: ct.print: a literal '{}' in the text reads as an argument's place in cutile's print
# BAD: print_bad.py:28:{{[0-9]+}}: error: ct.cumsum: only axis 0 (of rank 2) can be scanned: cutile 0.4.0's scan_sum always scans dim 0
