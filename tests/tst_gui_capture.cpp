// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// The IDE's kernel selector and "Capture configurations", offscreen: the
// file's kernels from the analysis with the sidecar's configs, a capture
// with the real script run as a background job (progress, configs listed
// under their kernel; the fixture project driven by its own tests), Run on a
// file with no configs offering the capture and then porting with it, stage A
// on a file with no sidecar, and a capture
// that hangs, is cancelled, or times out.
#include "ConfigCaptureController.h"
#include "KernelSelectorModel.h"
#include "MainWindow.h"
#include "PipelineController.h"
#include "ProblemsModel.h"
#include "StageListModel.h"

#include <QAction>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcessEnvironment>
#include <QPushButton>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>

using namespace tileport::ui;

namespace {

const QString kCallF32 = QStringLiteral("launch(None, tensor((4096,), float32), tensor((4096,), float32), tensor((4096,), float32))");
const QString kCallF16 = QStringLiteral("launch(None, tensor((1000,), float16), tensor((1000,), float16), tensor((1000,), float16), 512)");

QStringList rows(const KernelSelectorModel *m, int role)
{
    QStringList out;
    for (int r = 0; r < m->rowCount(); ++r)
        out << m->index(r).data(role).toString();
    return out;
}

bool scriptPresent()
{
    const QString dir = QProcessEnvironment::systemEnvironment().value(QStringLiteral("TILEPORT_RESOURCE_DIR"),
                                                                       QStringLiteral(TILEPORT_SOURCE_DIR "/resources"));
    return QFile::exists(dir + QStringLiteral("/python/capture_configs.py"));
}

// The vector_add example alone, with no sidecar beside it.
QString loneKernel(const QTemporaryDir &dir, const QString &stem)
{
    const QString path = dir.filePath(stem + QStringLiteral(".py"));
    return QFile::copy(QStringLiteral(TILEPORT_SOURCE_DIR "/examples/cutile/vector_add.py"), path) ? path : QString();
}

void open(MainWindow &w, const QString &path)
{
    QSignalSpy opened(&w, &MainWindow::sourceOpened);
    w.openSource(path);
    QVERIFY(opened.wait(10000));
}

} // namespace

class TestGuiCapture : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void selectorListsKernelsAndSidecarConfigs();
    void captureListsConfigsUnderTheirKernel();
    void openingALoneFileCapturesFromItsOwnCode();
    void fixtureProjectIsCapturedFromItsTests();
    void runOffersTheCaptureThenPortsWithIt();
    void stageACapturesWithoutSidecar();
    void hungCaptureIsCancelledOrTimesOut();
    void diagnosticsJoinProblems();
};

