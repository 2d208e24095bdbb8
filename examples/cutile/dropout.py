# SPDX-License-Identifier: MIT
# Dropout with a counter-based hash as the random source: element i is kept
# when hash(i, SEED) mapped to [0, 1) is at least P, and kept values are
# scaled by 1 / (1 - P). Without TRAINING the kernel is a copy.
import cuda.tile as ct

MIX = 0x045D9F3B
UNIT_BITS = 24


def mix32(h):
    # Avalanche step of an integer hash on uint32 lanes.
    h = ct.bitwise_xor(h, ct.bitwise_rshift(h, 16)) * MIX
    h = ct.bitwise_xor(h, ct.bitwise_rshift(h, 16)) * MIX
    return ct.bitwise_xor(h, ct.bitwise_rshift(h, 16))


def uniform(offsets, seed):
    h = mix32(ct.astype(offsets, ct.uint32) + seed)
    bits = ct.bitwise_and(h, (1 << UNIT_BITS) - 1)
    return ct.astype(bits, ct.float32) * (1.0 / (1 << UNIT_BITS))


@ct.kernel
def dropout(x, y, P: ct.Constant[float], SEED: ct.Constant[int],
            TRAINING: ct.Constant[bool], TILE: ct.Constant[int]):
    offsets = ct.bid(0) * TILE + ct.arange(TILE, dtype=ct.int32)
    vals = ct.gather(x, offsets)
    if TRAINING:
        keep = uniform(offsets, SEED) >= P
        scaled = ct.astype(vals, ct.float32) * (1.0 / (1.0 - P))
        vals = ct.astype(ct.where(keep, scaled, 0.0), vals.dtype)
    ct.scatter(y, offsets, vals)


def launch(stream, x, y, p=0.1, seed=1234, training=True, tile=1024):
    n = x.shape[0]
    ct.launch(stream, (ct.cdiv(n, tile), 1, 1), dropout, (x, y, p, seed, training, tile))
