# SPDX-License-Identifier: MIT
# `a if c else b` on a runtime condition is kir.choose (a Rust `if`
# expression; both arms evaluated, as the port's IR needs no branch);
# `a, b = x, y` evaluates the right side first and binds in order; ct.abs
# is absf / absi; a module-level alias of a cuTile enum member reads it.
# RUN: tileport translate --emit kir %s | FileCheck %s
# RUN: tileport translate -o %t %s && FileCheck --check-prefix=RUST %s < %t/src/lib.rs
import cuda.tile as ct

PAD = ct.PaddingMode.ZERO


@ct.kernel
def choose(a, out, n, TILE: ct.Constant[int]):
    row, col = ct.bid(0), ct.bid(1)
    last = n - 1 if row < n else 0
    x = ct.abs(ct.load(a, index=(row, col), shape=(1, TILE), padding_mode=PAD))
    ct.store(out, index=(last, col), tile=x)

# CHECK: %[[R:.*]] = kir.rebind %{{.*}} {kir.name = "row"}
# CHECK-NEXT: kir.rebind %{{.*}} {kir.name = "col"}
# CHECK: kir.choose %{{.*}}, %{{.*}}, %{{.*}} {kir.name = "last"} : i32, i32 -> i32
# CHECK: kir.load {{.*}}{padding = "Zero"}
# CHECK: kir.math "abs"

# RUST: let row: i32 = get_tile_block_id().0;
# RUST-NEXT: let col: i32 = get_tile_block_id().1;
# RUST-NEXT: let last: i32 = if row < n { (n - 1i32) } else { 0i32 };
# RUST: let x: Tile<E, { [1, TILE] }> = absf(
