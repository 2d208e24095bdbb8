// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// `tileport batch --no-build` on a real directory (tests/support/BatchTree.h):
// the rows BatchRunner yields per kernel and config, their order, refused and
// malformed files, configs from a config source, the work keys that let
// configs share an export, each kernel's worst verdict, the JSON document,
// and the CLI's tables and exit codes.
#include "support/BatchTree.h"

#include "BatchReport.h"
#include "BatchRunner.h"
#include "BatchWorkKey.h"
#include "HarnessArguments.h"
#include "RustTranslator.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QElapsedTimer>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <cmath>

using namespace tileport;

namespace {

struct Run {
    int code = -1;
    QByteArray out;
    QString err;
};

// Capture is off: the tree's files without a sidecar have no tests to run.
Run cli(QStringList args, const QString &workingDirectory = {})
{
    if (!args.isEmpty())
        args << QStringLiteral("--no-capture");
    QProcess p;
    p.setWorkingDirectory(workingDirectory);
    p.start(QStringLiteral(TILEPORT_CLI), QStringList{QStringLiteral("batch")} + args);
    if (!p.waitForFinished(120'000))
        p.kill();
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput(),
            QString::fromUtf8(p.readAllStandardError())};
}

const QString kFixtures = QStringLiteral(TILEPORT_SOURCE_DIR "/tests/fixtures/batch");

const BatchRow *find(const QList<BatchRow> &rows, const QString &file, const QString &kernel, const QString &config = {})
{
    for (const BatchRow &r : rows)
        if (r.file == file && r.kernel == kernel && (config.isEmpty() || r.config == config))
            return &r;
    return nullptr;
}

QStringList keysOf(const QList<BatchRow> &rows)
{
    QStringList keys;
    for (const BatchRow &r : rows)
        keys << r.file + QLatin1Char(':') + r.kernel + (r.config.isEmpty() ? QString() : QLatin1Char('[') + r.config + QLatin1Char(']'));
    return keys;
}

BatchRow row(const QString &kernel, const QString &config, const QString &verdict, const QString &reason = {})
{
    BatchRow r;
    r.file = QStringLiteral("k.py");
    r.kernel = kernel;
    r.analyzed = r.translated = r.built = BatchRow::Step::Yes;
    r.config = config;
    r.irVerdict = verdict;
    r.irReason = reason;
    r.elapsedMs = 10;
    return r;
}

// A cargo that never finishes on its own, to exercise time-outs and cancels.
Toolchains hangingCargo(const QTemporaryDir &bin)
{
    Toolchains tools = Toolchains::fromEnvironment();
    tools.cargo = bin.filePath(QStringLiteral("cargo"));
    tools.python.clear();
    QFile f(tools.cargo);
    if (f.open(QIODevice::WriteOnly))
        f.write("#!/bin/sh\nexec sleep 60\n");
    f.close();
    f.setPermissions(f.permissions() | QFileDevice::ExeOwner);
    return tools;
}

} // namespace

class TestBatch : public QObject
{
    Q_OBJECT
private:
    QTemporaryDir m_dir;

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QVERIFY(testing::makeBatchTree(m_dir.path()));
    }

    void findsPythonFilesSorted()
    {
        QCOMPARE(BatchRunner::pythonFiles(m_dir.path()),
                 QStringList({QStringLiteral("broken.py"), QStringLiteral("garbage.py"), QStringLiteral("mixed.py"),
                              QStringLiteral("ops/softmax.py"), QStringLiteral("ops/vector_add.py"),
                              QStringLiteral("tools/util.py")}));
    }

    void rowsPerKernel_data()
    {
        QTest::addColumn<int>("jobs");
        QTest::newRow("one job") << 1;
        QTest::newRow("three jobs") << 3;
    }

