// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// The IDE driving a real port of examples/cutile/vector_add.py through the
// CPU stages (A-C: the cuTile Python exporter, cargo and the IR harness, the
// structural differ), offscreen: badges, log, panes, linking, re-runs,
// editing the Rust, cancel, and the Problems list on a broken kernel.
#include "CodeEditor.h"
#include "DiffRowsModel.h"
#include "IrDiffDetails.h"
#include "IrDiffPane.h"
#include "OpCountModel.h"
#include "OpDeltaMatrixModel.h"
#include "HunkReviewDialog.h"
#include "HunkReviewModel.h"
#include "MainWindow.h"
#include "PipelineController.h"
#include "SassPane.h"
#include "SassRowsModel.h"
#include "ProblemsModel.h"
#include "StageListModel.h"

#include <QAction>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QListView>
#include <QPlainTextEdit>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QStandardItemModel>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBlock>

using namespace tileport::ui;

namespace {

QString verdictOf(MainWindow &w, int row)
{
    return w.stageModel()->index(row).data(StageListModel::VerdictRole).toString();
}

int lineContaining(CodeEditor *e, const QString &needle)
{
    for (QTextBlock b = e->document()->firstBlock(); b.isValid(); b = b.next())
        if (b.text().contains(needle))
            return b.blockNumber() + 1;
    return 0;
}

QString lineText(CodeEditor *e, int line)
{
    return e->document()->findBlockByNumber(line - 1).text();
}

} // namespace

class TestGuiPipeline : public QObject
{
    Q_OBJECT
private:
    QTemporaryDir m_dir;

