// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// The IDE's repair path on a real session: vector_add ported through A-C,
// its kernel broken by an edit, then stage C's agent asked through a
// loopback model server (OpenAI protocol). The answer streams into the
// Repair pane, the gate's badges move, the validated patch opens the hunk
// review, a rejected hunk is left out and the validators run again.
#include "CodeEditor.h"
#include "HunkReviewDialog.h"
#include "HunkReviewModel.h"
#include "LoopbackModelServer.h"
#include "MainWindow.h"
#include "PipelineController.h"
#include "RepairController.h"
#include "RepairOutcome.h"
#include "RepairPane.h"
#include "StageListModel.h"
#include "support/TestFiles.h"

#include <QAction>
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QListView>
#include <QPlainTextEdit>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace tileport;
using namespace tileport::ui;
using tileport::testing::readText;

namespace {

QString verdictOf(MainWindow &w, int row)
{
    return w.stageModel()->index(row).data(StageListModel::VerdictRole).toString();
}

const QString kGood = QStringLiteral("        let t0_: Tile<E, { [TILE] }> = lhs + rhs;");
const QString kBad = QStringLiteral("        let t0_: Tile<E, { [TILE] }> = lhs +* rhs;");

} // namespace

class TestGuiRepair : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void repairsFromTheIde()
    {
        QTemporaryDir tmp;
        const QString kernel = testing::copyExample(QStringLiteral("vector_add"), tmp.path(), QStringLiteral("repair_gui_probe"));
        QVERIFY(!kernel.isEmpty());
        qputenv("TILEPORT_API_KEY", "gui-test-key-0123");

        MainWindow w;
        w.show();
        w.controller()->setSessionRoot(tmp.filePath(QStringLiteral("sessions")));
        QSignalSpy opened(&w, &MainWindow::sourceOpened);
        w.openSource(kernel);
        QVERIFY(opened.wait(5000));
        QSignalSpy finished(&w, &MainWindow::pipelineFinished);
        QVERIFY(w.runPipeline({QLatin1Char('A'), QLatin1Char('B'), QLatin1Char('C')}));
        QVERIFY(finished.wait(900000));
        if (verdictOf(w, 0) == QLatin1String("BLOCKED") || verdictOf(w, 1) == QLatin1String("BLOCKED"))
            QSKIP("the toolchains are not set up (stage A or B is BLOCKED); run scripts/setup");
        QCOMPARE(verdictOf(w, 1), QStringLiteral("COMPILED"));
        QTRY_VERIFY_WITH_TIMEOUT(w.rustPane()->toPlainText().contains(kGood), 30000);

        // Break the kernel through the Rust pane: stage B fails on the edit.
        const QString lib = w.controller()->rustFile();
        const QString original = readText(lib);
        w.rustPane()->setPlainText(QString(original).replace(kGood, kBad));
        QVERIFY(w.rerunWithRustEdit());
        QVERIFY(finished.wait(900000));
        QVERIFY2(verdictOf(w, 1) != QLatin1String("COMPILED"), qPrintable(verdictOf(w, 1)));
        // Without a model the stage says what an agent could take on.
        const QStringList repairable = w.stageModel()->index(1).data(StageListModel::RepairableRole).toStringList();
        QVERIFY2(!repairable.isEmpty() && repairable.first().startsWith(QStringLiteral("B: cargo build")), qPrintable(repairable.join(QLatin1Char('|'))));
        QVERIFY(w.stageModel()->index(1).data(StageListModel::LogRole).toStringList().join(QLatin1Char('\n')).contains(QStringLiteral("could take on")));

        // Without a model endpoint the IDE says what is missing.
        w.pipelinePanel()->setCurrentIndex(w.stageModel()->index(2));
        QVERIFY(!w.requestRepair(QLatin1Char('C')));
        QVERIFY2(w.repairPane()->statusLabel()->text().contains(QStringLiteral("Settings")), qPrintable(w.repairPane()->statusLabel()->text()));

        LoopbackModelServer server;
        QVERIFY(server.start());
        IdeSettings s;
        s.modelEndpoint = server.baseUrl();
        s.modelApi = QStringLiteral("openai");
        s.modelName = QStringLiteral("test-model");
        w.applySettings(s);
        QVERIFY(w.action(QStringLiteral("repairAction"))->isEnabled());

        // A stalled answer is cancelled from the toolbar's Cancel.
        QSignalSpy repaired(&w, &MainWindow::repairFinished);
        LoopbackModelServer::Reply stalled = LoopbackModelServer::answer(QStringLiteral("thinking about it"));
        stalled.stallAfter = 1;
        server.enqueue(stalled);
        QVERIFY(w.requestRepair(QLatin1Char('C')));
        QTRY_VERIFY_WITH_TIMEOUT(w.repairPane()->transcript()->toPlainText().contains(QStringLiteral("thinking")), 60000);
        QVERIFY(!w.action(QStringLiteral("runAction"))->isEnabled());
        w.cancelPipeline(); // the job is dropped at once and winds down in the background
        QTRY_COMPARE_WITH_TIMEOUT(repaired.size(), 1, 30000);
        QCOMPARE(repaired.last().at(0).value<llm::RepairOutcome>().kind, llm::RepairOutcome::Kind::Error);
        QVERIFY(w.repairPane()->statusLabel()->text().contains(QStringLiteral("cancelled")));
        QCOMPARE(readText(lib), QString(original).replace(kGood, kBad));

        // The answer: two hunks, the fix and an unrelated comment at the top.
        const QStringList lines = readText(lib).split(QLatin1Char('\n'));
        const int at = int(lines.indexOf(kBad));
        QVERIFY(at > 3);
        const QString rel = QDir(w.controller()->sessionDirectory()).relativeFilePath(lib);
        const QString diff = QStringLiteral("The operator is garbled.\n```diff\n--- a/%1\n+++ b/%1\n"
                                            "@@ -1,2 +1,3 @@\n+// reviewed by the repair agent\n %2\n %3\n"
                                            "@@ -%4,3 +%5,3 @@\n %6\n-%7\n+%8\n %9\n```\n")
                                 .arg(rel, lines[0], lines[1])
                                 .arg(at)
                                 .arg(at + 1)
                                 .arg(lines[at - 1], kBad, kGood, lines[at + 1]);
        server.enqueue(LoopbackModelServer::answer(diff, 5));
        const qsizetype asked = server.requests().size();
        QVERIFY(w.requestRepair(QLatin1Char('C')));
        // Tokens stream into the pane before the gate has finished.
        QTRY_VERIFY_WITH_TIMEOUT(w.repairPane()->transcript()->toPlainText().contains(QStringLiteral("The operator is garbled.")), 60000);
        QVERIFY(server.requests().size() > asked);
        QVERIFY(server.requests().last().body.contains("lhs +* rhs")); // the prompt carried the edited kernel
        QCOMPARE(server.requests().last().headers.value("authorization"), QByteArray("Bearer gui-test-key-0123"));

        // The gate rebuilt the patched crate: B's badge is COMPILED again, and the review opens.
        HunkReviewDialog *dialog = nullptr;
        QTRY_VERIFY_WITH_TIMEOUT((dialog = w.findChild<HunkReviewDialog *>(QStringLiteral("repairReview"))) != nullptr, 900000);
        QCOMPARE(verdictOf(w, 1), QStringLiteral("COMPILED"));
        QVERIFY(verdictOf(w, 2).startsWith(QStringLiteral("PASS")));
        HunkReviewModel *model = dialog->model();
        QCOMPARE(model->rowCount(), 2);
        QVERIFY(model->index(0).data(HunkReviewModel::BodyRole).toString().contains(QStringLiteral("reviewed by the repair agent")));
        QVERIFY(model->index(1).data(HunkReviewModel::BodyRole).toString().contains(QStringLiteral("+") + kGood));
        // Reject the comment, keep the fix.
        QVERIFY(model->setData(model->index(0), Qt::Unchecked, Qt::CheckStateRole));
        dialog->accept();
        QTRY_COMPARE_WITH_TIMEOUT(repaired.size(), 2, 900000);
        const auto outcome = repaired.last().at(0).value<llm::RepairOutcome>();
        QVERIFY2(outcome.kind == llm::RepairOutcome::Kind::Validated, qPrintable(outcome.reason));
        QVERIFY2(outcome.reason.contains(QStringLiteral("1 of 2")), qPrintable(outcome.reason));
        QCOMPARE(readText(lib), original); // the fix, without the rejected comment
        QTRY_VERIFY_WITH_TIMEOUT(w.rustPane()->toPlainText().contains(kGood), 30000);
        QVERIFY(verdictOf(w, 2).startsWith(QStringLiteral("PASS")));

        // The session records the attempt and the review.
        const QDir reports(QDir(w.controller()->runDirectory()).filePath(QStringLiteral("reports")));
        const QStringList records = reports.entryList({QStringLiteral("repair_C.attempt*.json")}, QDir::Files, QDir::Name);
        QVERIFY2(!records.isEmpty(), qPrintable(reports.path()));
        const QJsonObject rec = QJsonDocument::fromJson(readText(reports.filePath(records.last())).toUtf8()).object();
        QCOMPARE(rec.value(QStringLiteral("verdict")).toString(), QStringLiteral("VALIDATED"));
        const QJsonObject review = rec.value(QStringLiteral("review")).toObject();
        QCOMPARE(review.value(QStringLiteral("accepted_hunks")).toInt(), 1);
        QCOMPARE(review.value(QStringLiteral("rejected_hunks")).toInt(), 1);
        QCOMPARE(review.value(QStringLiteral("verdict")).toString(), QStringLiteral("VALIDATED"));
        const QString reviewed = readText(reports.filePath(review.value(QStringLiteral("patch")).toString()));
        QVERIFY(reviewed.contains(QStringLiteral("+") + kGood));
        QVERIFY(!reviewed.contains(QStringLiteral("reviewed by the repair agent")));
        for (const QString &f : reports.entryList(QDir::Files))
            QVERIFY2(!readText(reports.filePath(f)).contains(QStringLiteral("gui-test-key-0123")), qPrintable(f));
    }
};

QTEST_MAIN(TestGuiRepair)
#include "tst_gui_repair.moc"