    // Every kernel gets its own row, in file and source order, whatever the
    // number of jobs; a refused kernel does not hide the other one of its file.
    void rowsPerKernel()
    {
        QFETCH(int, jobs);
        BatchRunner runner({m_dir.path(), jobs, false, {}, 60'000});
        QList<int> counters;
        int total = 0;
        connect(&runner, &BatchRunner::rowFinished, this, [&](const BatchRow &, int done, int n) {
            counters << done;
            total = n;
        });
        QCOMPARE(runner.runToCompletion(), QString());
        QVERIFY(!runner.isCancelled());
        const QList<BatchRow> &rows = runner.rows();
        // One row per config of the sidecars, in their order.
        QCOMPARE(keysOf(rows), QStringList({QStringLiteral("broken.py:broken"), QStringLiteral("garbage.py:-"),
                                            QStringLiteral("mixed.py:checked_copy"), QStringLiteral("mixed.py:copy_tile"),
                                            QStringLiteral("ops/softmax.py:softmax_row[row_f32_1024]"),
                                            QStringLiteral("ops/softmax.py:softmax_row[row_f16_4096]"),
                                            QStringLiteral("ops/softmax.py:softmax_chunked[chunked_bf16_1024]"),
                                            QStringLiteral("ops/vector_add.py:vector_add[f32_t1024]"),
                                            QStringLiteral("ops/vector_add.py:vector_add[f16_t512]"),
                                            QStringLiteral("tools/util.py:-")}));
        QCOMPARE(total, 10);
        QCOMPARE(counters, QList<int>({1, 2, 3, 4, 5, 6, 7, 8, 9, 10}));
        QCOMPARE(runner.fileCount(), 6);

        const BatchRow *refused = find(rows, QStringLiteral("mixed.py"), QStringLiteral("checked_copy"));
        QCOMPARE(refused->analyzed, BatchRow::Step::Yes);
        QCOMPARE(refused->translated, BatchRow::Step::No);
        QCOMPARE(refused->translateAt, QStringLiteral("mixed.py:7:9"));
        QVERIFY2(refused->translateReason.startsWith(QLatin1String("raise statement")), qPrintable(refused->translateReason));
        QCOMPARE(refused->built, BatchRow::Step::NotRun);
        QCOMPARE(refused->irVerdict, QStringLiteral("-"));

        const BatchRow *copy = find(rows, QStringLiteral("mixed.py"), QStringLiteral("copy_tile"));
        QCOMPARE(copy->translated, BatchRow::Step::Yes);
        QCOMPARE(copy->reason(), QStringLiteral("no config")); // even when nothing is built
        for (const QString &k : {QStringLiteral("softmax_row"), QStringLiteral("softmax_chunked")})
            QCOMPARE(find(rows, QStringLiteral("ops/softmax.py"), k)->translated, BatchRow::Step::Yes);
        QCOMPARE(find(rows, QStringLiteral("ops/vector_add.py"), QStringLiteral("vector_add"))->translated, BatchRow::Step::Yes);

        const BatchRow *plain = find(rows, QStringLiteral("tools/util.py"), QStringLiteral("-"));
        QCOMPARE(plain->analyzed, BatchRow::Step::Yes);
        QCOMPARE(plain->translated, BatchRow::Step::NotRun);
        QCOMPARE(plain->reason(), QStringLiteral("no @ct.kernel function"));

        const BatchReport::Counts c = BatchReport::count(rows, runner.fileCount());
        QCOMPARE(c.kernels, 6);
        QCOMPARE(c.configs, 5);
        QCOMPARE(c.analyzed, 5);
        QCOMPARE(c.translated, 4);
        QCOMPARE(c.built, 0);
        QCOMPARE(c.irRuns, 0);
    }


    // Every config of a kernel gets its row, with its sources count; rows
    // keep the sidecar's order whatever the number of jobs.
    void perConfigRows()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        for (const char *f : {"tile_ops.py", "tile_ops.tileport.json"})
            QVERIFY(QFile::copy(kFixtures + QLatin1Char('/') + QLatin1String(f), dir.filePath(QLatin1String(f))));
        BatchRunner runner({dir.path(), 3, false, {}, 60'000});
        QCOMPARE(runner.runToCompletion(), QString());
        const QList<BatchRow> &rows = runner.rows();
        QCOMPARE(keysOf(rows), QStringList({QStringLiteral("tile_ops.py:double_tiles[f32_4096x4096]"),
                                            QStringLiteral("tile_ops.py:double_tiles[f32_8192x4096]"),
                                            QStringLiteral("tile_ops.py:double_tiles[f16_1024x2048_t32]"),
                                            QStringLiteral("tile_ops.py:copy_vec[f32_t1024]"),
                                            QStringLiteral("tile_ops.py:copy_vec[f32_t1024_2m]"),
                                            QStringLiteral("tile_ops.py:copy_vec[f32_t1000]")}));
        QList<int> sources;
        for (const BatchRow &r : rows) {
            sources << r.sources;
            QCOMPARE(r.translated, BatchRow::Step::Yes);
        }
        QCOMPARE(sources, QList<int>({1, 2, 1, 0, 0, 0}));
        const QList<BatchReport::Kernel> kernels = BatchReport::kernels(rows);
        QCOMPARE(kernels.size(), 2);
        QCOMPARE(kernels[0].configs, 3);
        QCOMPARE(kernels[1].first, 3);
        QCOMPARE(kernels[1].configs, 3);
    }

    // Files without a sidecar ask the config source, once for all of them;
    // what it returns is checked like a sidecar, and a failed capture says why.
    void configSource()
    {
        QStringList asked;
        BatchRunner::Options o{m_dir.path(), 2, false, {}, 60'000};
        o.configSource = [&asked](const QStringList &files, const std::atomic_bool *) {
            asked = files;
            QHash<QString, frontend::KernelConfigFile> out;
            for (const QString &f : files) {
                frontend::KernelConfigFile c;
                if (f.endsWith(QLatin1String("/mixed.py"))) {
                    c.loadJson(R"({"kernel": "copy_tile", "configs": [
                        {"name": "f32_t256", "params": [
                          {"name": "a", "kind": "array", "dtype": "float32", "ndim": 1, "shape": [4096], "strides": [1], "alignment": 256},
                          {"name": "b", "kind": "array", "dtype": "float32", "ndim": 1, "shape": [4096], "strides": [1], "alignment": 256},
                          {"name": "TILE", "kind": "const", "value": 256}],
                         "sources": ["tests/test_mixed.py::test_copy[256]", "tests/test_mixed.py::test_copy[4096]"]}]})",
                               f + QStringLiteral(" (captured)"));
                    out.insert(f, c);
                } else if (f.endsWith(QLatin1String("/broken.py"))) {
                    c.captured = true;
                    c.capture.fatal = QStringLiteral("no test or bench file found");
                    out.insert(f, c);
                }
            }
            return out;
        };
        BatchRunner runner(o);
        QCOMPARE(runner.runToCompletion(), QString());
        // Only cuTile files with kernels and no sidecar (not broken.py: its
        // kernels are not translated, so there is nothing to compare).
        QStringList names;
        for (const QString &f : asked)
            names << QFileInfo(f).fileName();
        QCOMPARE(names, QStringList({QStringLiteral("mixed.py")}));
        const BatchRow *copy = find(runner.rows(), QStringLiteral("mixed.py"), QStringLiteral("copy_tile"));
        QVERIFY(copy);
        QCOMPARE(copy->config, QStringLiteral("f32_t256"));
        QCOMPARE(copy->sources, 2);
        // checked_copy has no captured config.
        const BatchRow *refused = find(runner.rows(), QStringLiteral("mixed.py"), QStringLiteral("checked_copy"));
        QVERIFY(refused);
        QCOMPARE(refused->config, QString());
    }

    // Configs whose export signature and harness arguments agree share a
    // key: shapes count only by their divisibility, the config's name and
    // the scalar values no compiler specializes on not at all.
    void workKeys()
    {
        const QString py = kFixtures + QStringLiteral("/tile_ops.py");
        const rust::TranslationResult t = rust::RustTranslator::translateFile(py, {});
        QVERIFY2(t.ok(), qPrintable(t.error));
        frontend::KernelConfigFile f;
        QVERIFY(f.load(kFixtures + QStringLiteral("/tile_ops.tileport.json")));
        QHash<QString, QByteArray> key;
        for (const frontend::KernelConfig &c : f.configs) {
            const rust::TranslatedKernel *entry = t.entryForConfig(c.kernel, c.params);
            QVERIFY(entry);
            QString error;
            const QStringList args = rust::HarnessArguments::forConfig(entry->signature, c, QStringLiteral("/unused"),
                                                                       QStringLiteral("sm_90"), QStringLiteral("13.3"), &error);
            QVERIFY2(error.isEmpty(), qPrintable(error));
            key.insert(c.name, BatchWorkKey::of(py, c.kernel, c.params, args.mid(1)));
        }
        QCOMPARE(key.value(QStringLiteral("f32_8192x4096")), key.value(QStringLiteral("f32_4096x4096")));
        QVERIFY(key.value(QStringLiteral("f16_1024x2048_t32")) != key.value(QStringLiteral("f32_4096x4096")));
        QCOMPARE(key.value(QStringLiteral("f32_t1024_2m")), key.value(QStringLiteral("f32_t1024")));
        QVERIFY(key.value(QStringLiteral("f32_t1000")) != key.value(QStringLiteral("f32_t1024")));

        // What stays in the signature: divisibility facts, not the numbers.
        const QJsonArray sig = BatchWorkKey::exportSignature(f.configs[0].params);
        QCOMPARE(sig[0].toObject().value(QStringLiteral("shape")).toArray(), (QJsonArray{"d16", "d16"}));
        QCOMPARE(sig[0].toObject().value(QStringLiteral("strides")).toArray(), (QJsonArray{"d32", "=1"}));
        QCOMPARE(sig[0].toObject().value(QStringLiteral("alignment")).toString(), QStringLiteral("d16"));
        QCOMPARE(sig[0].toObject().value(QStringLiteral("disjoint")).toBool(), true);
        QCOMPARE(sig[2].toObject().value(QStringLiteral("value")).toInt(), 64);
        const QJsonArray scalars = BatchWorkKey::exportSignature(
            {QJsonObject{{"name", "n"}, {"kind", "scalar"}, {"dtype", "int32"}, {"value", 24}},
             QJsonObject{{"name", "eps"}, {"kind", "scalar"}, {"dtype", "float32"}, {"value", 0.001}}});
        QCOMPARE(scalars[0].toObject().value(QStringLiteral("value")).toString(), QStringLiteral("d8"));
        QVERIFY(!scalars[1].toObject().contains(QStringLiteral("value")));
    }

    // A kernel's line carries its worst verdict over its configs, in the
    // differ's order, with "-" (a config not compared) worst of all.
    void worstVerdict()
    {
        QCOMPARE(BatchRow::irRank(QStringLiteral("PASS")), 0);
        QCOMPARE(BatchRow::irRank(QStringLiteral("PASS_WITH_NOTES")), 1);
        QCOMPARE(BatchRow::irRank(QStringLiteral("FAIL_FIXABLE")), 2);
        QCOMPARE(BatchRow::irRank(QStringLiteral("-")), 3);
        QList<BatchRow> rows{row(QStringLiteral("a"), QStringLiteral("c1"), QStringLiteral("PASS")),
                             row(QStringLiteral("a"), QStringLiteral("c2"), QStringLiteral("FAIL_FIXABLE"), QStringLiteral("2 critical")),
                             row(QStringLiteral("a"), QStringLiteral("c3"), QStringLiteral("PASS_WITH_NOTES"), QStringLiteral("3 note(s)")),
                             row(QStringLiteral("b"), QStringLiteral("c1"), QStringLiteral("PASS_WITH_NOTES"), QStringLiteral("1 note(s)")),
                             row(QStringLiteral("b"), QStringLiteral("c2"), QStringLiteral("-"), QStringLiteral("reference export: boom")),
                             row(QStringLiteral("c"), QStringLiteral("c1"), QStringLiteral("PASS"))};
        rows[2].sharedWith = QStringLiteral("c1");
        const QList<BatchReport::Kernel> k = BatchReport::kernels(rows);
        QCOMPARE(k.size(), 3);
        QCOMPARE(k[0].worst, 1);
        QCOMPARE(k[0].elapsedMs, 30);
        QCOMPARE(k[0].verdicts, (QMap<QString, int>{{"PASS", 1}, {"FAIL_FIXABLE", 1}, {"PASS_WITH_NOTES", 1}}));
        QCOMPARE(k[1].worst, 4);
        QCOMPARE(k[2].worst, 5);
        const QStringList lines = BatchReport::table(rows).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 4);
        QCOMPARE(lines[1], QStringLiteral("k.py  a       yes       yes         yes     3        -     FAIL_FIXABLE       30  2 critical"));
        QCOMPARE(lines[2], QStringLiteral("k.py  b       yes       yes         yes     2        -     -                  20  reference export: boom"));
        QCOMPARE(lines[3], QStringLiteral("k.py  c       yes       yes         yes     1        -     PASS               10"));
        // Where the configs came from: per config, and their union per kernel.
        rows[0].configFrom = QStringLiteral("__main__");
        rows[1].configFrom = QStringLiteral("test, bench");
        rows[2].configFrom = QStringLiteral("test");
        QCOMPARE(BatchReport::kernelFrom(rows, BatchReport::kernels(rows)[0]), QStringLiteral("__main__, test, bench"));
        QVERIFY(BatchReport::table(rows).split(QLatin1Char('\n'))[1].contains(QLatin1String(" __main__,test,bench ")));
        const QStringList perConfig = BatchReport::table(rows, true).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QVERIFY2(perConfig[0].contains(QLatin1String(" from ")), qPrintable(perConfig[0]));
        QVERIFY2(perConfig[2].contains(QLatin1String(" test,bench ")), qPrintable(perConfig[2]));
        QCOMPARE(BatchRow::fromJson(rows[1].toJson()).configFrom, QStringLiteral("test, bench"));
        const QStringList all = BatchReport::table(rows, true).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(all.size(), 7);
        QVERIFY2(all[3].contains(QLatin1String("c3 (as c1)")), qPrintable(all[3]));
        const BatchReport::Counts c = BatchReport::count(rows, 1);
        QCOMPARE(c.kernels, 3);
        QCOMPARE(c.configs, 6);
        QCOMPARE(c.pass, 2);
        QCOMPARE(c.passWithNotes, 2);
        QCOMPARE(c.failFixable, 1);
        QCOMPARE(c.irRuns, 4); // a:c3 reused a:c1's comparison; b:c2 made none
        QCOMPARE(c.kernelWorst, (QMap<QString, int>{{"FAIL_FIXABLE", 1}, {"-", 1}, {"PASS", 1}}));
    }