    void openKernel(MainWindow &w, const QString &path)
    {
        // One session root per test: a root holds one session per file name and kernel.
        w.controller()->setSessionRoot(m_dir.filePath(QLatin1String(QTest::currentTestFunction())));
        QSignalSpy opened(&w, &MainWindow::sourceOpened);
        w.openSource(path);
        QVERIFY(opened.wait(5000));
    }

private Q_SLOTS:
    void portsVectorAddThroughCpuStages()
    {
        MainWindow w;
        w.show();
        openKernel(w, QStringLiteral(TILEPORT_SOURCE_DIR "/examples/cutile/vector_add.py"));
        QSignalSpy finished(&w, &MainWindow::pipelineFinished);
        QSignalSpy loaded(&w, &MainWindow::artifactsLoaded);
        QSignalSpy events(w.controller(), &PipelineController::eventReceived);
        QVERIFY(w.runPipeline({QLatin1Char('A'), QLatin1Char('B'), QLatin1Char('C')}));
        // The UI thread stays free: the stage shows as running while the job works.
        QTRY_COMPARE_WITH_TIMEOUT(w.stageModel()->index(0).data(StageListModel::StateRole).toString(), QStringLiteral("running"), 10000);
        QVERIFY(!w.action(QStringLiteral("runAction"))->isEnabled());
        QVERIFY(w.action(QStringLiteral("cancelAction"))->isEnabled());
        QVERIFY(finished.wait(600000));
        QVERIFY2(finished.last().at(0).toMap().value(QStringLiteral("ok")).toBool(),
                 qPrintable(finished.last().at(0).toMap().value(QStringLiteral("reason")).toString()));
        QVERIFY(events.size() > 6);

        // Badges, elapsed times and logs.
        QCOMPARE(verdictOf(w, 0), QStringLiteral("PASS"));
        QCOMPARE(verdictOf(w, 1), QStringLiteral("COMPILED"));
        const QString c = verdictOf(w, 2);
        QVERIFY2(c == QLatin1String("PASS") || c == QLatin1String("PASS_WITH_NOTES"), qPrintable(c));
        QVERIFY(verdictOf(w, 3).isEmpty());
        const QModelIndex b = w.stageModel()->index(1);
        QVERIFY(b.data(StageListModel::ElapsedMsRole).toLongLong() > 0);
        QCOMPARE(b.data(StageListModel::StateRole).toString(), QStringLiteral("done"));
        QCOMPARE(b.data(StageListModel::BadgeColorRole).value<QColor>(), StageListModel::badgeColor(QLatin1Char('B'), QStringLiteral("COMPILED")));
        QVERIFY(b.data(Qt::DisplayRole).toString().contains(QStringLiteral("COMPILED")));
        QVERIFY(b.data(StageListModel::LogRole).toStringList().join(QLatin1Char('\n')).contains(QStringLiteral("cargo build")));
        w.pipelinePanel()->setCurrentIndex(b);
        QVERIFY(w.stageLog()->toPlainText().contains(QStringLiteral("cargo build")));

        // Panes: the crate's Rust, both IR texts, the aligned diff with its summary.
        QTRY_VERIFY_WITH_TIMEOUT(w.artifacts().hasDiff, 30000);
        QVERIFY(w.rustPane()->toPlainText().contains(QStringLiteral("cutile::entry")));
        QVERIFY(w.irDiffPane()->reference()->toPlainText().isEmpty()); // filled when the Text tab shows
        w.irDiffPane()->showTextTab();
        QVERIFY(w.irDiffPane()->reference()->toPlainText().contains(QStringLiteral("cuda_tile.module")));
        QVERIFY(!w.irDiffPane()->generated()->toPlainText().isEmpty());
        QCOMPARE(w.configSelector()->count(), 3); // the kernel, then its two configs
        QCOMPARE(w.configSelector()->itemText(0), QStringLiteral("vector_add"));
        QCOMPARE(w.configSelector()->currentText(), QStringLiteral("vector_add.f32_t1024"));
        DiffRowsModel *rows = w.irDiffPane()->rowsModel();
        QVERIFY(rows->rowCount() > 5);
        QVERIFY(w.irDiffPane()->summary().contains(QStringLiteral("ops ref")));
        QVERIFY(w.irDiffPane()->opCounts()->rowCount() > 3);
        // The op-count deltas of both configs, from stage C's reports.
        QTRY_COMPARE_WITH_TIMEOUT(w.irDiffPane()->opDeltas()->rowCount(), 2, 30000);
        int matched = 0;
        for (int r = 0; r < rows->rowCount(); ++r)
            matched += rows->index(r, 0).data(DiffRowsModel::KindRole).toString() == QLatin1String("matched");
        QVERIFY(matched > 0);
        w.irDiffPane()->setHideMatching(true);
        QCOMPARE(w.irDiffPane()->visibleRows()->rowCount(), rows->rowCount() - matched);
        w.irDiffPane()->setHideMatching(false);

        // Linking: the first ct.load line reaches Rust lines and IR rows, and back.
        const int loadLine = lineContaining(w.sourcePane(), QStringLiteral("lhs = ct.load"));
        QVERIFY(loadLine > 0);
        w.linkFrom(MainWindow::Pane::Python, loadLine);
        const auto links = w.currentLinks();
        QVERIFY(!links.rust.isEmpty());
        QVERIFY(!links.irRows.isEmpty());
        QCOMPARE(w.rustPane()->linkedLines(), links.rust);
        QCOMPARE(w.sourcePane()->linkedLines(), QList<int>{loadLine});
        QVERIFY(rows->index(links.irRows.first(), 0).data(DiffRowsModel::LinkedRole).toBool());
        // Among the linked IR rows are the reference ops located on that line.
        bool located = false;
        for (int r : links.irRows)
            located = located || rows->index(r, 0).data(DiffRowsModel::LineRole).toInt() == loadLine;
        QVERIFY(located);
        bool rustLoads = false;
        for (int l : links.rust)
            rustLoads = rustLoads || lineText(w.rustPane(), l).contains(QStringLiteral("load"));
        QVERIFY2(rustLoads, qPrintable(lineText(w.rustPane(), links.rust.first())));
        w.linkFrom(MainWindow::Pane::Rust, links.rust.first());
        QVERIFY(w.currentLinks().python.contains(loadLine));
        w.linkFrom(MainWindow::Pane::IrDiff, links.irRows.first());
        QVERIFY(w.currentLinks().python.contains(loadLine));
        QVERIFY(!w.currentLinks().rust.isEmpty());
        // The walk shortcut steps through linked Python lines in order.
        w.nextLinkedSpan();
        const int first = w.sourcePane()->currentLine();
        QVERIFY(w.links().linkedPythonLines().contains(first));
        QAction *walk = w.action(QStringLiteral("nextLinkAction"));
        QCOMPARE(walk->shortcut(), QKeySequence(Qt::Key_F8));
        walk->trigger();
        QVERIFY(w.sourcePane()->currentLine() > first);

        // F7 walks the differences of the real diff: each selects its row in
        // both IR columns, shows it in the details, and links its Python and Rust lines.
        QAction *nextDifference = w.action(QStringLiteral("nextDifferenceAction"));
        QVERIFY(nextDifference);
        QCOMPARE(nextDifference->shortcut(), QKeySequence(Qt::Key_F7));
        nextDifference->trigger();
        const int diffRow = w.irDiffPane()->selectedRow();
        QVERIFY(diffRow >= 0);
        QVERIFY(rows->isDifference(diffRow));
        QVERIFY(!w.irDiffPane()->details()->reference()->toPlainText().isEmpty()
                || !w.irDiffPane()->details()->generated()->toPlainText().isEmpty());
        bool linkedSomewhere = false;
        for (int i = 0; i < rows->rowCount() && !linkedSomewhere; ++i) {
            const int r = w.irDiffPane()->selectedRow();
            if (!w.currentLinks().python.isEmpty()) {
                QCOMPARE(w.sourcePane()->linkedLines(), w.currentLinks().python);
                QCOMPARE(w.rustPane()->linkedLines(), w.currentLinks().rust);
                QVERIFY(w.currentLinks().irRows.contains(r) || w.links().fromIrRow(r).python == w.currentLinks().python);
                linkedSomewhere = true;
                break;
            }
            nextDifference->trigger();
        }
        QVERIFY2(linkedSomewhere, "no difference of the vector_add diff links to a Python line");

        // The machine-code tab: both sides compiled by tileiras in the
        // background, aligned, with their resources; F7 walks its differences.
        w.irDiffPane()->showMachineCodeTab();
        SassPane *sass = w.irDiffPane()->machineCode();
        QTRY_VERIFY_WITH_TIMEOUT(!sass->status().startsWith(QStringLiteral("Compiling")), 300000);
        if (sass->status().startsWith(QStringLiteral("BLOCKED"))) {
            qWarning("machine code not checked: %s", qPrintable(sass->status()));
        } else {
            QVERIFY2(sass->status().contains(QStringLiteral("SASS_")), qPrintable(sass->status()));
            QVERIFY(sass->rows()->rowCount() > 5);
            QCOMPARE(sass->rows()->index(0, 0).data(SassRowsModel::KindRole).toString(), QStringLiteral("function"));
            QCOMPARE(sass->resources()->rowCount(), 5);
            const int step = w.irDiffPane()->walk(DiffRowsModel::Walk::NextDifference);
            QVERIFY(step < 0 || sass->rows()->isDifference(step));
            // --lineinfo: a reference instruction from a line of the kernel file links,
            // through the Tile IR ops at that line, to that Python line.
            QVERIFY(sass->rows()->hasSourceLines());
            int located = -1;
            for (int i = 0; i < sass->rows()->rowCount() && located < 0; ++i) {
                const QString loc = sass->rows()->index(i, 0).data(SassRowsModel::LocRole).toString();
                if (loc.contains(QStringLiteral("vector_add.py:"))
                    && !w.irDiffPane()->rowsModel()->rowsAtSource(QStringLiteral("vector_add.py"), loc.section(QLatin1Char(':'), -1).toInt(), true).isEmpty())
                    located = i;
            }
            QVERIFY2(located >= 0, "no instruction of the reference comes from a line with Tile IR ops");
            const int line = sass->rows()->index(located, 0).data(SassRowsModel::LocRole).toString().section(QLatin1Char(':'), -1).toInt();
            sass->selectRow(located);
            QVERIFY2(w.currentLinks().python.contains(line), qPrintable(QString::number(line)));
            QVERIFY(!w.currentLinks().irRows.isEmpty());
        }

        // Another variant from the selector.
        loaded.clear();
        w.selectConfig(QStringLiteral("vector_add.f16_t512"));
        QVERIFY(loaded.wait(30000));
        QCOMPARE(w.artifacts().config, QStringLiteral("vector_add.f16_t512"));
        QVERIFY(w.artifacts().hasDiff);

        // Re-run one stage: a second attempt of C in the same run.
        const QString runDir = w.controller()->runDirectory();
        finished.clear();
        w.pipelinePanel()->setCurrentIndex(w.stageModel()->index(2));
        w.action(QStringLiteral("rerunAction"))->trigger();
        QVERIFY(finished.wait(120000));
        QVERIFY(QFile::exists(QDir(runDir).filePath(QStringLiteral("reports/stage_C.attempt2.json"))));
        QVERIFY(!verdictOf(w, 2).isEmpty());

        // Edit the Rust and re-run from C with the edit: B builds the edited crate as it is.
        const QString marker = QStringLiteral("// checked edit from the IDE test");
        w.rustPane()->appendPlainText(marker);
        finished.clear();
        QVERIFY(w.rerunWithRustEdit());
        QVERIFY(finished.wait(600000));
        QVERIFY2(finished.last().at(0).toMap().value(QStringLiteral("ok")).toBool(),
                 qPrintable(finished.last().at(0).toMap().value(QStringLiteral("reason")).toString()));
        QFile lib(QDir(runDir).filePath(QStringLiteral("generated/crate/src/lib.rs")));
        QVERIFY(lib.open(QIODevice::ReadOnly));
        QVERIFY(QString::fromUtf8(lib.readAll()).contains(marker));
        QVERIFY(w.stageModel()->index(1).data(StageListModel::LogRole).toStringList().join(QLatin1Char('\n')).contains(
            QStringLiteral("edited crate")));
        QCOMPARE(verdictOf(w, 1), QStringLiteral("COMPILED"));
        QVERIFY(!verdictOf(w, 2).isEmpty());
        QVERIFY(QFile::exists(QDir(runDir).filePath(QStringLiteral("reports/stage_C.attempt3.json"))));

        // A plain re-run of B translates over the edit and offers the hunks for review.
        QSignalSpy regenerated(w.controller(), &PipelineController::regeneratedOverEdit);
        QSignalSpy review(&w, &MainWindow::hunkReviewRequested);
        finished.clear();
        QVERIFY(w.rerunStage(QLatin1Char('B')));
        QVERIFY(finished.wait(600000));
        QCOMPARE(regenerated.size(), 1);
        QVERIFY(regenerated.at(0).at(1).toString().contains(marker));
        QVERIFY(!regenerated.at(0).at(2).toString().contains(marker));
        QCOMPARE(review.size(), 1);
        QCOMPARE(review.at(0).at(0).toString(), QDir(runDir).filePath(QStringLiteral("generated/crate/src/lib.rs")));
        // The review dialog opens; rejecting every hunk keeps the edit, in
        // the file and in the Rust pane.
        auto *dialog = w.findChild<tileport::HunkReviewDialog *>(QStringLiteral("regenerationReview"));
        QVERIFY(dialog);
        QVERIFY(dialog->model()->rowCount() > 0);
        QSignalSpy reviewed(&w, &MainWindow::regenerationReviewed);
        dialog->model()->setAllAccepted(false);
        dialog->accept();
        QTRY_COMPARE_WITH_TIMEOUT(reviewed.size(), 1, 5000);
        QVERIFY(reviewed.at(0).at(1).toString().contains(marker));
        QFile kept(QDir(runDir).filePath(QStringLiteral("generated/crate/src/lib.rs")));
        QVERIFY(kept.open(QIODevice::ReadOnly));
        QVERIFY(QString::fromUtf8(kept.readAll()).contains(marker));
        QVERIFY(w.rustPane()->toPlainText().contains(marker));

        // The session opens again in a fresh window with the same badges.
        MainWindow again;
        QVERIFY(again.openSession(w.controller()->sessionDirectory()));
        QCOMPARE(verdictOf(again, 1), QStringLiteral("COMPILED"));
        QTRY_VERIFY_WITH_TIMEOUT(again.artifacts().hasDiff, 30000);
        QCOMPARE(again.artifacts().runDirectory, runDir);
    }

