# SPDX-License-Identifier: MIT
# Row sums over a band: block i adds up the chunks of row i, masking the
# lanes of the chunks from the i-th on (band_sum), or weighting the chunks
# before and after the i-th differently (split_weights).
#
# What the port has to get right here: cuTile Python splits a loop whose
# body has one `if` comparing the loop variable with a loop-invariant value
# into two loops, the first running the else arm and the second the then
# arm (cuda.tile _passes/loop_split.py), so the reference has the body's
# loads twice; the port emits the same two loops. In band_sum the test is
# `and`-ed to a ct.Constant[bool], which only a config decides.
import cuda.tile as ct

ConstInt = ct.Constant[int]
ConstBool = ct.Constant[bool]


@ct.kernel
def band_sum(x, y, TILE: ConstInt, CHUNKS: ConstInt, MASKED: ConstBool):
    row = ct.bid(0)
    lanes = ct.arange(TILE, dtype=ct.int32)
    acc = ct.zeros((TILE,), ct.float32)
    for j in range(CHUNKS):
        part = ct.load(x, index=(row, j), shape=(1, TILE), padding_mode=ct.PaddingMode.ZERO)
        part = ct.reshape(ct.astype(part, ct.float32), (TILE,))
        if MASKED and j >= row:
            part = ct.where(lanes >= j, part, 0.0)
        acc = acc + part
    ct.store(y, index=(row,), tile=ct.astype(acc, y.dtype))


@ct.kernel
def split_weights(x, y, TILE: ConstInt, CHUNKS: ConstInt):
    row = ct.bid(0)
    acc = ct.zeros((TILE,), ct.float32)
    for j in range(1, CHUNKS):
        part = ct.load(x, index=(row, j), shape=(1, TILE), padding_mode=ct.PaddingMode.ZERO)
        part = ct.reshape(ct.astype(part, ct.float32), (TILE,))
        if row < j:
            part = ct.exp(part)
        else:
            part = part + acc
        acc = ct.maximum(acc, part)
    ct.store(y, index=(row,), tile=ct.astype(acc, y.dtype))


def launch(stream, x, y, tile=256, masked=True, weighted=False):
    rows, cols = x.shape
    chunks = cols // tile
    if weighted:
        ct.launch(stream, (rows, 1, 1), split_weights, (x, y, tile, chunks))
    else:
        ct.launch(stream, (rows, 1, 1), band_sum, (x, y, tile, chunks, masked))