void TestGuiCapture::selectorListsKernelsAndSidecarConfigs()
{
    MainWindow w;
    open(w, QStringLiteral(TILEPORT_SOURCE_DIR "/examples/cutile/softmax.py"));
    const KernelSelectorModel *m = w.kernelModel();
    QCOMPARE(w.configSelector()->model(), m);
    QCOMPARE(rows(m, Qt::DisplayRole), (QStringList{QStringLiteral("softmax_row"), QStringLiteral("softmax_row.row_f32_1024"),
                                                     QStringLiteral("softmax_row.row_f16_4096"), QStringLiteral("softmax_chunked"),
                                                     QStringLiteral("softmax_chunked.chunked_bf16_1024")}));
    QCOMPARE(rows(m, KernelSelectorModel::KindRole),
             (QStringList{QStringLiteral("kernel"), QStringLiteral("config"), QStringLiteral("config"), QStringLiteral("kernel"),
                          QStringLiteral("config")}));
    QCOMPARE(m->index(4).data(KernelSelectorModel::KernelRole).toString(), QStringLiteral("softmax_chunked"));
    QCOMPARE(m->index(4).data(KernelSelectorModel::ConfigRole).toString(), QStringLiteral("softmax_chunked.chunked_bf16_1024"));
    QCOMPARE(m->index(3).data(KernelSelectorModel::ConfigRole).toString(), QString());
    QCOMPARE(m->origin(), QStringLiteral("sidecar"));
    QVERIFY(!m->index(1).data(KernelSelectorModel::CapturedRole).toBool());
    QCOMPARE(m->configCount(QStringLiteral("softmax_row")), 2);
    QVERIFY(w.action(QStringLiteral("captureAction"))->isEnabled());

    // A run's configs replace the sidecar's and keep the kernels.
    KernelSelectorModel model;
    model.setKernels({QStringLiteral("a"), QStringLiteral("b")});
    model.setRunConfigs({QStringLiteral("b.f32_p0.1"), QStringLiteral("c.x")});
    QCOMPARE(rows(&model, Qt::DisplayRole), (QStringList{QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("b.f32_p0.1"),
                                                          QStringLiteral("c"), QStringLiteral("c.x")}));
    QCOMPARE(model.rowOfConfig(QStringLiteral("b.f32_p0.1")), 2);
    QCOMPARE(model.rowOfKernel(QStringLiteral("c")), 3);
    QCOMPARE(model.kernels(), (QStringList{QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")}));
}

// The IDE opens a file with no sidecar and no tests around it: its
// __main__ block gives the configs, listed under the kernel when the
// background capture ends.
void TestGuiCapture::openingALoneFileCapturesFromItsOwnCode()
{
    if (!scriptPresent())
        QSKIP("no resources/python/capture_configs.py in this tree (or TILEPORT_RESOURCE_DIR)");
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("lone_main.py"));
    QVERIFY(QFile::copy(QStringLiteral(TILEPORT_SOURCE_DIR "/tests/fixtures/capture/standalone/main_block.py"), path));
    MainWindow w;
    w.setCaptureOnOpen(true);
    QSignalSpy captured(&w, &MainWindow::configsCaptured);
    open(w, path);
    QVERIFY2(w.captureController()->isRunning() || !captured.isEmpty(), qPrintable(w.statusBar()->currentMessage()));
    QVERIFY(!captured.isEmpty() || captured.wait(300000));
    const QVariantMap outcome = captured.first().at(0).toMap();
    QVERIFY2(outcome.value(QStringLiteral("ok")).toBool(), qPrintable(outcome.value(QStringLiteral("error")).toString()));
    QCOMPARE(outcome.value(QStringLiteral("configs")).toInt(), 2);
    QCOMPARE(rows(w.kernelModel(), Qt::DisplayRole),
             (QStringList{QStringLiteral("double_kernel"), QStringLiteral("double_kernel.double_kernel__f16_1024"),
                          QStringLiteral("double_kernel.double_kernel__f16_4096")}));
    QCOMPARE(w.kernelModel()->origin(), QStringLiteral("capture"));

    // A window that does not capture on open leaves it to the user.
    MainWindow quiet;
    open(quiet, path);
    QVERIFY(!quiet.captureController()->isRunning());
}

void TestGuiCapture::captureListsConfigsUnderTheirKernel()
{
    if (!scriptPresent())
        QSKIP("no resources/python/capture_configs.py in this tree (or TILEPORT_RESOURCE_DIR)");
    QTemporaryDir dir;
    MainWindow w;
    open(w, loneKernel(dir, QStringLiteral("gui_capture")));
    QCOMPARE(rows(w.kernelModel(), Qt::DisplayRole), QStringList{QStringLiteral("vector_add")});

    QSignalSpy captured(&w, &MainWindow::configsCaptured);
    QSignalSpy progress(w.captureController(), &ConfigCaptureController::progress);
    QVERIFY(w.captureConfigs({kCallF32, kCallF16}));
    QVERIFY(w.captureController()->isRunning());
    QVERIFY(!w.action(QStringLiteral("captureAction"))->isEnabled());
    QVERIFY(w.action(QStringLiteral("cancelAction"))->isEnabled());
    QVERIFY(progress.size() >= 1);
    QVERIFY(progress.first().at(0).toString().startsWith(QStringLiteral("Capturing the configurations of gui_capture.py")));
    QVERIFY(captured.wait(300000));
    const QVariantMap outcome = captured.first().at(0).toMap();
    QVERIFY2(outcome.value(QStringLiteral("ok")).toBool(), qPrintable(outcome.value(QStringLiteral("error")).toString()));
    QCOMPARE(outcome.value(QStringLiteral("status")).toString(), QStringLiteral("complete"));
    QCOMPARE(outcome.value(QStringLiteral("configs")).toInt(), 2);
    QCOMPARE(w.statusBar()->currentMessage(), QStringLiteral("configs captured from the code: 2 configs for kernel vector_add from 2 sources (call)"));

    const KernelSelectorModel *m = w.kernelModel();
    QCOMPARE(rows(m, Qt::DisplayRole), (QStringList{QStringLiteral("vector_add"), QStringLiteral("vector_add.vector_add__f32_4096"),
                                                     QStringLiteral("vector_add.vector_add__f16_1000")}));
    QCOMPARE(m->origin(), QStringLiteral("capture"));
    QVERIFY(m->index(1).data(KernelSelectorModel::CapturedRole).toBool());
    QCOMPARE(m->index(1).data(KernelSelectorModel::SourcesRole).toInt(), 1);
    QCOMPARE(w.configSelector()->currentIndex(), 1); // the kernel's first config
    QVERIFY(w.captureController()->sidecar().contains("\"tileport-capture/1\""));
    QVERIFY(w.action(QStringLiteral("captureAction"))->isEnabled());
}

void TestGuiCapture::fixtureProjectIsCapturedFromItsTests()
{
    if (!scriptPresent())
        QSKIP("no resources/python/capture_configs.py in this tree (or TILEPORT_RESOURCE_DIR)");
    MainWindow w;
    open(w, QStringLiteral(TILEPORT_SOURCE_DIR "/tests/fixtures/capture/tilekit/src/tilekit/ops/cutile/scale_rows.py"));
    QCOMPARE(w.kernelModel()->kernels(), (QStringList{QStringLiteral("_scale_rows_kernel"), QStringLiteral("_scale_rows_persistent_kernel")}));
    QCOMPARE(w.kernelModel()->rowCount(), 2);
    QSignalSpy captured(&w, &MainWindow::configsCaptured);
    QVERIFY(w.captureConfigs()); // no calls: the project's tests and benchmark drive it
    QVERIFY(captured.wait(300000));
    QVERIFY2(captured.first().at(0).toMap().value(QStringLiteral("ok")).toBool(),
             qPrintable(captured.first().at(0).toMap().value(QStringLiteral("error")).toString()));
    const KernelSelectorModel *m = w.kernelModel();
    QVERIFY(m->configCount(QStringLiteral("_scale_rows_kernel")) >= 2);
    QVERIFY(m->configCount(QStringLiteral("_scale_rows_persistent_kernel")) >= 2);
    // Each kernel row is followed by its own configs.
    const int persistent = m->rowOfKernel(QStringLiteral("_scale_rows_persistent_kernel"));
    QCOMPARE(persistent, 1 + m->configCount(QStringLiteral("_scale_rows_kernel")));
    QCOMPARE(m->index(persistent + 1).data(KernelSelectorModel::KernelRole).toString(), QStringLiteral("_scale_rows_persistent_kernel"));
    QVERIFY(m->index(persistent + 1).data(KernelSelectorModel::ConfigRole).toString().startsWith(
        QStringLiteral("_scale_rows_persistent_kernel.scale_rows_persistent_kernel__")));
    // Its test diagnostics are in Problems, located in the test files.
    bool located = false;
    for (int r = 0; r < w.problemsModel()->rowCount(); ++r)
        located = located || (w.problemsModel()->index(r).data(ProblemsModel::FileRole).toString().contains(QStringLiteral("/tests/"))
                              && w.problemsModel()->index(r).data(ProblemsModel::LineRole).toInt() > 0);
    QVERIFY(located);
}

// First use of a TileGym-style op file (two kernels, no sidecar): Run offers
// the capture instead of failing; taking it captures in the background with
// progress, then the run ports the kernel with those configs (stage A reads
// them; it does not capture again).
void TestGuiCapture::runOffersTheCaptureThenPortsWithIt()
{
    if (!scriptPresent())
        QSKIP("no resources/python/capture_configs.py in this tree (or TILEPORT_RESOURCE_DIR)");
    QTemporaryDir dir;
    MainWindow w;
    w.controller()->setSessionRoot(dir.filePath(QStringLiteral("sessions")));
    w.captureController()->setOutputDirectory(dir.filePath(QStringLiteral("captures")));
    open(w, QStringLiteral(TILEPORT_SOURCE_DIR "/tests/fixtures/capture/tilekit/src/tilekit/ops/cutile/scale_rows.py"));
    QVERIFY(w.needsConfigs());
    QVERIFY(!w.requestRun({QLatin1Char('A')}));
    QVERIFY2(w.noticeText().contains(QStringLiteral("no launch configurations yet")), qPrintable(w.noticeText()));
    auto *take = w.findChild<QPushButton *>(QStringLiteral("noticeAction"));
    QVERIFY(take && !take->isHidden());
    QSignalSpy captured(&w, &MainWindow::configsCaptured);
    QSignalSpy finished(&w, &MainWindow::pipelineFinished);
    take->click();
    QVERIFY(w.captureController()->isRunning());
    QTRY_VERIFY_WITH_TIMEOUT(w.noticeText().startsWith(QStringLiteral("Capturing the configurations of scale_rows.py")), 10000);
    QVERIFY(captured.wait(300000));
    QVERIFY2(captured.first().at(0).toMap().value(QStringLiteral("ok")).toBool(),
             qPrintable(captured.first().at(0).toMap().value(QStringLiteral("error")).toString()));
    QVERIFY(QFile::exists(dir.filePath(QStringLiteral("captures/scale_rows.tileport.json"))));
    QVERIFY(w.controller()->isRunning() || !finished.isEmpty()); // the run followed the capture
    QVERIFY(finished.wait(600000) || !finished.isEmpty());
    const QModelIndex a = w.stageModel()->index(0);
    if (a.data(StageListModel::VerdictRole).toString() == QLatin1String("BLOCKED"))
        QSKIP("the toolchains are not set up; run scripts/setup");
    QCOMPARE(a.data(StageListModel::VerdictRole).toString(), QStringLiteral("PASS"));
    QVERIFY2(!a.data(StageListModel::ReasonRole).toString().contains(QStringLiteral("captured from the code")),
             qPrintable(a.data(StageListModel::ReasonRole).toString()));
    QCOMPARE(QFileInfo(w.controller()->sessionDirectory()).fileName(), QStringLiteral("scale_rows-_scale_rows_kernel"));
    QFile info(w.controller()->sessionDirectory() + QStringLiteral("/session.json"));
    QVERIFY(info.open(QIODevice::ReadOnly));
    QVERIFY(info.readAll().contains("captures/scale_rows.tileport.json"));
    QVERIFY(w.noticeText().isEmpty());
}

void TestGuiCapture::stageACapturesWithoutSidecar()
{
    if (!scriptPresent())
        QSKIP("no resources/python/capture_configs.py in this tree (or TILEPORT_RESOURCE_DIR)");
    QTemporaryDir dir;
    MainWindow w;
    w.controller()->setSessionRoot(dir.filePath(QStringLiteral("sessions")));
    const QString kernel = loneKernel(dir, QStringLiteral("gui_stage_a"));
    open(w, kernel);
    // The calls of the capture are the run's.
    QSignalSpy captured(&w, &MainWindow::configsCaptured);
    QVERIFY(w.captureConfigs({kCallF32}));
    QVERIFY(captured.wait(300000));
    QSignalSpy finished(&w, &MainWindow::pipelineFinished);
    QVERIFY(w.runPipeline({QLatin1Char('A')}));
    QVERIFY(finished.wait(600000));
    const QModelIndex a = w.stageModel()->index(0);
    if (a.data(StageListModel::VerdictRole).toString() == QLatin1String("BLOCKED"))
        QSKIP("the toolchains are not set up; run scripts/setup");
    QCOMPARE(a.data(StageListModel::VerdictRole).toString(), QStringLiteral("PASS"));
    QVERIFY2(a.data(StageListModel::ReasonRole).toString().endsWith(
                 QStringLiteral("configs captured from the code: 1 config for kernel vector_add from 1 source (call)")),
             qPrintable(a.data(StageListModel::ReasonRole).toString()));
    QVERIFY(a.data(StageListModel::LogRole).toStringList().contains(
        QStringLiteral("configs captured from the code: 1 config for kernel vector_add from 1 source (call)")));
    const QString session = w.controller()->sessionDirectory();
    QCOMPARE(QFileInfo(session).fileName(), QStringLiteral("gui_stage_a-vector_add"));
    QVERIFY(QFile::exists(session + QStringLiteral("/configs/gui_stage_a.tileport.json")));
    QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("gui_stage_a.tileport.json"))));
    // The selector now shows what stage A exported.
    QTRY_COMPARE_WITH_TIMEOUT(w.kernelModel()->origin(), QStringLiteral("run"), 30000);
    QCOMPARE(w.configSelector()->currentText(), QStringLiteral("vector_add.vector_add__f32_4096"));
    QVERIFY(w.configSelector()->currentData(KernelSelectorModel::CapturedRole).toBool());
}