    // --sass: a column after ir with each kernel's worst SASS verdict (a
    // config never compared ranks worst), the per-config counts in the
    // summary, and the verdict in every JSON row.
    void sassColumn()
    {
        QCOMPARE(BatchRow::sassRank(QStringLiteral("SASS_IDENTICAL")), 0);
        QCOMPARE(BatchRow::sassRank(QStringLiteral("SASS_DIFFERS")), 2);
        QCOMPARE(BatchRow::sassRank(QStringLiteral("-")), 4);
        QList<BatchRow> rows{row(QStringLiteral("a"), QStringLiteral("c1"), QStringLiteral("PASS")),
                             row(QStringLiteral("a"), QStringLiteral("c2"), QStringLiteral("PASS_WITH_NOTES")),
                             row(QStringLiteral("b"), QStringLiteral("c1"), QStringLiteral("FAIL_FIXABLE"))};
        rows[0].sassVerdict = QStringLiteral("SASS_IDENTICAL");
        rows[1].sassVerdict = QStringLiteral("SASS_DIFFERS");
        rows[1].sassReason = QStringLiteral("111 vs 391 instructions, 32 vs 45 registers");
        rows[2].sassVerdict = QStringLiteral("BLOCKED");
        const QStringList lines = BatchReport::table(rows, false, true).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(lines[0], QStringLiteral("file  kernel  analyzed  translated  builds  configs  from  ir               sass          time_ms  reason"));
        QCOMPARE(lines[1], QStringLiteral("k.py  a       yes       yes         yes     2        -     PASS_WITH_NOTES  SASS_DIFFERS       20"));
        QCOMPARE(lines[2], QStringLiteral("k.py  b       yes       yes         yes     1        -     FAIL_FIXABLE     BLOCKED            10"));
        const QStringList all = BatchReport::table(rows, true, true).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QVERIFY2(all[1].contains(QRegularExpression(QStringLiteral(" PASS +SASS_IDENTICAL +10$"))), qPrintable(all[1]));
        // Without --sass the table is as before.
        QVERIFY(!BatchReport::table(rows).contains(QLatin1String("sass")));
        const BatchReport::Counts c = BatchReport::count(rows, 1);
        QCOMPARE(c.sassIdentical, 1);
        QCOMPARE(c.sassDiffers, 1);
        QCOMPARE(c.sassBlocked, 1);
        QVERIFY(BatchReport::summary(c, 5, true).contains(
            QLatin1String("; SASS per config: 1 SASS_IDENTICAL, 0 SASS_EQUIVALENT, 1 SASS_DIFFERS, 1 BLOCKED; 5 ms")));
        QVERIFY(!BatchReport::summary(c, 5).contains(QLatin1String("SASS")));
        const QJsonObject doc = BatchReport::toJson(rows, 1, QStringLiteral("d"), 1, true, 5);
        QCOMPARE(doc.value(QStringLiteral("rows")).toArray()[1].toObject().value(QStringLiteral("sass")).toString(),
                 QStringLiteral("SASS_DIFFERS"));
        QCOMPARE(doc.value(QStringLiteral("kernels")).toArray()[0].toObject().value(QStringLiteral("sass")).toString(),
                 QStringLiteral("SASS_DIFFERS"));
        QCOMPARE(doc.value(QStringLiteral("summary")).toObject().value(QStringLiteral("sass_blocked")).toInt(), 1);
        QVERIFY(BatchReport::progressLine(rows[1], 2, 3).contains(QLatin1String("ir PASS_WITH_NOTES, sass SASS_DIFFERS (10 ms)")));
    }

