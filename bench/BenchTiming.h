// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once
// Timing helpers shared by the benchmarks: thread CPU time (robust when
// other jobs share the cores) and medians in milliseconds.

#include <QtGlobal>

#include <algorithm>
#include <ctime>
#include <vector>

namespace tileport::bench {

inline double medianMs(std::vector<qint64> ns)
{
    std::sort(ns.begin(), ns.end());
    return double(ns[ns.size() / 2]) / 1e6;
}

inline qint64 cpuNs()
{
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return qint64(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}

} // namespace tileport::bench
