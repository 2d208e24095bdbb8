// SPDX-License-Identifier: MIT
// `tileport batch --no-build` in process: every .py file under DIR analyzed
// and translated through BatchRunner (JobRunner jobs, JOBS at a time, 1 by
// default), REPEATS times after one warm-up; prints the median wall time of
// a whole run and the kernel counts.
// Usage: bench_batch REPEATS DIR [JOBS]
#include "BatchReport.h"
#include "BatchRunner.h"

#include "BenchTiming.h"

#include <QCoreApplication>
#include <QElapsedTimer>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

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

    std::vector<qint64> wall;
    tileport::BatchReport::Counts counts;
    for (int r = 0; r <= repeats; ++r) {
        tileport::BatchRunner runner(options);
        QElapsedTimer t;
        t.start();
        if (const QString error = runner.runToCompletion(); !error.isEmpty()) {
            std::fprintf(stderr, "bench_batch: %s\n", qPrintable(error));
            return 2;
        }
        if (r > 0) // the first run warms the page cache
            wall.push_back(t.nsecsElapsed());
        counts = tileport::BatchReport::count(runner.rows(), runner.fileCount());
    }
    std::printf("%s: %d files, %d kernels (%d analyzed, %d translated), jobs %d: median %.1f ms wall over %d runs\n",
                argv[2], counts.files, counts.kernels, counts.analyzed, counts.translated, options.jobs,
                tileport::bench::medianMs(wall), repeats);
    return 0;
}
