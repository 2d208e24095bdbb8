# SPDX-License-Identifier: MIT
# Helpers imported by imported_helpers.py: its own cuda.tile alias, a module
# constant, a helper calling another, and one the kernel IR refuses.
import cuda.tile as tile

SCALE = 3


def _square(x):
    return x * x


def scaled_square(x, MODE):
    if MODE == 1:
        return _square(x) * SCALE
    return x


def sorted_rows(x):
    return sorted(x)
