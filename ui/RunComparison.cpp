// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "RunComparison.h"

#include "BenchmarkReport.h"
#include "Session.h"
#include "StageCatalog.h"

#include <QDir>
#include <QFile>
#include <QSet>

namespace tileport::ui {

namespace {

BenchmarkReport benchOf(const QString &runDir)
{
    const QString path = QDir(runDir).filePath(QStringLiteral("reports/stage_E.json"));
    return QFile::exists(path) ? BenchmarkReport::load(path) : BenchmarkReport{};
}

QString keyOf(const BenchmarkReport::Row &r)
{
    return r.kernel.isEmpty() || r.config.startsWith(r.kernel + QLatin1Char('.')) ? r.config
                                                                                 : r.kernel + QLatin1Char('.') + r.config;
}

// "kernel.config" names with generated IR in a run (stage B's K.CONFIG.tileirbc), in name order.
QStringList generatedConfigs(const QString &runDir)
{
    QStringList out;
    const QDir gen(QDir(runDir).filePath(QStringLiteral("generated")));
    for (const QString &f : gen.entryList({QStringLiteral("*.tileirbc")}, QDir::Files, QDir::Name))
        out << f.chopped(9);
    return out;
}

} // namespace

QString RunComparison::generatedIr(const QString &runDir, const QString &config)
{
    const QString bytecode = QDir(runDir).filePath(QStringLiteral("generated/%1.tileirbc").arg(config));
    return QFile::exists(bytecode) ? bytecode : QString();
}

RunComparison RunComparison::load(const QString &sessionDir, int runA, int runB, const QString &config)
{
    RunComparison c;
    c.sessionDirectory = sessionDir;
    c.runA = runA;
    c.runB = runB;
    const auto session = Session::open(sessionDir, &c.error, Session::Access::ReadOnly);
    if (!session)
        return c;
    for (const Session::Run &r : session->runs())
        c.runs << r.number;
    for (int n : {runA, runB})
        if (!session->run(n)) {
            c.error = QStringLiteral("%1: the session has no run %2").arg(sessionDir).arg(n);
            return c;
        }

    for (const StageInfo &s : StageCatalog::stages()) {
        const StageRecord *a = session->latest(runA, s.id), *b = session->latest(runB, s.id);
        c.stages << Stage{s.id, s.title, a ? a->verdict : QString(), b ? b->verdict : QString()};
    }

    // Benchmarks: one row per config measured in either run, run A's order first.
    const QString dirA = session->runDirectory(runA), dirB = session->runDirectory(runB);
    const BenchmarkReport ea = benchOf(dirA), eb = benchOf(dirB);
    c.geomeanA = ea.error.isEmpty() ? ea.geomean : 0;
    c.geomeanB = eb.error.isEmpty() ? eb.geomean : 0;
    auto rowFor = [&c](const QString &key) -> Benchmark & {
        for (Benchmark &b : c.benchmarks)
            if (b.config == key)
                return b;
        c.benchmarks << Benchmark{key};
        return c.benchmarks.last();
    };
    for (const BenchmarkReport::Row &r : ea.rows) {
        Benchmark &b = rowFor(keyOf(r));
        b.ratioA = r.ratio;
        b.rustMsA = r.rustMs;
    }
    for (const BenchmarkReport::Row &r : eb.rows) {
        Benchmark &b = rowFor(keyOf(r));
        b.ratioB = r.ratio;
        b.rustMsB = r.rustMs;
    }

    // The generated IR of both runs for one config.
    const QStringList a = generatedConfigs(dirA), b = generatedConfigs(dirB);
    const QSet<QString> inB(b.begin(), b.end());
    for (const QString &cfg : a)
        if (inB.contains(cfg))
            c.configs << cfg;
    c.config = c.configs.contains(config) ? config : c.configs.value(0);
    if (c.config.isEmpty()) {
        c.diffNote = QStringLiteral("no config has generated IR in both run %1 and run %2 (stage B)").arg(runA).arg(runB);
        return c;
    }
    c.diff = IrAlignment::compute(generatedIr(dirA, c.config), generatedIr(dirB, c.config));
    c.hasDiff = true;
    return c;
}

} // namespace tileport::ui
