# SPDX-License-Identifier: MIT
# SPDX-FileCopyrightText: 2026 TilePort contributors
"""Stand-ins for torch, pytest and triton.testing, and the launch capture built on them."""
