// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// Front-end analysis time: runs the whole stage A analysis (read, parse,
// scan kernels and helpers, variants, host code) of each given Python file
// REPEATS times and prints the median per file, then the median time to
// analyze all of them in one go. Times are CPU time of the analyzing thread
// (robust when other jobs share the cores), with wall-clock medians beside.
#include "ModuleAnalyzer.h"

#include "BenchTiming.h"

#include <QElapsedTimer>
#include <QFileInfo>

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <cstdlib>
#include <vector>

int main(int argc, char **argv)
{
    if (argc < 3) {
        std::fprintf(stderr, "usage: bench_analyze REPEATS FILE...\n");
        return 2;
    }
    const int repeats = std::max(1, std::atoi(argv[1]));
    std::vector<QString> files;
    for (int i = 2; i < argc; ++i)
        files.push_back(QString::fromLocal8Bit(argv[i]));
    int kernels = 0;
    for (const QString &f : files) {
        const auto first = tileport::frontend::ModuleAnalyzer::analyzeFile(f);
        if (!first.error.isEmpty()) {
            std::fprintf(stderr, "%s\n", qPrintable(first.error));
            return 1;
        }
        std::vector<qint64> cpu, wall;
        for (int r = 0; r < repeats; ++r) {
            QElapsedTimer t;
            t.start();
            const qint64 c0 = tileport::bench::cpuNs();
            const auto a = tileport::frontend::ModuleAnalyzer::analyzeFile(f);
            cpu.push_back(tileport::bench::cpuNs() - c0);
            wall.push_back(t.nsecsElapsed());
            if (a.kernels.size() != first.kernels.size())
                return 1;
        }
        kernels += int(first.kernels.size());
        std::printf("%-20s %6lld bytes %2d kernel(s)  median %7.3f ms cpu  %7.3f ms wall\n",
                    qPrintable(QFileInfo(f).fileName()), static_cast<long long>(QFileInfo(f).size()),
                    int(first.kernels.size()), tileport::bench::medianMs(cpu), tileport::bench::medianMs(wall));
    }
    std::vector<qint64> cpu, wall;
    for (int r = 0; r < repeats; ++r) {
        QElapsedTimer t;
        t.start();
        const qint64 c0 = tileport::bench::cpuNs();
        for (const QString &f : files)
            tileport::frontend::ModuleAnalyzer::analyzeFile(f);
        cpu.push_back(tileport::bench::cpuNs() - c0);
        wall.push_back(t.nsecsElapsed());
    }
    std::printf("all %zu files (%d kernels): median %.3f ms cpu  %.3f ms wall\n", files.size(), kernels, tileport::bench::medianMs(cpu),
                tileport::bench::medianMs(wall));
    return 0;
}
