# SPDX-License-Identifier: MIT
# Tile sizes another module of the project imports (sibling_constants.py).
from .tiles_base import BASE

TM, TN = 16, 2 * BASE