void TestGuiCapture::hungCaptureIsCancelledOrTimesOut()
{
    QTemporaryDir dir;
    const QString hang = dir.filePath(QStringLiteral("hang.py"));
    QFile f(hang);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("import time\ntime.sleep(120)\n");
    f.close();
    MainWindow w;
    open(w, loneKernel(dir, QStringLiteral("gui_hang")));
    w.captureController()->setScript(hang);
    QSignalSpy captured(&w, &MainWindow::configsCaptured);
    QVERIFY(w.captureConfigs());
    QVERIFY(!w.captureConfigs()); // one at a time
    QCOMPARE(w.statusBar()->currentMessage(), QStringLiteral("a capture is in progress"));
    w.cancelPipeline(); // the job's end is reported at once; its child is killed within the poll interval
    QTRY_COMPARE_WITH_TIMEOUT(captured.size(), 1, 20000);
    QCOMPARE(w.statusBar()->currentMessage(), QStringLiteral("Capture cancelled"));
    QVERIFY(captured.first().at(0).toMap().value(QStringLiteral("cancelled")).toBool());
    QTRY_VERIFY_WITH_TIMEOUT(!w.captureController()->isRunning(), 20000);
    QCOMPARE(rows(w.kernelModel(), Qt::DisplayRole), QStringList{QStringLiteral("vector_add")});

    w.captureController()->setTimeoutMs(500);
    captured.clear();
    QVERIFY(w.captureConfigs());
    QVERIFY(captured.wait(30000));
    const QVariantMap outcome = captured.first().at(0).toMap();
    QVERIFY(!outcome.value(QStringLiteral("ok")).toBool());
    QVERIFY2(w.statusBar()->currentMessage().startsWith(QStringLiteral("no configs captured: hang.py timed out after")),
             qPrintable(w.statusBar()->currentMessage()));
}

