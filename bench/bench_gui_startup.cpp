// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// Cold start to first paint of the IDE: spawns `tileport-gui
// --exit-on-first-paint` REPEATS times and times each from the spawn to the
// "first paint" line (process start, library loading, window construction,
// the first painted frame). Target: <= 1 s.
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QProcess>

#include <algorithm>
#include <cstdio>
#include <vector>

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    if (args.size() < 2) {
        std::fprintf(stderr, "usage: bench_gui_startup TILEPORT_GUI [REPEATS] [KERNEL.py]\n");
        return 2;
    }
    const int repeats = args.size() > 2 ? args[2].toInt() : 10;
    QStringList guiArgs{QStringLiteral("--exit-on-first-paint")};
    if (args.size() > 3)
        guiArgs << args[3];
    std::vector<double> ms;
    for (int i = 0; i < repeats; ++i) {
        QProcess p;
        p.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        QElapsedTimer t;
        t.start();
        p.start(args[1], guiArgs);
        double firstPaint = -1;
        while (firstPaint < 0 && p.waitForReadyRead(10000))
            if (p.readAll().contains("first paint"))
                firstPaint = t.nsecsElapsed() / 1e6;
        p.waitForFinished(10000);
        if (firstPaint < 0) {
            std::fprintf(stderr, "bench_gui_startup: run %d: no first paint (exit %d)\n", i, p.exitCode());
            return 1;
        }
        ms.push_back(firstPaint);
    }
    std::sort(ms.begin(), ms.end());
    std::printf("cold start to first paint over %d runs: median %.1f ms, min %.1f ms, max %.1f ms (target <= 1000 ms: %s)\n",
                repeats, ms[ms.size() / 2], ms.front(), ms.back(), ms[ms.size() / 2] <= 1000.0 ? "met" : "missed");
    return 0;
}
