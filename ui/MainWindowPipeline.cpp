// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// MainWindow: what happens when the pipeline runs, artifacts load and panes link.
#include "CodeEditor.h"
#include "ConfigCaptureController.h"
#include "IrDiffPane.h"
#include "JobRunner.h"
#include "KernelSelectorModel.h"
#include "MainWindow.h"
#include "PipelineController.h"
#include "ProblemsModel.h"
#include "RepairController.h"
#include "SassAlignment.h"
#include "SourceKernels.h"
#include "StageListModel.h"

#include <QAction>
#include <QComboBox>
#include <QFileInfo>
#include <QListView>
#include <QPlainTextEdit>
#include <QStatusBar>
#include <QTimer>

namespace tileport::ui {

namespace {
const QString kArtifacts = QStringLiteral("artifacts");
}

void MainWindow::onJobFinished(const QString &channel, const QVariant &result)
{
    if (channel == kArtifacts) {
        showArtifacts(result.value<RunArtifacts>());
        return;
    }
    if (channel == QLatin1String("machine-code")) {
        m_irDiff->setMachineCode(result.value<SassSideBySide>());
        return;
    }
    if (channel != QLatin1String("open-source"))
        return;
    const QVariantMap r = result.toMap();
    const QString path = r.value(QStringLiteral("path")).toString();
    if (r.contains(QStringLiteral("error"))) {
        const QString error = r.value(QStringLiteral("error")).toString();
        statusBar()->showMessage(error);
        Q_EMIT sourceOpenFailed(error);
        return;
    }
    // The same file again (a session opening) keeps the configs its run showed.
    const bool sameFile = path == m_sourcePath;
    if (!sameFile)
        m_chosenKernel.clear();
    m_sourcePath = path;
    m_source->setPlainText(r.value(QStringLiteral("text")).toString());
    const SourceKernels kernels = r.value(QStringLiteral("kernels")).value<SourceKernels>();
    m_sourceIsTriton = kernels.triton;
    if (!sameFile)
        hideNotice();
    if (sameFile && m_kernelModel->origin() == QLatin1String("run")) {
        m_kernelModel->setKernels(kernels.kernels, true);
    } else {
        m_kernelModel->setKernels(kernels.kernels);
        if (kernels.hasSidecar)
            m_kernelModel->setConfigs(kernels.configs, QStringLiteral("sidecar"));
    }
    setWindowTitle(tr("%1 — TilePort").arg(QFileInfo(path).fileName()));
    statusBar()->showMessage(tr("Opened %1").arg(path));
    // A file on its own: its configs come from its own code, found while the
    // user reads it; the selector lists them under their kernels when done.
    if (m_captureOnOpen && !sameFile && !kernels.hasSidecar && !kernels.kernels.isEmpty() && !kernels.triton
        && !m_capture->isRunning() && !m_controller->toolchains().python.isEmpty() && captureConfigs({}))
        statusBar()->showMessage(tr("Opened %1; capturing its launch configurations from its own code").arg(path));
    updateActions();
    Q_EMIT sourceOpened(path);
}

bool MainWindow::openSession(const QString &dir)
{
    QString error;
    if (!m_controller->openSession(dir, &error)) {
        statusBar()->showMessage(error);
        return false;
    }
    m_sourcePath = m_controller->source();
    loadArtifacts(QString());
    return true;
}

bool MainWindow::needsConfigs() const
{
    // A sidecar, a capture or a run's export each list configs; a Triton file's come from its sidecar alone.
    return !m_sourcePath.isEmpty() && !m_sourceIsTriton && m_kernelModel->origin().isEmpty() && !m_kernelModel->kernels().isEmpty();
}

bool MainWindow::requestRun(const QSet<QChar> &stages)
{
    if (m_capture->isRunning()) {
        statusBar()->showMessage(tr("A capture is in progress: the run can start when it is done"));
        return false;
    }
    if (!needsConfigs()) {
        hideNotice();
        // Configs this window captured serve the run as they are.
        const bool captured = m_kernelModel->origin() == QLatin1String("capture") && m_capture->source() == m_sourcePath;
        m_controller->setCapturedConfigFile(captured ? m_capture->savedSidecar() : QString());
        const bool started = runPipeline(stages);
        m_controller->setCapturedConfigFile({});
        return started;
    }
    const QString file = QFileInfo(m_sourcePath).fileName();
    showNotice(tr("%1 has no launch configurations yet (no %2 beside it). Capture them by running the file's tests and "
                  "benchmarks on the CPU with ct.launch intercepted, then port %3 with them?")
                   .arg(file, QFileInfo(m_sourcePath).completeBaseName() + QStringLiteral(".tileport.json"), selectedKernel()),
               tr("Capture configurations, then run"), [this, stages] {
                   m_runAfterCapture = stages;
                   if (!captureConfigs(m_captureCalls)) {
                       m_runAfterCapture.reset();
                       showNotice(tr("Cannot capture: %1").arg(statusBar()->currentMessage()));
                   }
               });
    return false;
}

void MainWindow::runAfterCapture(const QVariantMap &outcome)
{
    if (!m_runAfterCapture)
        return;
    const QSet<QChar> stages = *m_runAfterCapture;
    m_runAfterCapture.reset();
    if (outcome.value(QStringLiteral("cancelled")).toBool()) {
        showNotice(tr("Capture cancelled: no run started"));
        return;
    }
    const QString kernel = selectedKernel();
    if (outcome.value(QStringLiteral("ok")).toBool() && m_kernelModel->configCount(kernel) > 0) {
        hideNotice();
        m_controller->setCapturedConfigFile(m_capture->savedSidecar());
        runPipeline(stages);
        m_controller->setCapturedConfigFile({});
        return;
    }
    const QString why = outcome.value(QStringLiteral("error")).toString();
    showNotice(tr("No configurations captured for %1%2 → Pipeline ▸ Capture configurations… with a call that launches it")
                   .arg(kernel, why.isEmpty() ? QString() : QStringLiteral(": ") + why.section(QLatin1Char('\n'), 0, 0)),
               tr("Capture with a call…"), [this] {
                   if (QAction *a = action(QStringLiteral("captureAction")))
                       a->trigger();
               });
}

bool MainWindow::runPipeline(const QSet<QChar> &stages)
{
    QString error;
    m_controller->setCaptureInputs({}, m_captureCalls);
    // A file of several kernels and no sidecar ports the one the selector shows.
    QString kernel = m_chosenKernel;
    if (kernel.isEmpty() && m_kernelModel->origin() != QLatin1String("sidecar") && m_kernelModel->kernels().size() > 1)
        kernel = selectedKernel();
    if (!m_controller->startPort(m_sourcePath, stages, &error, kernel)) {
        statusBar()->showMessage(error);
        showNotice(error);
        return false;
    }
    m_tick->start();
    statusBar()->showMessage(tr("Running the pipeline on %1…").arg(QFileInfo(m_sourcePath).fileName()));
    updateActions();
    return true;
}

bool MainWindow::rerunStage(QChar stage)
{
    QString error;
    if (stage.isNull() || !m_controller->rerun(stage, &error)) {
        statusBar()->showMessage(stage.isNull() ? tr("Select a stage to re-run") : error);
        return false;
    }
    m_tick->start();
    statusBar()->showMessage(tr("Re-running stage %1…").arg(stage));
    updateActions();
    return true;
}

bool MainWindow::rerunWithRustEdit()
{
    QString error;
    if (!m_controller->rerunWithRustEdit(m_rust->toPlainText(), &error)) {
        statusBar()->showMessage(error);
        return false;
    }
    m_rust->document()->setModified(false);
    m_tick->start();
    statusBar()->showMessage(tr("Building the edited crate, then stage C…"));
    updateActions();
    return true;
}

bool MainWindow::captureConfigs(const QStringList &calls)
{
    QString error;
    m_captureCalls = calls;
    m_capture->setCalls(calls);
    if (!m_capture->start(m_sourcePath, m_controller->toolchains(), &error)) {
        statusBar()->showMessage(error);
        return false;
    }
    updateActions();
    return true;
}

QString MainWindow::selectedKernel() const
{
    if (!m_chosenKernel.isEmpty())
        return m_chosenKernel;
    const QString k = m_kernelSelector->currentData(KernelSelectorModel::KernelRole).toString();
    return k;
}

QString MainWindow::selectedConfig() const
{
    return m_kernelSelector->currentData(KernelSelectorModel::ConfigRole).toString();
}

void MainWindow::cancelPipeline()
{
    m_capture->cancel();
    m_controller->cancel();
    m_repair->cancel();
    updateActions();
}

QChar MainWindow::selectedStage() const
{
    const QString id = m_pipeline->currentIndex().data(StageListModel::StageIdRole).toString();
    return id.isEmpty() ? QChar() : id.at(0);
}

void MainWindow::showSelectedStageLog()
{
    const QModelIndex i = m_pipeline->currentIndex();
    const QString text = i.data(StageListModel::LogRole).toStringList().join(QLatin1Char('\n'));
    if (m_log->toPlainText() != text) {
        m_log->setPlainText(text);
        m_log->moveCursor(QTextCursor::End);
    }
}

void MainWindow::activateProblem(const QModelIndex &index)
{
    const QString file = index.data(ProblemsModel::FileRole).toString();
    const int line = index.data(ProblemsModel::LineRole).toInt();
    const int col = qMax(1, index.data(ProblemsModel::ColumnRole).toInt());
    const QString name = QFileInfo(file).fileName();
    if (file.isEmpty() || line <= 0) {
        // No location: show the stage that reported it.
        const int row = m_stages->rowOf(index.data(ProblemsModel::StageRole).toString().at(0));
        m_pipeline->setCurrentIndex(m_stages->index(row));
        return;
    }
    if (name == QFileInfo(m_sourcePath).fileName()) {
        m_source->goTo(line, col);
        m_source->setFocus();
        linkFrom(Pane::Python, line);
    } else if (name.endsWith(QLatin1String(".rs"))) {
        m_rust->goTo(line, col);
        m_rust->setFocus();
        linkFrom(Pane::Rust, line);
    }
    statusBar()->showMessage(QStringLiteral("%1:%2:%3").arg(file).arg(line).arg(col));
}

void MainWindow::loadArtifacts(const QString &config)
{
    const QString run = m_controller->runDirectory(), source = m_sourcePath;
    if (run.isEmpty())
        return;
    m_jobs->submit(kArtifacts, [run, source, config](JobContext &) {
        return QVariant::fromValue(RunArtifacts::load(run, source, config));
    });
}

void MainWindow::selectConfig(const QString &config)
{
    loadArtifacts(config);
}

void MainWindow::showArtifacts(const RunArtifacts &a)
{
    m_artifacts = a;
    if (!a.configs.isEmpty()) {
        m_kernelModel->setRunConfigs(a.configs);
        m_kernelSelector->setCurrentIndex(m_kernelModel->rowOfConfig(a.config));
    }
    // An edit not yet built is kept; otherwise the pane follows the run.
    if (!m_rust->document()->isModified() || a.rustText.isEmpty()) {
        m_rust->setPlainText(a.rustText);
        m_rust->document()->setModified(false);
    }
    m_irDiff->setTexts(a.refIrText, a.genIrText);
    m_irDiff->setOpDeltas(a.opDeltas, a.config);
    m_links.clear();
    QString error;
    if (!a.sourcemapFile.isEmpty() && !m_links.loadSourcemap(a.sourcemapFile, &error))
        statusBar()->showMessage(error);
    if (a.hasDiff) {
        m_irDiff->setDiff(a.diff);
        m_links.setDiff(a.diff, a.pythonFile);
    } else {
        m_irDiff->setDiff(AlignedDiff{});
        m_irDiff->setSummary(a.config.isEmpty() ? tr("no diff yet") : tr("%1: no generated IR yet (stage B)").arg(a.config));
    }
    m_current = {};
    updateActions();
    Q_EMIT artifactsLoaded();
}

void MainWindow::linkFrom(Pane pane, int lineOrRow)
{
    switch (pane) {
    case Pane::Python: showLinks(m_links.fromPython(lineOrRow)); break;
    case Pane::Rust: showLinks(m_links.fromRust(lineOrRow)); break;
    case Pane::IrDiff: showLinks(m_links.fromIrRow(lineOrRow)); break;
    }
}

void MainWindow::showLinks(const SourceLinks::Links &links)
{
    m_current = links;
    m_source->setLinkedLines(links.python);
    m_rust->setLinkedLines(links.rust);
    m_irDiff->setLinkedRows(links.irRows);
}

void MainWindow::nextLinkedSpan()
{
    m_walkLine = m_links.nextLinkedPythonLine(m_walkLine);
    if (m_walkLine <= 0) {
        statusBar()->showMessage(tr("No linked spans (run stages A–C)"));
        return;
    }
    m_source->goTo(m_walkLine);
    linkFrom(Pane::Python, m_walkLine);
}

} // namespace tileport::ui