    // --gpu: `check` and `rust/ref` after ir, the worst check and the
    // geomean of the timed configs per kernel, a failed check's reason in
    // the reason column, the counts in the summary and JSON, and the rows
    // through the journal's JSON and back.
    void gpuColumns()
    {
        QCOMPARE(BatchRow::gpuRank(QStringLiteral("pass")), 0);
        QCOMPARE(BatchRow::gpuRank(QStringLiteral("fail")), 1);
        QCOMPARE(BatchRow::gpuRank(QStringLiteral("FAIL(host)")), 2);
        QCOMPARE(BatchRow::gpuRank(QStringLiteral("BLOCKED(env)")), 3);
        QCOMPARE(BatchRow::gpuRank(QStringLiteral("skipped")), 4);
        QCOMPARE(BatchRow::gpuRank(QStringLiteral("-")), 5);
        QList<BatchRow> rows{row(QStringLiteral("a"), QStringLiteral("c1"), QStringLiteral("PASS")),
                             row(QStringLiteral("a"), QStringLiteral("c2"), QStringLiteral("PASS_WITH_NOTES"), QStringLiteral("2 note(s)")),
                             row(QStringLiteral("b"), QStringLiteral("c1"), QStringLiteral("PASS_WITH_NOTES"), QStringLiteral("1 note(s)")),
                             row(QStringLiteral("b"), QStringLiteral("c2"), QStringLiteral("PASS_WITH_NOTES"), QStringLiteral("1 note(s)"))};
        rows[0].gpuCheck = rows[1].gpuCheck = rows[2].gpuCheck = QStringLiteral("pass");
        rows[0].ratio = 0.9;
        rows[1].ratio = 1.1;
        rows[2].ratio = 1.2;
        rows[0].refMs = 2.0;
        rows[0].rustMs = 1.8;
        rows[3].gpuCheck = QStringLiteral("fail");
        rows[3].gpuReason = QStringLiteral("outside atol 0.01, rtol 0.01");
        rows[3].maxAbsErr = 0.5;
        rows[3].gpuJob = QStringLiteral("77_1");
        const QStringList lines = BatchReport::table(rows, false, false, true).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(lines[0], QStringLiteral("file  kernel  analyzed  translated  builds  configs  from  ir               check  rust/ref  time_ms  reason"));
        QCOMPARE(lines[1], QStringLiteral("k.py  a       yes       yes         yes     2        -     PASS_WITH_NOTES  pass   0.995          20  2 note(s)"));
        QCOMPARE(lines[2], QStringLiteral("k.py  b       yes       yes         yes     2        -     PASS_WITH_NOTES  fail   1.200          20  check: outside atol 0.01, rtol 0.01"));
        const QStringList all = BatchReport::table(rows, true, false, true).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QVERIFY2(all[4].contains(QRegularExpression(QStringLiteral(" fail +- +10  check: outside atol"))), qPrintable(all[4]));
        QVERIFY(!BatchReport::table(rows).contains(QLatin1String("rust/ref")));
        const BatchReport::Counts c = BatchReport::count(rows, 1);
        QCOMPARE(c.gpuPass, 3);
        QCOMPARE(c.gpuFail, 1);
        QCOMPARE(c.timed, 3);
        QVERIFY(qAbs(c.ratioGeomean - std::cbrt(0.9 * 1.1 * 1.2)) < 1e-9);
        QVERIFY2(BatchReport::summary(c, 5).contains(
                     QLatin1String("; stage D per config: 3 pass, 1 fail, 0 not checked; stage E: geomean rust/ref 1.059 over 3 config(s); 5 ms")),
                 qPrintable(BatchReport::summary(c, 5)));
        const QJsonObject doc = BatchReport::toJson(rows, 1, QStringLiteral("d"), 1, true, 5);
        QCOMPARE(doc.value(QStringLiteral("kernels")).toArray()[1].toObject().value(QStringLiteral("gpu_check")).toString(),
                 QStringLiteral("fail"));
        QCOMPARE(doc.value(QStringLiteral("kernels")).toArray()[1].toObject().value(QStringLiteral("timed")).toInt(), 1);
        QCOMPARE(doc.value(QStringLiteral("summary")).toObject().value(QStringLiteral("gpu_fail")).toInt(), 1);
        const BatchRow back = BatchRow::fromJson(rows[3].toJson());
        QCOMPARE(back.gpuCheck, QStringLiteral("fail"));
        QCOMPARE(back.gpuReason, rows[3].gpuReason);
        QCOMPARE(back.gpuJob, QStringLiteral("77_1"));
        QCOMPARE(back.maxAbsErr, 0.5);
        const BatchRow timed = BatchRow::fromJson(rows[0].toJson());
        QCOMPARE(timed.ratio, 0.9);
        QCOMPARE(timed.refMs, 2.0);
        QCOMPARE(timed.rustMs, 1.8);
        // Rows without a GPU outcome keep their JSON as it was.
        QVERIFY(!row(QStringLiteral("a"), QStringLiteral("c1"), QStringLiteral("PASS")).toJson().contains(QLatin1String("gpu_check")));
        QCOMPARE(BatchReport::gpuProgressLine(QStringLiteral("k.py a"), QStringLiteral("check"), QStringLiteral("running"),
                                              QStringLiteral("77_0"), 0, 2),
                 QStringLiteral("gpu check [0/2] k.py a: running (job 77_0)"));
    }

