// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// "Compare two runs" on a real session: examples/cutile/vector_add.py ported
// through stages A-C twice by the CLI (the second time with c = a * b, so
// the generated IR differs), opened in the IDE and compared offscreen:
// verdicts side by side, stage E ratios side by side (the recorded H200
// report of tests/fixtures/bench as run 1's, run 2's 10% faster), and the
// IR diff of the two runs' generated Tile IR.
#include "DiffRowsModel.h"
#include "IrDiffPane.h"
#include "MainWindow.h"
#include "RunCompareDialog.h"
#include "RunComparison.h"
#include "RunComparisonModel.h"
#include "Session.h"
#include "support/TestFiles.h"

#include <QAction>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace tileport;
using namespace tileport::ui;

namespace {

using testing::readBytes;

bool writeFile(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

QString port(const QString &kernel, const QString &session)
{
    QProcess p;
    p.start(QStringLiteral(TILEPORT_CLI), {QStringLiteral("port"), kernel, QStringLiteral("--stages"), QStringLiteral("A-C"),
                                           QStringLiteral("--session"), session});
    if (!p.waitForFinished(1200'000))
        p.kill();
    return p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0
               ? QString()
               : QStringLiteral("exit %1: %2").arg(p.exitCode()).arg(QString::fromUtf8(p.readAllStandardError()));
}

// A stage E report whose rows are the fixture's, with rust_ms scaled.
QByteArray stageE(double rustScale)
{
    const QJsonObject raw = QJsonDocument::fromJson(readBytes(QStringLiteral(TILEPORT_SOURCE_DIR "/tests/fixtures/bench/softmax.bench.json"))).object();
    QJsonArray rows;
    for (const QJsonValue &v : raw.value(QStringLiteral("configs")).toArray()) {
        QJsonObject o = v.toObject();
        o[QStringLiteral("rust_ms")] = o.value(QStringLiteral("rust_ms")).toDouble() * rustScale;
        o[QStringLiteral("ratio")] = o.value(QStringLiteral("rust_ms")).toDouble() / o.value(QStringLiteral("ref_ms")).toDouble();
        rows << o;
    }
    return QJsonDocument(QJsonObject{{QStringLiteral("stage"), QStringLiteral("E")},
                                     {QStringLiteral("evidence"), QJsonObject{{QStringLiteral("results"), rows}}}})
        .toJson();
}

} // namespace

class TestGuiCompare : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void comparesTwoRunsOfASession()
    {
        QTemporaryDir dir;
        const QString kernel = testing::copyExample(QStringLiteral("vector_add"), dir.path(), QStringLiteral("vector_add"));
        const QString session = dir.filePath(QStringLiteral("session"));
        QVERIFY(!kernel.isEmpty());
        QString error = port(kernel, session);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        // Run 2: the kernel multiplies instead of adding.
        QByteArray text = readBytes(kernel);
        QVERIFY(text.contains("tile=lhs + rhs"));
        QVERIFY(QFile::remove(kernel));
        QVERIFY(writeFile(kernel, text.replace("tile=lhs + rhs", "tile=lhs * rhs")));
        error = port(kernel, session);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        const auto s = Session::open(session, &error);
        QVERIFY2(s, qPrintable(error));
        QCOMPARE(s->runs().size(), 2);
        QVERIFY(writeFile(QDir(s->runDirectory(1)).filePath(QStringLiteral("reports/stage_E.json")), stageE(1.0)));
        QVERIFY(writeFile(QDir(s->runDirectory(2)).filePath(QStringLiteral("reports/stage_E.json")), stageE(0.9)));

        MainWindow w;
        w.show();
        QVERIFY(w.openSession(session));
        QVERIFY(w.action(QStringLiteral("compareRunsAction"))->isEnabled());
        RunCompareDialog *dialog = w.compareRuns();
        QVERIFY(dialog);
        QSignalSpy loaded(dialog, &RunCompareDialog::comparisonLoaded);
        QVERIFY(loaded.wait(60000));
        RunComparisonModel *m = dialog->model();
        QCOMPARE(m->comparison().runA, 1);
        QCOMPARE(m->comparison().runB, 2);
        QVERIFY2(m->comparison().error.isEmpty(), qPrintable(m->comparison().error));

        // Verdicts side by side, as the session recorded them.
        for (QChar stage : {QLatin1Char('A'), QLatin1Char('B'), QLatin1Char('C'), QLatin1Char('D')}) {
            const int row = m->rowOf(QString(stage));
            QVERIFY(row >= 0);
            const StageRecord *a = s->latest(1, stage), *b = s->latest(2, stage);
            QCOMPARE(m->index(row, 1).data(RunComparisonModel::ValueARole).toString(), a ? a->verdict : QString());
            QCOMPARE(m->index(row, 2).data(RunComparisonModel::ValueBRole).toString(), b ? b->verdict : QString());
            QCOMPARE(m->index(row, 1).data().toString(), a ? a->verdict : QString());
        }
        QCOMPARE(m->index(m->rowOf(QStringLiteral("B")), 1).data().toString(), QStringLiteral("COMPILED"));
        QCOMPARE(m->index(m->rowOf(QStringLiteral("B")), 2).data().toString(), QStringLiteral("COMPILED"));
        QVERIFY(m->index(m->rowOf(QStringLiteral("D")), 1).data().toString().isEmpty()); // not run (CPU stages only)

        // Benchmark ratios side by side, paired by config, with B/A.
        const QJsonArray fixture = QJsonDocument::fromJson(readBytes(QStringLiteral(TILEPORT_SOURCE_DIR "/tests/fixtures/bench/softmax.bench.json")))
                                       .object()
                                       .value(QStringLiteral("configs"))
                                       .toArray();
        QCOMPARE(m->comparison().benchmarks.size(), fixture.size());
        int benchRows = 0;
        for (int r = 0; r < m->rowCount(); ++r) {
            if (m->index(r, 0).data(RunComparisonModel::KindRole).toString() != QLatin1String("benchmark"))
                continue;
            ++benchRows;
            const double a = m->index(r, 1).data(RunComparisonModel::ValueARole).toDouble();
            const double b = m->index(r, 2).data(RunComparisonModel::ValueBRole).toDouble();
            QVERIFY(a > 0);
            QVERIFY(qAbs(b / a - 0.9) < 1e-9);
            QVERIFY(qAbs(m->index(r, 3).data(RunComparisonModel::FactorRole).toDouble() - 0.9) < 1e-9);
            QCOMPARE(m->index(r, 3).data().toString(), QStringLiteral("×0.900"));
        }
        QCOMPARE(benchRows, int(fixture.size()));
        const int geo = m->rowOf(QStringLiteral("geomean rust/ref"));
        QVERIFY(geo >= 0);
        QVERIFY(qAbs(m->index(geo, 3).data(RunComparisonModel::FactorRole).toDouble() - 0.9) < 1e-6);

        // The IR diff of the generated IR: run 1's addf against run 2's mulf.
        QCOMPARE(dialog->configs()->count(), 2);
        QCOMPARE(m->comparison().config, dialog->configs()->currentText());
        QVERIFY(m->comparison().hasDiff);
        const AlignedDiff &d = m->comparison().diff;
        QVERIFY2(d.error.isEmpty(), qPrintable(d.error));
        QVERIFY(d.refPath.endsWith(QStringLiteral("runs/001/generated/%1.tileirbc").arg(m->comparison().config)));
        QVERIFY(d.genPath.endsWith(QStringLiteral("runs/002/generated/%1.tileirbc").arg(m->comparison().config)));
        DiffRowsModel *rows = dialog->irDiff()->rowsModel();
        QCOMPARE(rows->rowCount(), int(d.rows.size()));
        bool addf = false, mulf = false;
        int differing = 0, matched = 0;
        for (int r = 0; r < rows->rowCount(); ++r) {
            const QString kind = rows->index(r, 0).data(DiffRowsModel::KindRole).toString();
            matched += kind == QLatin1String("matched");
            if (kind == QLatin1String("matched") || kind == QLatin1String("function"))
                continue;
            ++differing;
            addf = addf || rows->index(r, 0).data().toString().contains(QStringLiteral("addf"));
            mulf = mulf || rows->index(r, 1).data().toString().contains(QStringLiteral("mulf"));
        }
        QVERIFY(matched > 3);
        QVERIFY(differing >= 1);
        QVERIFY(addf);
        QVERIFY(mulf);
        QVERIFY(dialog->irDiff()->summary().contains(QStringLiteral("ops ref")));

        // The other config, then the runs swapped.
        loaded.clear();
        dialog->configs()->setCurrentIndex(1 - dialog->configs()->currentIndex());
        QVERIFY(loaded.wait(60000));
        QCOMPARE(m->comparison().config, dialog->configs()->currentText());
        QVERIFY(m->comparison().hasDiff);
        loaded.clear();
        dialog->compare(2, 1);
        QVERIFY(loaded.wait(60000));
        QCOMPARE(dialog->runA()->currentData().toInt(), 2);
        QCOMPARE(m->headerData(1, Qt::Horizontal, Qt::DisplayRole).toString(), QStringLiteral("run 2"));
        bool mulfOnTheLeft = false;
        for (int r = 0; r < rows->rowCount(); ++r)
            mulfOnTheLeft = mulfOnTheLeft || rows->index(r, 0).data().toString().contains(QStringLiteral("mulf"));
        QVERIFY(mulfOnTheLeft);

        // A run the session does not have is a diagnostic.
        const RunComparison missing = RunComparison::load(session, 1, 7);
        QCOMPARE(missing.error, QStringLiteral("%1: the session has no run 7").arg(session));
    }
};

QTEST_MAIN(TestGuiCompare)
#include "tst_gui_compare.moc"
