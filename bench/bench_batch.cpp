// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// `tileport batch --no-build` in process: every .py file under DIR analyzed
// and translated through BatchRunner (JobRunner jobs, JOBS at a time, 1 by
// default), REPEATS times after one warm-up; prints the median wall time of
// a whole run (and the process's CPU time) and the kernel counts.
// Usage: bench_batch REPEATS DIR [JOBS]
#include "BatchReport.h"
#include "BatchRunner.h"

#include "BenchTiming.h"

#include <QCoreApplication>
#include <QElapsedTimer>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <vector>

namespace {

// CPU time of the whole process: the work runs on JobRunner threads. With
// one job this is one core's time, robust when other jobs share the cores.
qint64 processCpuNs()
{
    timespec ts{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return qint64(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    if (argc < 3) {
        std::fprintf(stderr, "usage: bench_batch REPEATS DIR [JOBS]\n");
        return 2;
    }
    const int repeats = std::max(1, std::atoi(argv[1]));
    tileport::BatchRunner::Options options;
    options.directory = QString::fromLocal8Bit(argv[2]);
    options.jobs = argc > 3 ? std::max(1, std::atoi(argv[3])) : 1;
    options.build = false;

    std::vector<qint64> wall, cpu;
    tileport::BatchReport::Counts counts;
    for (int r = 0; r <= repeats; ++r) {
        tileport::BatchRunner runner(options);
        QElapsedTimer t;
        t.start();
        const qint64 c0 = processCpuNs();
        if (const QString error = runner.runToCompletion(); !error.isEmpty()) {
            std::fprintf(stderr, "bench_batch: %s\n", qPrintable(error));
            return 2;
        }
        if (r > 0) { // the first run warms the page cache
            wall.push_back(t.nsecsElapsed());
            cpu.push_back(processCpuNs() - c0);
        }
        counts = tileport::BatchReport::count(runner.rows(), runner.fileCount());
    }
    std::printf("%s: %d files, %d kernels (%d analyzed, %d translated), jobs %d: median %.1f ms wall, %.1f ms cpu over %d runs\n",
                argv[2], counts.files, counts.kernels, counts.analyzed, counts.translated, options.jobs,
                tileport::bench::medianMs(wall), tileport::bench::medianMs(cpu), repeats);
    return 0;
}
