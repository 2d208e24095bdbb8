# SPDX-License-Identifier: MIT
# Column statistics of a (ROWS, COLS) block: each block takes each column's
# spread (maximum minus mean) and sums the block's rows, scaled by the
# spread where they lie above the column mean.
#
# What the port has to get right here: a reduction over one axis meets a
# broadcast or another tile in `/` and `-` (cutile types a reduce result
# with the numeric shape, every other op with the const generic), a load
# whose allow_tma= is a ct.Constant[bool] followed by a method call on it,
# and a loop-carried tile with a long name, whose type annotation rustfmt
# breaks over lines.
import cuda.tile as ct

ConstInt = ct.Constant[int]
ConstBool = ct.Constant[bool]


@ct.kernel
def column_center(x, y, ROWS_PER_BLOCK: ConstInt, COLUMNS_PER_BLOCK: ConstInt, USE_TMA: ConstBool):
    bid = ct.bid(0)
    block = ct.load(x, index=(0, bid), shape=(ROWS_PER_BLOCK, COLUMNS_PER_BLOCK),
                    allow_tma=USE_TMA).astype(ct.float32)
    column_sum = ct.sum(block, axis=0)
    column_max = ct.max(block, axis=0)
    column_mean = column_sum / ROWS_PER_BLOCK
    spread = column_max - column_mean

    row_of_means = ct.reshape(column_mean, (1, COLUMNS_PER_BLOCK))
    row_of_spreads = ct.reshape(spread, (1, COLUMNS_PER_BLOCK))
    positive_rows_scaled_by_their_column_spread = block
    for r in range(2):
        positive_rows_scaled_by_their_column_spread = ct.where(
            block > row_of_means, block * row_of_spreads, positive_rows_scaled_by_their_column_spread)
    halved_rows_scaled_by_their_column_spread_a = positive_rows_scaled_by_their_column_spread * row_of_means
    result = ct.sum(halved_rows_scaled_by_their_column_spread_a - block, axis=0) \
        + ct.sum(halved_rows_scaled_by_their_column_spread_a, axis=0) + spread
    ct.store(y, index=(bid,), tile=result.astype(y.dtype))


def launch(stream, x, y, columns_per_block=64, use_tma=True):
    rows, cols = x.shape
    ct.launch(stream, (ct.cdiv(cols, columns_per_block),), column_center,
              (x, y, rows, columns_per_block, use_tma))
