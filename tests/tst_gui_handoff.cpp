// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// The IDE's hand-off jobs on a real session (made by the CLI): the wheel is
// built in the background while the window stays responsive.
#include "support/TestFiles.h"

#include "HandoffController.h"
#include "HunkReviewDialog.h"
#include "HunkReviewModel.h"
#include "MainWindow.h"
#include "PipelineController.h"

#include <QAction>
#include <QProcess>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>

using namespace tileport::ui;
using tileport::HunkReviewDialog;

class TestGuiHandoff : public QObject
{
    Q_OBJECT
    QTemporaryDir m_tmp;
    QString m_session, m_fixtureSession;
    const QString kFixture = QStringLiteral(TILEPORT_SOURCE_DIR "/tests/fixtures/tilegym_shaped");

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_tmp.isValid());
        const QString kernel = tileport::testing::copyExample(QStringLiteral("saxpy"), m_tmp.path(), QStringLiteral("gui_wheel_saxpy"));
        QVERIFY(!kernel.isEmpty());
        m_session = m_tmp.filePath(QStringLiteral("session"));
        // Stages A-D: D builds the host bundle, then finds no GPU on a CPU machine.
        QProcess port;
        port.start(QStringLiteral(TILEPORT_CLI), {QStringLiteral("port"), kernel, QStringLiteral("--stages"), QStringLiteral("A-D"),
                                                  QStringLiteral("--session"), m_session});
        QVERIFY(port.waitForFinished(600'000));
        QVERIFY2(QFileInfo::exists(m_session + QStringLiteral("/runs/001/generated/host/bundle/bundle.json")),
                 port.readAllStandardOutput().constData());
        // The TileGym-shaped fixture's op, for the export.
        m_fixtureSession = m_tmp.filePath(QStringLiteral("fixture-session"));
        port.start(QStringLiteral(TILEPORT_CLI), {QStringLiteral("port"), kFixture + QStringLiteral("/src/tilegym/ops/cutile/scaled_add.py"),
                                                  QStringLiteral("--stages"), QStringLiteral("A-D"), QStringLiteral("--session"), m_fixtureSession});
        QVERIFY(port.waitForFinished(600'000));
        QVERIFY2(QFileInfo::exists(m_fixtureSession + QStringLiteral("/runs/001/generated/host/bundle/bundle.json")),
                 port.readAllStandardOutput().constData());
    }

    void noSessionNoWheel()
    {
        MainWindow w;
        QVERIFY(!w.action(QStringLiteral("packageAction"))->isEnabled());
        QVERIFY(!w.packageSession(m_tmp.filePath(QStringLiteral("none"))));
        QVERIFY(w.statusBar()->currentMessage().contains(QStringLiteral("no session is open")));
    }

    void buildsTheWheelInTheBackground()
    {
        MainWindow w;
        w.show();
        QVERIFY(w.openSession(m_session));
        QTRY_VERIFY_WITH_TIMEOUT(w.action(QStringLiteral("packageAction"))->isEnabled(), 10000);
        QSignalSpy packaged(&w, &MainWindow::packaged);
        QSignalSpy steps(w.handoffController(), &HandoffController::progress);
        const QString out = m_tmp.filePath(QStringLiteral("dist"));
        QVERIFY(w.packageSession(out));
        QVERIFY(!w.action(QStringLiteral("packageAction"))->isEnabled()); // one hand-off job at a time
        QVERIFY(packaged.wait(300'000));
        const QVariantMap o = packaged.last().at(0).toMap();
        QVERIFY2(o.value(QStringLiteral("ok")).toBool(), qPrintable(o.value(QStringLiteral("error")).toString()));
        QVERIFY(QFileInfo(o.value(QStringLiteral("wheel")).toString()).isFile());
        QCOMPARE(QFileInfo(o.value(QStringLiteral("wheel")).toString()).absolutePath(), QDir(out).absolutePath());
        QCOMPARE(o.value(QStringLiteral("entries")).toStringList(),
                 QStringList{QStringLiteral("saxpy(alpha: float, x, y, *, TILE: int, grid=None, stream=None) -> None")});
        QVERIFY(steps.size() >= 2); // the job's own steps reached the window
        QVERIFY(w.statusBar()->currentMessage().startsWith(QStringLiteral("Built ")));
        QVERIFY(w.action(QStringLiteral("packageAction"))->isEnabled());
    }

    // Plan in the background, review the hunks, write the accepted ones.
    void exportsAfterTheReview()
    {
        const QString tg = m_tmp.filePath(QStringLiteral("tilegym"));
        QVERIFY(tileport::testing::copyTree(kFixture, tg));
        const QString wrapper = tg + QStringLiteral("/src/tilegym/ops/cutile_rs/scaled_add.py");
        MainWindow w;
        w.show();
        QVERIFY(w.openSession(m_fixtureSession));
        QTRY_VERIFY_WITH_TIMEOUT(w.action(QStringLiteral("exportAction"))->isEnabled(), 10000);
        QSignalSpy planned(w.handoffController(), &HandoffController::exportPlanned);
        QSignalSpy exported(w.handoffController(), &HandoffController::exported);

        // Closing the review writes nothing.
        QVERIFY(w.exportSession(tg));
        QVERIFY(planned.wait(120'000));
        QVERIFY2(planned.last().at(0).toMap().value(QStringLiteral("ok")).toBool(),
                 qPrintable(planned.last().at(0).toMap().value(QStringLiteral("error")).toString()));
        HunkReviewDialog *review = nullptr;
        QTRY_VERIFY_WITH_TIMEOUT((review = w.findChild<HunkReviewDialog *>(QStringLiteral("exportReview"))) != nullptr, 5000);
        QVERIFY(review->model()->rowCount() >= 8); // three new files, five edited
        review->reject();
        QTRY_VERIFY_WITH_TIMEOUT(w.statusBar()->currentMessage().contains(QStringLiteral("nothing written")), 5000);
        QVERIFY(!QFileInfo::exists(wrapper));

        // Accepted: the second job writes the files.
        QVERIFY(w.exportSession(tg));
        QVERIFY(planned.wait(120'000));
        QTRY_VERIFY_WITH_TIMEOUT((review = w.findChild<HunkReviewDialog *>(QStringLiteral("exportReview"))) != nullptr, 5000);
        review->accept();
        QVERIFY(exported.wait(60'000));
        QVERIFY2(exported.last().at(0).toMap().value(QStringLiteral("ok")).toBool(),
                 qPrintable(exported.last().at(0).toMap().value(QStringLiteral("error")).toString()));
        QVERIFY(QFileInfo(wrapper).isFile());
        QVERIFY(w.statusBar()->currentMessage().contains(QStringLiteral("as the cutile-rs backend")));

        // Again: nothing to change, no review.
        QVERIFY(w.exportSession(tg));
        QVERIFY(planned.wait(120'000));
        QCOMPARE(planned.last().at(0).toMap().value(QStringLiteral("changes")).toInt(), 0);
        QTRY_VERIFY_WITH_TIMEOUT(w.statusBar()->currentMessage().startsWith(QStringLiteral("Nothing to change")), 5000);
        QVERIFY(!w.findChild<HunkReviewDialog *>(QStringLiteral("exportReview")));
    }
};

QTEST_MAIN(TestGuiHandoff)
#include "tst_gui_handoff.moc"
