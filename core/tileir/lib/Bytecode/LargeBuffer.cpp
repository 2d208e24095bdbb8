// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "LargeBuffer.h"

#include <cstdint>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace tileport::tileir::bc::detail {

void adviseLargeBuffer(void *data, size_t bytes)
{
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    constexpr uintptr_t kHugePage = uintptr_t(2) << 20;
    if (bytes < 4 * kHugePage)
        return;
    // Only the huge pages that lie wholly inside the buffer.
    const uintptr_t begin = (uintptr_t(data) + kHugePage - 1) & ~(kHugePage - 1);
    const uintptr_t end = (uintptr_t(data) + bytes) & ~(kHugePage - 1);
    if (end > begin)
        madvise(reinterpret_cast<void *>(begin), end - begin, MADV_HUGEPAGE); // a hint: failure is harmless
#else
    (void)data;
    (void)bytes;
#endif
}

} // namespace tileport::tileir::bc::detail
