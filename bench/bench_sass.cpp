// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// `tileport sass REF GEN` in process: both sides compiled with tileiras,
// disassembled with cuobjdump and compared. Cold: each run in a fresh cache
// directory (two tileiras and two cuobjdump runs, the sides on two threads);
// warm: the same cache, so only the version probes, the listing reads and
// the comparison run. A new SassCompiler per run, as each CLI call makes one.
// Prints the median wall time of each, the verdict and the instruction counts.
// Usage: bench_sass REF.tileirbc GEN.tileirbc [COLD_REPEATS] [WARM_REPEATS]
#include "SassComparison.h"
#include "SassCompiler.h"

#include "BenchTiming.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QTemporaryDir>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace ts = tileport::sass;

namespace {

struct Outcome {
    bool ok = false;
    ts::Comparison comparison;
    bool cacheHits = false;
};

Outcome once(const QString &ref, const QString &gen, const ts::CompileOptions &options)
{
    const ts::SassCompiler compiler(tileport::Toolchains::fromEnvironment());
    const auto [r, g] = compiler.buildPair(ref, gen, options);
    if (!r.ok() || !g.ok()) {
        std::fprintf(stderr, "bench_sass: BLOCKED: %s\n", qPrintable(r.ok() ? g.error : r.error));
        return {};
    }
    return {true, ts::compare(r.module, g.module), r.cacheHit && g.cacheHit};
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    if (argc < 3) {
        std::fprintf(stderr, "usage: bench_sass REF.tileirbc GEN.tileirbc [COLD_REPEATS] [WARM_REPEATS]\n");
        return 2;
    }
    const QString ref = QString::fromLocal8Bit(argv[1]), gen = QString::fromLocal8Bit(argv[2]);
    const int coldRepeats = argc > 3 ? std::max(1, std::atoi(argv[3])) : 3;
    const int warmRepeats = argc > 4 ? std::max(1, std::atoi(argv[4])) : 10;

    std::vector<qint64> cold, warm;
    QTemporaryDir warmCache;
    Outcome last;
    for (int i = 0; i < coldRepeats; ++i) {
        QTemporaryDir cache;
        ts::CompileOptions o;
        o.cacheDir = i == 0 ? warmCache.path() : cache.path(); // the first cold run fills the warm cache
        QElapsedTimer t;
        t.start();
        last = once(ref, gen, o);
        if (!last.ok)
            return 3;
        cold.push_back(t.nsecsElapsed());
    }
    for (int i = 0; i < warmRepeats; ++i) {
        ts::CompileOptions o;
        o.cacheDir = warmCache.path();
        QElapsedTimer t;
        t.start();
        last = once(ref, gen, o);
        if (!last.ok || !last.cacheHits) {
            std::fprintf(stderr, "bench_sass: a warm run missed the cache\n");
            return 3;
        }
        warm.push_back(t.nsecsElapsed());
    }
    const auto &fns = last.comparison.functions;
    std::printf("sass %s vs %s\n", qPrintable(ref), qPrintable(gen));
    std::printf("  verdict %s", qPrintable(ts::verdictName(last.comparison.verdict)));
    if (!fns.isEmpty())
        std::printf(" (instructions %d vs %d, registers %d vs %d)", fns.first().refInstructions,
                    fns.first().genInstructions, fns.first().refResources.registers,
                    fns.first().genResources.registers);
    std::printf("\n  cold (compile + disassemble + compare), median of %d: %.3f s (min %.3f, max %.3f)\n",
                coldRepeats, tileport::bench::medianMs(cold) / 1000,
                double(*std::min_element(cold.begin(), cold.end())) / 1e9,
                double(*std::max_element(cold.begin(), cold.end())) / 1e9);
    std::printf("  warm (cache hit + compare), median of %d: %.3f s (min %.3f, max %.3f)\n", warmRepeats,
                tileport::bench::medianMs(warm) / 1000, double(*std::min_element(warm.begin(), warm.end())) / 1e9,
                double(*std::max_element(warm.begin(), warm.end())) / 1e9);
    return 0;
}