    // A malformed kernel file gives a row that says where, not a crash; so
    // does a file of bytes that are not Python at all.
    void malformedFiles()
    {
        BatchRunner runner({m_dir.path(), 2, false, {}, 60'000});
        QCOMPARE(runner.runToCompletion(), QString());
        const BatchRow *broken = find(runner.rows(), QStringLiteral("broken.py"), QStringLiteral("broken"));
        QVERIFY(broken);
        QCOMPARE(broken->analyzed, BatchRow::Step::No);
        QCOMPARE(broken->translated, BatchRow::Step::No);
        QVERIFY2(broken->translateAt.startsWith(QLatin1String("broken.py:")), qPrintable(broken->translateAt));
        QVERIFY2(broken->reason().contains(QLatin1String("syntax error")), qPrintable(broken->reason()));

        const BatchRow *garbage = find(runner.rows(), QStringLiteral("garbage.py"), QStringLiteral("-"));
        QVERIFY(garbage);
        QCOMPARE(garbage->analyzed, BatchRow::Step::No);
        QVERIFY2(garbage->reason().startsWith(QLatin1String("garbage.py:1:")), qPrintable(garbage->reason()));
    }

    // Every child has a time-out: a build that hangs becomes a "no" row.
    void childTimeout()
    {
        QTemporaryDir bin, work;
        BatchRunner runner({m_dir.filePath(QStringLiteral("ops")), 2, true, work.path(), 1000}, hangingCargo(bin));
        QElapsedTimer t;
        t.start();
        QCOMPARE(runner.runToCompletion(), QString());
        QVERIFY2(t.elapsed() < 30'000, qPrintable(QString::number(t.elapsed())));
        const BatchRow *add = find(runner.rows(), QStringLiteral("vector_add.py"), QStringLiteral("vector_add"));
        QVERIFY(add);
        QCOMPARE(add->built, BatchRow::Step::No);
        QVERIFY2(add->buildReason.startsWith(QLatin1String("cargo build timed out")), qPrintable(add->buildReason));
        QCOMPARE(add->irReason, QString());
        QVERIFY(QFile::exists(work.filePath(QStringLiteral("vector_add/vector_add/crate/src/lib.rs"))));
    }

    // Cancelling ends the run at once and kills the running children.
    void cancelStopsChildren()
    {
        QTemporaryDir bin, work;
        QElapsedTimer t;
        t.start();
        {
            BatchRunner runner({m_dir.filePath(QStringLiteral("ops")), 2, true, work.path(), 120'000}, hangingCargo(bin));
            QTimer::singleShot(1000, &runner, &BatchRunner::cancel);
            QCOMPARE(runner.runToCompletion(), QString());
            QVERIFY(runner.isCancelled());
        } // the destructor waits for the jobs, whose children were killed
        QVERIFY2(t.elapsed() < 20'000, qPrintable(QString::number(t.elapsed())));
    }

    void cliTableAndJson()
    {
        const Run table = cli({m_dir.path(), QStringLiteral("--no-build"), QStringLiteral("--jobs"), QStringLiteral("2")});
        QCOMPARE(table.code, 0);
        const QStringList lines = QString::fromUtf8(table.out).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 10); // header, one line per kernel or file (8), summary
        QVERIFY2(lines[0].startsWith(QLatin1String("file")) && lines[0].contains(QLatin1String(" configs ")), qPrintable(lines[0]));
        QVERIFY2(lines[3].contains(QLatin1String("checked_copy")) && lines[3].contains(QLatin1String("no (mixed.py:7:9)")),
                 qPrintable(lines[3]));
        QVERIFY2(lines[4].contains(QLatin1String("copy_tile")) && lines[4].contains(QLatin1String("skipped")), qPrintable(lines[4]));
        // softmax_row: its two configs in one line.
        QVERIFY2(lines[5].contains(QLatin1String("softmax_row")) && lines[5].contains(QLatin1String(" 2 ")), qPrintable(lines[5]));
        QCOMPARE(lines.last().section(QLatin1String("; "), 0, 1),
                 QStringLiteral("6 files, 6 kernels, 5 configs: 5 analyzed, 4 translated, 0 built (0 failed to build); "
                                "IR per config: 0 PASS, 0 PASS_WITH_NOTES, 0 FAIL_FIXABLE (0 comparisons)"));
        // Progress: one line per finished row (config), with its counter.
        QCOMPARE(table.err.count(QLatin1String("/10] ")), 10);
        QVERIFY(table.err.contains(QLatin1String("[10/10] ")));
        QVERIFY2(table.err.contains(QLatin1String("ops/vector_add.py vector_add [f16_t512]: translated yes")), qPrintable(table.err));

        // --per-config: a line per row, with its config.
        const Run perConfig = cli({m_dir.path(), QStringLiteral("--no-build"), QStringLiteral("--per-config")});
        QCOMPARE(perConfig.code, 0);
        const QStringList all = QString::fromUtf8(perConfig.out).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(all.size(), 12); // header, 10 rows, summary
        QVERIFY2(all[0].contains(QLatin1String(" config ")), qPrintable(all[0]));
        QVERIFY2(all[9].contains(QLatin1String("vector_add")) && all[9].contains(QLatin1String("f16_t512")), qPrintable(all[9]));
        QCOMPARE(all.last().section(QLatin1String("; "), 0, 1), lines.last().section(QLatin1String("; "), 0, 1));

        const Run json = cli({m_dir.path(), QStringLiteral("--no-build"), QStringLiteral("--json")});
        QCOMPARE(json.code, 0);
        const QJsonObject doc = QJsonDocument::fromJson(json.out).object();
        QCOMPARE(doc.value(QStringLiteral("schema")).toString(), QStringLiteral("tileport-batch/2"));
        const QJsonArray rows = doc.value(QStringLiteral("rows")).toArray();
        QCOMPARE(rows.size(), 10);
        QCOMPARE(rows[8].toObject().value(QStringLiteral("config")).toString(), QStringLiteral("f16_t512"));
        QCOMPARE(rows[8].toObject().value(QStringLiteral("sources")).toInt(), 0);
        const QJsonArray kernels = doc.value(QStringLiteral("kernels")).toArray();
        QCOMPARE(kernels.size(), 6);
        const QJsonObject add = kernels[5].toObject();
        QCOMPARE(add.value(QStringLiteral("kernel")).toString(), QStringLiteral("vector_add"));
        QCOMPARE(add.value(QStringLiteral("configs")).toInt(), 2);
        QCOMPARE(add.value(QStringLiteral("ir_counts")).toObject(), (QJsonObject{{QStringLiteral("-"), 2}}));
        const QJsonObject mixed = rows[2].toObject();
        QCOMPARE(mixed.value(QStringLiteral("kernel")).toString(), QStringLiteral("checked_copy"));
        QCOMPARE(mixed.value(QStringLiteral("translated")).toString(), QStringLiteral("no"));
        QCOMPARE(mixed.value(QStringLiteral("translate_at")).toString(), QStringLiteral("mixed.py:7:9"));
        QCOMPARE(mixed.value(QStringLiteral("builds")).toString(), QStringLiteral("skipped"));
        QCOMPARE(doc.value(QStringLiteral("summary")).toObject().value(QStringLiteral("translated")).toInt(), 4);
    }


    // scripts/lib/coverage-report.py on a real batch document: the
    // operators, the kernels with their configs' verdicts, no FAIL_FIXABLE.
    void coverageReport()
    {
        QTemporaryDir out;
        QVERIFY(out.isValid());
        const Run json = cli({m_dir.path(), QStringLiteral("--no-build"), QStringLiteral("--json")});
        QCOMPARE(json.code, 0);
        QFile f(out.filePath(QStringLiteral("batch.json")));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(json.out);
        f.close();
        QProcess p;
        p.start(QStringLiteral("python3"), {QStringLiteral(TILEPORT_SOURCE_DIR "/scripts/lib/coverage-report.py"), f.fileName(),
                                            out.filePath(QStringLiteral("coverage.md")), QStringLiteral("--commit"), QStringLiteral("abc"),
                                            QStringLiteral("--cutile"), QStringLiteral("0.4.0"), QStringLiteral("--cuda-tile"),
                                            QStringLiteral("1.7.0"), QStringLiteral("--source"), m_dir.path()});
        QVERIFY(p.waitForFinished(60'000));
        QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());
        QFile md(out.filePath(QStringLiteral("coverage.md")));
        QVERIFY(md.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(md.readAll());
        QVERIFY2(text.contains(QLatin1String("| TilePort commit | abc |")), qPrintable(text));
        QVERIFY2(text.contains(QLatin1String("| ops/softmax | 2 | 2 | 3 | - |")), qPrintable(text));
        QVERIFY2(text.contains(QLatin1String("| mixed | 2 | 1 | 0 | - |")), qPrintable(text));
        QVERIFY2(text.contains(QLatin1String("| ops/vector_add.py | vector_add | 2 | yes | yes | skipped | 2 - | - |")), qPrintable(text));
        QVERIFY2(text.contains(QLatin1String("- `tools/util.py`: no @ct.kernel function")), qPrintable(text));
        QVERIFY2(text.contains(QLatin1String("## FAIL_FIXABLE configs\n\nNone.")), qPrintable(text));
    }

    // DIR as a relative path: rows still name files relative to it.
    void cliRelativeDirectory()
    {
        const Run run = cli({QStringLiteral("ops"), QStringLiteral("--no-build")}, m_dir.path());
        QCOMPARE(run.code, 0);
        const QStringList lines = QString::fromUtf8(run.out).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 5);
        QVERIFY2(lines[1].startsWith(QLatin1String("softmax.py ")) && lines[1].contains(QLatin1String("softmax_row")), qPrintable(lines[1]));
        QVERIFY2(lines[3].startsWith(QLatin1String("vector_add.py ")) && lines[3].contains(QLatin1String(" yes ")), qPrintable(lines[3]));
    }

    void cliErrors()
    {
        QCOMPARE(cli({}).code, 2);
        QCOMPARE(cli({m_dir.path(), QStringLiteral("--jobs"), QStringLiteral("0")}).code, 2);
        QCOMPARE(cli({m_dir.path(), QStringLiteral("--bogus")}).code, 2);
        const Run missing = cli({m_dir.filePath(QStringLiteral("no-such-dir")), QStringLiteral("--no-build")});
        QCOMPARE(missing.code, 3);
        QVERIFY2(missing.err.contains(QLatin1String("not a directory")), qPrintable(missing.err));
    }
};

QTEST_GUILESS_MAIN(TestBatch)
#include "tst_batch.moc"
