# SPDX-License-Identifier: MIT
# An integer narrowing (i64 block arithmetic back to an i32 index) wraps, as
# in cuTile Python and Triton; cutile writes no overflow attribute for
# overflow::None and its bytecode writer refuses such a trunci, so the port
# keeps the low bits first (andi) and truncates with no_unsigned_wrap, which
# then holds.
# RUN: tileport translate -o %t %s && FileCheck --check-prefix=RUST %s < %t/src/lib.rs
import cuda.tile as ct


@ct.kernel
def wide_rows(x, y, TILE: ct.Constant[int]):
    row = ct.astype(ct.bid(0), ct.int64)
    t = ct.load(x, index=(ct.astype(row, ct.int32), 0), shape=(1, TILE))
    ct.store(y, index=(ct.astype(row, ct.int32), 0), tile=t)


# RUST: let row: Tile<i64, { [] }> = exti(
# RUST-NEXT: let [[M:t[0-9]+_]]: Tile<i64, { [] }> = constant(4294967295i64, shape![]);
# RUST-NEXT: let [[L:t[0-9]+_]]: Tile<i64, { [] }> = andi(row, [[M]]);
# RUST-NEXT: let {{t[0-9]+_}}: Tile<i32, { [] }> = trunci([[L]], overflow::NoUnsignedWrap);
# RUST-NOT: overflow::None
