# SPDX-License-Identifier: MIT
BASE = 32
