// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <cstddef>

namespace tileport::tileir::bc::detail {

// Hints that a large, freshly reserved buffer will be filled front to back:
// on Linux its whole 2 MiB pages are backed by transparent huge pages, which
// costs one page fault per 2 MiB instead of one per 4 KiB. A no-op elsewhere
// and for small buffers.
void adviseLargeBuffer(void *data, size_t bytes);

} // namespace tileport::tileir::bc::detail
