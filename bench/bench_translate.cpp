// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// Analyze plus translate time, without cargo: for each given
// cuTile Python file, RustTranslator::translateFile (front-end analysis,
// kernel lowering) and the generated library text, REPEATS times; prints
// the median per file and for all files in one go. CPU time of this thread,
// with wall-clock medians beside.
// Usage: bench_translate REPEATS FILE...
#include "RustTranslator.h"

#include "BenchTiming.h"

#include <QElapsedTimer>
#include <QFileInfo>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <ctime>
#include <vector>

namespace {

// One translation with its output text, as `tileport translate` makes it.
tileport::rust::RustTranslator::Options g_options;

qsizetype translate(const QString &file, int &kernels, int &refused)
{
    const auto r = tileport::rust::RustTranslator::translateFile(file, g_options);
    kernels = int(r.kernels.size());
    refused = int(r.diagnostics.size());
    return r.kernels.isEmpty() ? 0 : r.library().size();
}

} // namespace

int main(int argc, char **argv)
{
    if (argc < 3) {
        std::fprintf(stderr, "usage: bench_translate REPEATS FILE...\n");
        return 2;
    }
    const int repeats = std::max(1, std::atoi(argv[1]));
    std::vector<QString> files;
    for (int i = 2; i < argc; ++i)
        files.push_back(QString::fromLocal8Bit(argv[i]));
    for (const QString &f : files) {
        int kernels = 0, refused = 0;
        translate(f, kernels, refused);
        std::vector<qint64> cpu, wall;
        for (int r = 0; r < repeats; ++r) {
            QElapsedTimer t;
            t.start();
            const qint64 c0 = tileport::bench::cpuNs();
            translate(f, kernels, refused);
            cpu.push_back(tileport::bench::cpuNs() - c0);
            wall.push_back(t.nsecsElapsed());
        }
        std::printf("%-20s %6lld bytes  %d translated, %d refused construct(s)  median %7.3f ms cpu  %7.3f ms wall\n",
                    qPrintable(QFileInfo(f).fileName()), static_cast<long long>(QFileInfo(f).size()), kernels, refused,
                    tileport::bench::medianMs(cpu), tileport::bench::medianMs(wall));
    }
    std::vector<qint64> cpu, wall;
    for (int r = 0; r < repeats; ++r) {
        QElapsedTimer t;
        t.start();
        const qint64 c0 = tileport::bench::cpuNs();
        for (const QString &f : files) {
            int k = 0, u = 0;
            translate(f, k, u);
        }
        cpu.push_back(tileport::bench::cpuNs() - c0);
        wall.push_back(t.nsecsElapsed());
    }
    std::printf("all %zu files: median %.3f ms cpu  %.3f ms wall\n", files.size(), tileport::bench::medianMs(cpu), tileport::bench::medianMs(wall));
    return 0;
}