    void cancelStopsTheRun()
    {
        MainWindow w;
        openKernel(w, QStringLiteral(TILEPORT_SOURCE_DIR "/examples/cutile/saxpy.py"));
        QSignalSpy finished(&w, &MainWindow::pipelineFinished);
        QVERIFY(w.runPipeline({QLatin1Char('A'), QLatin1Char('B'), QLatin1Char('C')}));
        QTRY_COMPARE_WITH_TIMEOUT(w.stageModel()->index(0).data(StageListModel::StateRole).toString(), QStringLiteral("running"), 10000);
        QVERIFY(w.action(QStringLiteral("cancelAction"))->isEnabled());
        w.action(QStringLiteral("cancelAction"))->trigger();
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 5000);
        QVERIFY(finished.last().at(0).toMap().value(QStringLiteral("cancelled")).toBool());
        QVERIFY(!w.stageModel()->anyRunning());
        QVERIFY(w.action(QStringLiteral("runAction"))->isEnabled());
    }

    void problemsJumpToTheirLocation()
    {
        // A real kernel with a syntax error on a known line: stage A names file:line:col.
        const QString dir = m_dir.filePath(QStringLiteral("broken"));
        QVERIFY(QDir().mkpath(dir));
        QFile src(QStringLiteral(TILEPORT_SOURCE_DIR "/examples/cutile/vector_add.py"));
        QVERIFY(src.open(QIODevice::ReadOnly));
        QString text = QString::fromUtf8(src.readAll());
        text.replace(QStringLiteral("    pid = ct.bid(0)\n"), QStringLiteral("    pid = ct.bid(0\n"));
        QFile out(dir + QStringLiteral("/vector_add.py"));
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(text.toUtf8());
        out.close();
        QVERIFY(QFile::copy(QStringLiteral(TILEPORT_SOURCE_DIR "/examples/cutile/vector_add.tileport.json"),
                            dir + QStringLiteral("/vector_add.tileport.json")));

        MainWindow w;
        openKernel(w, dir + QStringLiteral("/vector_add.py"));
        QSignalSpy finished(&w, &MainWindow::pipelineFinished);
        QVERIFY(w.runPipeline({QLatin1Char('A')}));
        QVERIFY(finished.wait(120000));
        QCOMPARE(verdictOf(w, 0), QStringLiteral("FAIL_FIXABLE"));
        ProblemsModel *problems = w.problemsModel();
        QVERIFY(problems->rowCount() >= 1);
        const QModelIndex p = problems->index(0);
        QCOMPARE(p.data(ProblemsModel::SeverityRole).toString(), QStringLiteral("error"));
        QVERIFY(p.data(ProblemsModel::FileRole).toString().endsWith(QStringLiteral("broken/vector_add.py")));
        const int line = p.data(ProblemsModel::LineRole).toInt();
        QVERIFY(line >= 8 && line <= 9);
        QVERIFY(p.data(ProblemsModel::ColumnRole).toInt() >= 1);
        w.problemsView()->setCurrentIndex(p);
        Q_EMIT w.problemsView()->activated(p);
        QCOMPARE(w.sourcePane()->currentLine(), line);
    }
};

QTEST_MAIN(TestGuiPipeline)
#include "tst_gui_pipeline.moc"
