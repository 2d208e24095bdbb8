# SPDX-License-Identifier: MIT
"""Stand-ins for torch, pytest and triton.testing, and the launch capture built on them."""