void TestGuiCapture::diagnosticsJoinProblems()
{
    QTemporaryDir dir;
    const QString kernel = loneKernel(dir, QStringLiteral("gui_problems"));
    // A stand-in for the script: one config, an error in a test file and a note.
    const QString script = dir.filePath(QStringLiteral("partial.py"));
    QFile f(script);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(R"PY(import json, sys
kernel = sys.argv[1]
json.dump({"kernel": "vector_add", "captured": {"schema": "tileport-capture/1", "tests": ["/p/tests/test_v.py"], "partial": True,
           "diagnostics": [{"file": "/p/tests/test_v.py", "line": 12, "col": 4, "severity": "error", "message": "the test file could not be loaded",
                            "source": "tests/test_v.py"},
                           {"file": kernel, "line": 6, "col": 0, "severity": "note", "message": "seen once"}]},
           "configs": [{"name": "vector_add__f32_64", "kernel": "vector_add", "sources": ["tests/test_v.py::test_a"],
                        "params": [{"name": "a", "kind": "array", "dtype": "float32", "ndim": 1, "shape": [64]}]}]}, sys.stdout)
sys.exit(3)
)PY");
    f.close();
    MainWindow w;
    open(w, kernel);
    w.captureController()->setScript(script);
    QSignalSpy captured(&w, &MainWindow::configsCaptured);
    QVERIFY(w.captureConfigs());
    QVERIFY(captured.wait(30000));
    QCOMPARE(captured.first().at(0).toMap().value(QStringLiteral("status")).toString(), QStringLiteral("partial"));
    const ProblemsModel *p = w.problemsModel();
    QCOMPARE(p->rowCount(), 2);
    QCOMPARE(p->index(0).data(ProblemsModel::FileRole).toString(), QStringLiteral("/p/tests/test_v.py"));
    QCOMPARE(p->index(0).data(ProblemsModel::LineRole).toInt(), 12);
    QCOMPARE(p->index(0).data(ProblemsModel::ColumnRole).toInt(), 4);
    QCOMPARE(p->index(0).data(ProblemsModel::SeverityRole).toString(), QStringLiteral("error"));
    QCOMPARE(p->index(0).data(ProblemsModel::MessageRole).toString(),
             QStringLiteral("capture: the test file could not be loaded (tests/test_v.py)"));
    QCOMPARE(p->index(1).data(ProblemsModel::SeverityRole).toString(), QStringLiteral("note"));
    QCOMPARE(rows(w.kernelModel(), Qt::DisplayRole), (QStringList{QStringLiteral("vector_add"), QStringLiteral("vector_add.vector_add__f32_64")}));
    // A second capture replaces the first one's problems.
    captured.clear();
    QVERIFY(w.captureConfigs());
    QVERIFY(captured.wait(30000));
    QCOMPARE(p->rowCount(), 2);
}

QTEST_MAIN(TestGuiCapture)
#include "tst_gui_capture.moc"
