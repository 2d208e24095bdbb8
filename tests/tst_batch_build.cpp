// SPDX-License-Identifier: MIT
// `tileport batch` with the real toolchains: each translated kernel's crate
// built with `cargo build --offline` in the shared target dir, its IR harness
// run for the kernel's first sidecar config and the result diffed against the
// cuTile Python reference of that config.
#include "support/BatchTree.h"

#include "BatchReport.h"
#include "BatchRunner.h"

#include <QTemporaryDir>
#include <QTest>

using namespace tileport;

namespace {

const BatchRow *find(const QList<BatchRow> &rows, const QString &file, const QString &kernel)
{
    for (const BatchRow &r : rows)
        if (r.file == file && r.kernel == kernel)
            return &r;
    return nullptr;
}

} // namespace

class TestBatchBuild : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void buildsAndDiffs()
    {
        const Toolchains tools = Toolchains::fromEnvironment();
        QVERIFY2(!tools.cargo.isEmpty(), "no cargo; run ./scripts/setup");
        QVERIFY2(!tools.python.isEmpty(), "no Python with cuda-tile; run ./scripts/setup");
        QTemporaryDir dir, work;
        QVERIFY(dir.isValid() && work.isValid());
        QVERIFY(testing::makeBatchTree(dir.path()));
        // Two kernels to build keep the test short; softmax is the fast test's.
        QVERIFY(QFile::remove(dir.filePath(QStringLiteral("ops/softmax.py"))));

        BatchRunner runner({dir.path(), 2, true, work.path(), 900'000}, tools);
        QCOMPARE(runner.runToCompletion(), QString());
        const QList<BatchRow> &rows = runner.rows();
        QCOMPARE(rows.size(), 6);

        // Built, reference exported, harness run, diffed: the verdict of
        // tests/tst_rust_examples for the same config.
        const BatchRow *add = find(rows, QStringLiteral("ops/vector_add.py"), QStringLiteral("vector_add"));
        QVERIFY(add);
        QCOMPARE(add->built, BatchRow::Step::Yes);
        QCOMPARE(add->config, QStringLiteral("f32_t1024"));
        QVERIFY2(add->irVerdict == QLatin1String("PASS") || add->irVerdict == QLatin1String("PASS_WITH_NOTES"),
                 qPrintable(add->irVerdict + QStringLiteral(": ") + add->reason()));
        const QDir addWork(work.filePath(QStringLiteral("ops/vector_add/vector_add")));
        QVERIFY(QFile::exists(addWork.filePath(QStringLiteral("crate/Cargo.toml"))));
        QVERIFY(QFile::exists(addWork.filePath(QStringLiteral("reference.f32_t1024.tileirbc"))));
        QVERIFY(QFile::exists(addWork.filePath(QStringLiteral("diff.json"))));

        // Built, but with no sidecar there is nothing to compare against.
        const BatchRow *copy = find(rows, QStringLiteral("mixed.py"), QStringLiteral("copy_tile"));
        QVERIFY(copy);
        QCOMPARE(copy->built, BatchRow::Step::Yes);
        QCOMPARE(copy->irVerdict, QStringLiteral("-"));
        QCOMPARE(copy->irReason, QStringLiteral("no config"));

        // The refused kernel of the same file is not built.
        const BatchRow *refused = find(rows, QStringLiteral("mixed.py"), QStringLiteral("checked_copy"));
        QVERIFY(refused);
        QCOMPARE(refused->built, BatchRow::Step::NotRun);

        const BatchReport::Counts c = BatchReport::count(rows, runner.fileCount());
        QCOMPARE(c.built, 2);
        QCOMPARE(c.buildFailed, 0);
    }
};

QTEST_GUILESS_MAIN(TestBatchBuild)
#include "tst_batch_build.moc"
