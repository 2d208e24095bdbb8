// SPDX-License-Identifier: MIT
// `tileport batch --no-build` on a real directory (tests/support/BatchTree.h):
// the rows BatchRunner yields per kernel, their order, refused and malformed
// files, the JSON document, and the CLI's table and exit codes.
#include "support/BatchTree.h"

#include "BatchReport.h"
#include "BatchRunner.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QElapsedTimer>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

using namespace tileport;

namespace {

struct Run {
    int code = -1;
    QByteArray out;
    QString err;
};

Run cli(const QStringList &args, const QString &workingDirectory = {})
{
    QProcess p;
    p.setWorkingDirectory(workingDirectory);
    p.start(QStringLiteral(TILEPORT_CLI), QStringList{QStringLiteral("batch")} + args);
    if (!p.waitForFinished(120'000))
        p.kill();
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput(),
            QString::fromUtf8(p.readAllStandardError())};
}

const BatchRow *find(const QList<BatchRow> &rows, const QString &file, const QString &kernel)
{
    for (const BatchRow &r : rows)
        if (r.file == file && r.kernel == kernel)
            return &r;
    return nullptr;
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
        QStringList keys;
        for (const BatchRow &r : rows)
            keys << r.file + QLatin1Char(':') + r.kernel;
        QCOMPARE(keys, QStringList({QStringLiteral("broken.py:broken"), QStringLiteral("garbage.py:-"),
                                    QStringLiteral("mixed.py:checked_copy"), QStringLiteral("mixed.py:copy_tile"),
                                    QStringLiteral("ops/softmax.py:softmax_row"), QStringLiteral("ops/softmax.py:softmax_chunked"),
                                    QStringLiteral("ops/vector_add.py:vector_add"), QStringLiteral("tools/util.py:-")}));
        QCOMPARE(total, 8);
        QCOMPARE(counters, QList<int>({1, 2, 3, 4, 5, 6, 7, 8}));
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
        QCOMPARE(copy->reason(), QString());
        for (const QString &k : {QStringLiteral("softmax_row"), QStringLiteral("softmax_chunked")})
            QCOMPARE(find(rows, QStringLiteral("ops/softmax.py"), k)->translated, BatchRow::Step::Yes);
        QCOMPARE(find(rows, QStringLiteral("ops/vector_add.py"), QStringLiteral("vector_add"))->translated, BatchRow::Step::Yes);

        const BatchRow *plain = find(rows, QStringLiteral("tools/util.py"), QStringLiteral("-"));
        QCOMPARE(plain->analyzed, BatchRow::Step::Yes);
        QCOMPARE(plain->translated, BatchRow::Step::NotRun);
        QCOMPARE(plain->reason(), QStringLiteral("no @ct.kernel function"));

        const BatchReport::Counts c = BatchReport::count(rows, runner.fileCount());
        QCOMPARE(c.kernels, 6);
        QCOMPARE(c.analyzed, 5);
        QCOMPARE(c.translated, 4);
        QCOMPARE(c.built, 0);
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
        QCOMPARE(lines.size(), 10); // header, 8 rows, summary
        QVERIFY(lines[0].startsWith(QLatin1String("file")));
        QVERIFY2(lines[3].contains(QLatin1String("checked_copy")) && lines[3].contains(QLatin1String("no (mixed.py:7:9)")),
                 qPrintable(lines[3]));
        QVERIFY2(lines[4].contains(QLatin1String("copy_tile")) && lines[4].contains(QLatin1String("skipped")), qPrintable(lines[4]));
        QCOMPARE(lines.last().section(QLatin1String("; "), 0, 1),
                 QStringLiteral("6 files, 6 kernels: 5 analyzed, 4 translated, 0 built (0 failed to build); IR: 0 PASS, 0 PASS_WITH_NOTES, 0 FAIL_FIXABLE"));
        // Progress: one line per finished row, with its counter.
        QCOMPARE(table.err.count(QLatin1String("/8] ")), 8);
        QVERIFY(table.err.contains(QLatin1String("[8/8] ")));

        const Run json = cli({m_dir.path(), QStringLiteral("--no-build"), QStringLiteral("--json")});
        QCOMPARE(json.code, 0);
        const QJsonObject doc = QJsonDocument::fromJson(json.out).object();
        QCOMPARE(doc.value(QStringLiteral("schema")).toString(), QStringLiteral("tileport-batch/1"));
        const QJsonArray rows = doc.value(QStringLiteral("rows")).toArray();
        QCOMPARE(rows.size(), 8);
        const QJsonObject mixed = rows[2].toObject();
        QCOMPARE(mixed.value(QStringLiteral("kernel")).toString(), QStringLiteral("checked_copy"));
        QCOMPARE(mixed.value(QStringLiteral("translated")).toString(), QStringLiteral("no"));
        QCOMPARE(mixed.value(QStringLiteral("translate_at")).toString(), QStringLiteral("mixed.py:7:9"));
        QCOMPARE(mixed.value(QStringLiteral("builds")).toString(), QStringLiteral("skipped"));
        QCOMPARE(doc.value(QStringLiteral("summary")).toObject().value(QStringLiteral("translated")).toInt(), 4);
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
        QCOMPARE(cli({}).code, 3);
        QCOMPARE(cli({m_dir.path(), QStringLiteral("--jobs"), QStringLiteral("0")}).code, 3);
        QCOMPARE(cli({m_dir.path(), QStringLiteral("--bogus")}).code, 3);
        const Run missing = cli({m_dir.filePath(QStringLiteral("no-such-dir")), QStringLiteral("--no-build")});
        QCOMPARE(missing.code, 3);
        QVERIFY2(missing.err.contains(QLatin1String("not a directory")), qPrintable(missing.err));
    }
};

QTEST_GUILESS_MAIN(TestBatch)
#include "tst_batch.moc"
