# SPDX-License-Identifier: MIT
# A guarded tail: each block scales its tile, masks the lanes past n when
# the length is not a whole number of tiles, and shifts the values by the
# negated block offset.
#
# What the port has to get right here: `not` of a ct.Constant[bool], of a
# runtime comparison and of a bool name, `not` over `or` (De Morgan), a
# parenthesized `or` inside an `and`, and unary minus on a ct.Constant and
# on a runtime int (cutile 0.4.0 compiles `!` nowhere and `-` on literals
# only).
import cuda.tile as ct

ConstInt = ct.Constant[int]
ConstBool = ct.Constant[bool]


@ct.kernel
def tail_guard(x, y, n, TILE: ConstInt, EVEN: ConstBool, CLAMP: ConstBool):
    bid = ct.bid(0)
    start = bid * TILE
    vals = ct.load(x, index=(bid,), shape=(TILE,), padding_mode=ct.PaddingMode.ZERO)
    if not EVEN and start + TILE > n:
        offs = start + ct.arange(TILE, dtype=ct.int32)
        vals = ct.where(offs < n, vals, 0.0)
    if not (CLAMP or start >= n):
        vals = vals * 2.0
    if (CLAMP or not EVEN) and not start < TILE:
        vals = vals - 1.0
    inside = start < n
    if not inside:
        vals = vals * 0.5
    back = -start
    floor = -TILE
    vals = vals + (back + floor)
    ct.store(y, index=(bid,), tile=vals)


def launch(stream, x, y, tile=256, clamp=False):
    n = x.shape[0]
    even = n % tile == 0
    ct.launch(stream, (ct.cdiv(n, tile),), tail_guard, (x, y, n, tile, even, clamp))
