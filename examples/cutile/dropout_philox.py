# SPDX-License-Identifier: MIT
# Dropout with Triton's tl.rand as the random source: Philox-4x32 with 10
# rounds, counter (element index, 0, 0, 0) and key (seed low, seed high)
# words, the first output word mapped to [0, 1) as Triton does. The 32-bit
# words live in int64 lanes, so the high half of a 32x32 product is a shift.
# Element i is kept when its number is at least P; kept values are scaled
# by 1 / (1 - P). The same seed gives the same mask as the Triton kernel
# (examples/triton/dropout.py).
import cuda.tile as ct

WORD = 0xFFFFFFFF
ROUND_A = 0xD2511F53
ROUND_B = 0xCD9E8D57
KEY_A = 0x9E3779B9
KEY_B = 0xBB67AE85
# Triton's uint_to_uniform_float scale: the largest x with (2**31 - 1) * x < 1.
UNIT = 4.6566127342e-10


def philox_round(c0, c1, c2, c3, k0, k1):
    a = c0 * ROUND_A
    b = c2 * ROUND_B
    n0 = ct.bitwise_xor(ct.bitwise_xor(ct.bitwise_and(ct.bitwise_rshift(b, 32), WORD), c1), k0)
    n2 = ct.bitwise_xor(ct.bitwise_xor(ct.bitwise_and(ct.bitwise_rshift(a, 32), WORD), c3), k1)
    return n0, ct.bitwise_and(b, WORD), n2, ct.bitwise_and(a, WORD)


def uniform(seed, offsets):
    c0 = ct.bitwise_and(ct.astype(offsets, ct.int64), WORD)
    zero = c0 * 0
    c1 = zero
    c2 = zero
    c3 = zero
    k0 = ct.bitwise_and(zero + seed, WORD)
    k1 = ct.bitwise_and(ct.bitwise_rshift(zero + seed, 32), WORD)
    c0, c1, c2, c3 = philox_round(c0, c1, c2, c3, k0, k1)
    for _ in ct.static_iter(range(9)):
        k0 = ct.bitwise_and(k0 + KEY_A, WORD)
        k1 = ct.bitwise_and(k1 + KEY_B, WORD)
        c0, c1, c2, c3 = philox_round(c0, c1, c2, c3, k0, k1)
    # The word as int32, negative values inverted: a number in [0, 2**31).
    x = ct.where(c0 >= 0x80000000, ct.bitwise_xor(c0, WORD), c0)
    return ct.astype(x, ct.float32) * UNIT


@ct.kernel
def dropout_philox(x, y, p, seed, TILE: ct.Constant[int]):
    bid = ct.bid(0)
    vals = ct.load(x, index=(bid,), shape=(TILE,), padding_mode=ct.PaddingMode.ZERO)
    u = uniform(seed, bid * TILE + ct.arange(TILE, dtype=ct.int32))
    scaled = ct.astype(vals, ct.float32) * (1.0 / (1.0 - p))
    ct.store(y, index=(bid,), tile=ct.astype(ct.where(u >= p, scaled, 0.0), y.dtype))


def launch(stream, x, y, p=0.1, seed=1234, tile=1024):
    n = x.shape[0]
    ct.launch(stream, (ct.cdiv(n, tile), 1, 1), dropout_philox, (x, y, p, seed, tile))
