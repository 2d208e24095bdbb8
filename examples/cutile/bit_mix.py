# SPDX-License-Identifier: MIT
# An integer mixing step on int32 tiles: shifts, xors, a bitwise not and a
# negation, the shape of a cheap hash.
#
# What the port has to get right here: `<<` (cutile's shli(.., None) writes
# no overflow attribute, which its bytecode writer requires), `~` on a
# tile (no `!` in cutile: `xori x, -1`, as cuTile Python emits it) and
# unary minus on a tile and on a runtime scalar.
import cuda.tile as ct

ConstInt = ct.Constant[int]


@ct.kernel
def bit_mix(x, y, salt, TILE: ConstInt):
    bid = ct.bid(0)
    h = ct.load(x, index=(bid,), shape=(TILE,), padding_mode=ct.PaddingMode.ZERO)
    h = h ^ (h << 7)
    h = ~h
    h = h ^ (h >> 3)
    h = -h + ~salt
    ct.store(y, index=(bid,), tile=h)


def launch(stream, x, y, salt, tile=1024):
    n = x.shape[0]
    ct.launch(stream, (ct.cdiv(n, tile),), bit_mix, (x, y, salt, tile))
