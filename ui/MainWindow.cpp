// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "MainWindow.h"
#include "BenchmarksPane.h"
#include "CodeEditor.h"
#include "ConfigCaptureController.h"
#include "HandoffController.h"
#include "IrDiffPane.h"
#include "JobRunner.h"
#include "KernelSelectorModel.h"
#include "PipelineController.h"
#include "ProblemsModel.h"
#include "RepairController.h"
#include "RepairPane.h"
#include "SassAlignment.h"
#include "SettingsDialog.h"
#include "SourceKernels.h"
#include "StageListModel.h"
#include "WindowLayout.h"

#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QComboBox>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFrame>
#include <QHBoxLayout>
#include <QInputDialog>
#include <QLabel>
#include <QListView>
#include <QMenu>
#include <QMenuBar>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSettings>
#include <QStyle>
#include <QSplitter>
#include <QStatusBar>
#include <QTabWidget>
#include <QTimer>
#include <QToolBar>
#include <QVBoxLayout>

namespace tileport::ui {

namespace {

QPalette darkPalette()
{
    QPalette p;
    const QColor window(0x2b, 0x2d, 0x30), base(0x1e, 0x1f, 0x22), text(0xdf, 0xe1, 0xe5), mid(0x45, 0x48, 0x4d);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, window);
    p.setColor(QPalette::ToolTipBase, base);
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, QColor(0x8a, 0x8d, 0x92));
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, window);
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, Qt::white);
    p.setColor(QPalette::Light, mid.lighter(130));
    p.setColor(QPalette::Midlight, mid);
    p.setColor(QPalette::Mid, mid);
    p.setColor(QPalette::Dark, base.darker(120));
    p.setColor(QPalette::Shadow, Qt::black);
    p.setColor(QPalette::Highlight, QColor(0x2f, 0x65, 0xca));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Link, QColor(0x58, 0xa6, 0xff));
    for (QPalette::ColorRole r : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, r, QColor(0x7a, 0x7d, 0x82));
    return p;
}

QWidget *titled(const QString &title, QWidget *content, QWidget *parent)
{
    auto *box = new QWidget(parent);
    auto *layout = new QVBoxLayout(box);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(new QLabel(title, box));
    layout->addWidget(content, 1);
    return box;
}

} // namespace

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent)
    , m_source(new CodeEditor(QStringLiteral("Python")))
    , m_irDiff(new IrDiffPane)
    , m_rust(new CodeEditor(QStringLiteral("Rust")))
    , m_pipeline(new QListView)
    , m_problemsView(new QListView)
    , m_log(new QPlainTextEdit)
    , m_bench(new BenchmarksPane)
    , m_stages(new StageListModel(this))
    , m_problems(new ProblemsModel(this))
    , m_kernelSelector(new QComboBox)
    , m_kernelModel(new KernelSelectorModel(this))
    , m_jobs(new JobRunner(this))
    , m_controller(new PipelineController(m_jobs, m_stages, m_problems, this))
    , m_repair(new RepairController(m_jobs, m_controller, this))
    , m_repairPane(new RepairPane)
    , m_capture(new ConfigCaptureController(m_jobs, m_kernelModel, m_problems, this))
    , m_handoff(new HandoffController(m_jobs, this))
    , m_tick(new QTimer(this))
{
    connect(m_jobs, &JobRunner::finished, this,
            [this](const QString &channel, quint64, const QVariant &result) { onJobFinished(channel, result); });
    setWindowTitle(tr("TilePort"));
    setObjectName(QStringLiteral("mainWindow"));
    m_source->setObjectName(QStringLiteral("sourcePane"));
    m_irDiff->setObjectName(QStringLiteral("irDiffPane"));
    m_rust->setObjectName(QStringLiteral("rustPane"));
    m_pipeline->setObjectName(QStringLiteral("pipelinePanel"));
    m_problemsView->setObjectName(QStringLiteral("problemsView"));
    m_log->setObjectName(QStringLiteral("stageLog"));
    m_bench->setObjectName(QStringLiteral("benchmarksPane"));
    m_source->setPlaceholderText(tr("Open a cuTile Python or Triton kernel (File ▸ Open)"));
    m_rust->setPlaceholderText(tr("Generated cuTile Rust (editable; Pipeline ▸ Re-run C with the edit)"));
    m_source->setReadOnly(true);
    // Code lines wrap in the narrow side panes rather than run off their edge.
    m_source->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    m_rust->setLineWrapMode(QPlainTextEdit::WidgetWidth);

    auto *panes = new QSplitter(Qt::Horizontal);
    m_panes = panes;
    panes->setObjectName(QStringLiteral("panesSplit"));
    panes->addWidget(titled(tr("Source"), m_source, panes));
    panes->addWidget(m_irDiff);
    panes->addWidget(titled(tr("Rust"), m_rust, panes));
    // Proportions (QSplitter spreads the sizes' weights over its width): the
    // IR diff, two columns of ops, gets the most; each code pane keeps about
    // 50 columns at 1280 px and 75 at 1920.
    panes->setSizes({2600, 4800, 2600});
    panes->setChildrenCollapsible(false);

    auto *bottom = new QTabWidget;
    bottom->setObjectName(QStringLiteral("bottomTabs"));
    buildPipelineDock(bottom);
    buildRepair(bottom);
    auto *vertical = new QSplitter(Qt::Vertical);
    m_vertical = vertical;
    vertical->setObjectName(QStringLiteral("mainSplit"));
    vertical->addWidget(panes);
    vertical->addWidget(bottom);
    vertical->setStretchFactor(0, 3);
    vertical->setStretchFactor(1, 2);
    vertical->setSizes({7000, 3000});
    vertical->setChildrenCollapsible(false);

    // The notice above the panes: an offer (capture configs before a run),
    // a job's progress, or a failed step's reason with the action that fixes it.
    m_notice = new QFrame;
    m_notice->setObjectName(QStringLiteral("notice"));
    static_cast<QFrame *>(m_notice)->setFrameShape(QFrame::StyledPanel);
    m_notice->setAutoFillBackground(true);
    m_noticeText = new QLabel(m_notice);
    m_noticeText->setObjectName(QStringLiteral("noticeText"));
    m_noticeText->setWordWrap(true);
    m_noticeText->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_noticeAction = new QPushButton(m_notice);
    m_noticeAction->setObjectName(QStringLiteral("noticeAction"));
    auto *dismiss = new QPushButton(tr("Dismiss"), m_notice);
    dismiss->setObjectName(QStringLiteral("noticeDismiss"));
    auto *noticeLayout = new QHBoxLayout(m_notice);
    noticeLayout->setContentsMargins(6, 3, 6, 3);
    noticeLayout->addWidget(m_noticeText, 1);
    noticeLayout->addWidget(m_noticeAction);
    noticeLayout->addWidget(dismiss);
    connect(m_noticeAction, &QPushButton::clicked, this, [this] {
        if (m_onNoticeAction)
            m_onNoticeAction();
    });
    connect(dismiss, &QPushButton::clicked, this, [this] {
        if (m_capture->isRunning() && m_runAfterCapture)
            m_runAfterCapture.reset(); // the capture goes on; no run follows it
        hideNotice();
    });
    m_notice->hide();
    auto *central = new QWidget;
    auto *centralLayout = new QVBoxLayout(central);
    centralLayout->setContentsMargins(0, 0, 0, 0);
    centralLayout->setSpacing(2);
    centralLayout->addWidget(m_notice);
    centralLayout->addWidget(vertical, 1);
    setCentralWidget(central);

    // Linking: each pane reports a line (or row); SourceLinks says what belongs to it.
    connect(m_source, &CodeEditor::lineActivated, this, [this](int line) { linkFrom(Pane::Python, line); });
    connect(m_rust, &CodeEditor::lineActivated, this, [this](int line) { linkFrom(Pane::Rust, line); });
    // An IR row links with the other ops its findings name (the pane selects them all).
    connect(m_irDiff, &IrDiffPane::rowActivated, this, [this](int row) { showLinks(m_links.fromIrRows(m_irDiff->rowsModel()->selectionFor(row))); });
    // An instruction links through the Tile IR ops at its source line (the cubin's line table).
    connect(m_irDiff, &IrDiffPane::machineCodeRowActivated, this,
            [this](int, const QList<int> &irRows) { showLinks(m_links.fromIrRows(irRows)); });
    // The machine-code tab: both sides compiled by tileiras in a job (seconds cold, cached after).
    connect(m_irDiff, &IrDiffPane::machineCodeRequested, this, [this](const QString &ref, const QString &gen) {
        const Toolchains tools = m_controller->toolchains();
        m_jobs->submit(QStringLiteral("machine-code"), [tools, ref, gen](JobContext &job) {
            return QVariant::fromValue(SassSideBySide::compute(tools, ref, gen, job.cancelFlag()));
        });
    });

    connect(m_controller, &PipelineController::sessionOpened, this, [this](const QString &dir, const QString &source) {
        if (source != m_sourcePath && QFileInfo(source).isFile())
            openSource(source);
        m_bench->setSession(dir);
        updateActions();
    });
    connect(m_controller, &PipelineController::stageFinished, this, [this](QChar stage, const QString &) {
        if (stage == QLatin1Char('A') || stage == QLatin1Char('B') || stage == QLatin1Char('C'))
            loadArtifacts(selectedConfig());
        if (stage == QLatin1Char('E'))
            m_bench->setSession(m_controller->sessionDirectory());
    });
    connect(m_controller, &PipelineController::runFinished, this, [this](const QVariantMap &s) {
        m_tick->stop();
        m_stages->tick();
        statusBar()->showMessage(s.value(QStringLiteral("cancelled")).toBool()
                                     ? tr("Run cancelled")
                                     : tr("Run %1 finished: %2").arg(s.value(QStringLiteral("run")).toInt()).arg(s.value(QStringLiteral("reason")).toString()));
        m_bench->setSession(m_controller->sessionDirectory());
        updateActions();
        Q_EMIT pipelineFinished(s);
    });
    connect(m_controller, &PipelineController::eventReceived, this, [this] { updateActions(); });
    connect(m_controller, &PipelineController::regeneratedOverEdit, this,
            [this](const QString &file, const QString &edited, const QString &regenerated) {
                statusBar()->showMessage(tr("Stage B translated over your edit of %1: review the hunks").arg(file));
                Q_EMIT hunkReviewRequested(file, edited, regenerated);
                reviewRegeneration(file, edited, regenerated);
            });
    m_tick->setInterval(250);
    connect(m_tick, &QTimer::timeout, m_stages, &StageListModel::tick);
    m_kernelSelector->setModel(m_kernelModel);
    connect(m_kernelSelector, &QComboBox::activated, this, [this] {
        m_chosenKernel = m_kernelSelector->currentData(KernelSelectorModel::KernelRole).toString();
        if (!selectedConfig().isEmpty())
            loadArtifacts(selectedConfig());
    });
    connect(m_capture, &ConfigCaptureController::progress, this, [this](const QString &step) {
        statusBar()->showMessage(step);
        if (m_runAfterCapture)
            showNotice(step, tr("Cancel"), [this] { cancelPipeline(); });
    });
    connect(m_capture, &ConfigCaptureController::finished, this, [this](const QVariantMap &outcome) {
        statusBar()->showMessage(outcome.value(QStringLiteral("summary")).toString());
        // Show the chosen kernel's first config, else the first one.
        const int first = m_kernelModel->rowOfKernel(selectedKernel());
        if (first >= 0 && first + 1 < m_kernelModel->rowCount()
            && m_kernelModel->index(first + 1).data(KernelSelectorModel::KernelRole).toString() == selectedKernel())
            m_kernelSelector->setCurrentIndex(first + 1);
        updateActions();
        runAfterCapture(outcome);
        Q_EMIT configsCaptured(outcome);
    });

    buildMenus();
    {
        QSettings store;
        applySettings(IdeSettings::load(store));
    }
    updateActions();
    statusBar()->showMessage(tr("Ready"));
    resize(1280, 800);
}

void MainWindow::closeEvent(QCloseEvent *e)
{
    saveLayout();
    QMainWindow::closeEvent(e);
}

void MainWindow::saveLayout() const
{
    QSettings store;
    WindowLayout::save(this, store);
    store.setValue(QStringLiteral("layout/mainWindow/irReferenceShare"), m_irDiff->referenceShare());
}

bool MainWindow::restoreLayout()
{
    QSettings store;
    const QVariant share = store.value(QStringLiteral("layout/mainWindow/irReferenceShare"));
    if (share.isValid())
        m_irDiff->setReferenceShare(share.toDouble());
    return WindowLayout::restore(this, store);
}

QString MainWindow::noticeText() const
{
    return m_notice->isVisible() || !m_notice->isHidden() ? m_noticeText->text() : QString();
}

void MainWindow::showNotice(const QString &text, const QString &action, const std::function<void()> &onAction)
{
    m_noticeText->setText(text);
    m_noticeAction->setText(action);
    m_noticeAction->setVisible(!action.isEmpty());
    m_onNoticeAction = onAction;
    QPalette pal = m_notice->palette();
    pal.setColor(QPalette::Window, m_theme == ThemeMode::Dark ? QColor(0x4a, 0x40, 0x20) : QColor(0xff, 0xf4, 0xd0));
    pal.setColor(QPalette::WindowText, m_theme == ThemeMode::Dark ? QColor(0xf0, 0xe8, 0xd0) : QColor(0x30, 0x28, 0x10));
    m_notice->setPalette(pal);
    m_notice->show();
}

void MainWindow::hideNotice()
{
    m_notice->hide();
    m_onNoticeAction = {};
}

MainWindow::~MainWindow()
{
    // Running stages poll the cancel flag and stop their child processes.
    m_jobs->cancelAll();
    m_jobs->waitForIdle();
}

void MainWindow::buildPipelineDock(QTabWidget *bottom)
{
    m_pipeline->setModel(m_stages);
    m_pipeline->setContextMenuPolicy(Qt::CustomContextMenu);
    m_pipeline->setIconSize(QSize(12, 12));
    m_log->setReadOnly(true);
    m_log->setPlaceholderText(tr("The selected stage's log"));
    auto *split = new QSplitter(Qt::Horizontal);
    split->setObjectName(QStringLiteral("pipelineSplit"));
    split->addWidget(m_pipeline);
    split->addWidget(m_log);
    split->setSizes({5000, 5000});
    m_pipeline->setWordWrap(true);
    bottom->addTab(split, tr("Pipeline"));
    m_problemsView->setModel(m_problems);
    bottom->addTab(m_problemsView, tr("Problems"));
    bottom->addTab(m_bench, tr("Benchmarks"));

    connect(m_pipeline->selectionModel(), &QItemSelectionModel::currentChanged, this, [this] {
        showSelectedStageLog();
        updateActions();
    });
    connect(m_stages, &QAbstractItemModel::dataChanged, this, [this](const QModelIndex &tl, const QModelIndex &br) {
        const int row = m_pipeline->currentIndex().row();
        if (row >= tl.row() && row <= br.row())
            showSelectedStageLog();
    });
    connect(m_pipeline, &QListView::customContextMenuRequested, this, [this](const QPoint &pos) {
        const QModelIndex i = m_pipeline->indexAt(pos);
        if (!i.isValid())
            return;
        const QChar stage = i.data(StageListModel::StageIdRole).toString().at(0);
        QMenu menu(this);
        menu.addAction(tr("Re-run stage %1").arg(stage), this, [this, stage] { rerunStage(stage); })
            ->setEnabled(!m_controller->isRunning() && m_controller->currentRun() > 0);
        if (QStringLiteral("BCD").contains(stage))
            menu.addAction(tr("Ask stage %1's repair agent (%2 finding(s) it could take on)")
                               .arg(stage)
                               .arg(i.data(StageListModel::RepairableRole).toStringList().size()),
                           this, [this, stage] { requestRepair(stage); })
                ->setEnabled(!m_controller->isRunning() && !m_repair->isRunning() && m_controller->currentRun() > 0);
        menu.addAction(action(QStringLiteral("cancelAction")));
        menu.exec(m_pipeline->viewport()->mapToGlobal(pos));
    });
    connect(m_problemsView, &QListView::activated, this, &MainWindow::activateProblem);
    connect(m_problemsView, &QListView::clicked, this, &MainWindow::activateProblem);
}

QAction *MainWindow::action(const QString &objectName) const
{
    return findChild<QAction *>(objectName);
}

void MainWindow::buildMenus()
{
    auto named = [this](QAction *a, const char *name) {
        a->setObjectName(QLatin1String(name));
        return a;
    };
    auto *file = menuBar()->addMenu(tr("&File"));
    auto *open = named(file->addAction(tr("&Open…"), QKeySequence::Open, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Open kernel"), {}, tr("Python (*.py)"));
        if (!path.isEmpty())
            openSource(path);
    }), "openAction");
    auto *openSession = named(file->addAction(tr("Open &session…"), QKeySequence(tr("Ctrl+Shift+O")), this, [this] {
        const QString dir = QFileDialog::getExistingDirectory(this, tr("Open session"));
        if (!dir.isEmpty())
            this->openSession(dir);
    }), "openSessionAction");
    named(file->addAction(tr("Se&ttings…"), QKeySequence::Preferences, this, [this] {
        QSettings store;
        auto *dialog = new SettingsDialog(IdeSettings::load(store), this);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        connect(dialog, &SettingsDialog::applied, this, [this, dialog] {
            QSettings store;
            const IdeSettings s = dialog->settings();
            s.save(store);
            applySettings(s);
        });
        dialog->prefillFromDoctor();
        dialog->open();
    }), "settingsAction");
    file->addAction(tr("&Quit"), QKeySequence::Quit, qApp, &QApplication::quit);

    auto *pipeline = menuBar()->addMenu(tr("&Pipeline"));
    auto *run = named(pipeline->addAction(tr("&Run"), QKeySequence(Qt::Key_F5), this, [this] { requestRun(); }), "runAction");
    auto *runCpu = named(pipeline->addAction(tr("Run A–C (&CPU)"), QKeySequence(tr("Shift+F5")), this,
                                             [this] { requestRun({QLatin1Char('A'), QLatin1Char('B'), QLatin1Char('C')}); }),
                         "runCpuAction");
    auto *rerun = named(pipeline->addAction(tr("Re-run selected &stage"), QKeySequence(tr("Ctrl+R")), this,
                                            [this] { rerunStage(selectedStage()); }),
                        "rerunAction");
    auto *rerunEdit = named(pipeline->addAction(tr("Re-run C with the &Rust edit"), QKeySequence(tr("Ctrl+Shift+R")), this,
                                                [this] { rerunWithRustEdit(); }),
                            "rerunEditAction");
    named(pipeline->addAction(tr("Ask the repair &agent (selected stage)"), QKeySequence(tr("Ctrl+Shift+A")), this,
                              [this] { requestRepair(selectedStage()); }),
          "repairAction");
    auto *cancel = named(pipeline->addAction(tr("&Cancel"), QKeySequence(tr("Ctrl+.")), this, [this] { cancelPipeline(); }),
                         "cancelAction");
    pipeline->addSeparator();
    named(pipeline->addAction(tr("Capture confi&gurations…"), QKeySequence(tr("Ctrl+Shift+G")), this, [this] {
        bool ok = false;
        const QString text = QInputDialog::getMultiLineText(
            this, tr("Capture configurations"),
            tr("The file's tests and benches are run with ct.launch intercepted.\n"
               "Calls that launch the kernel (optional, one per line), e.g. launch(None, tensor((4096,), float32), ...):"),
            m_captureCalls.join(QLatin1Char('\n')), &ok);
        if (ok)
            captureConfigs(text.split(QLatin1Char('\n'), Qt::SkipEmptyParts));
    }), "captureAction");
    pipeline->addSeparator();
    named(pipeline->addAction(tr("Compare t&wo runs…"), QKeySequence(tr("Ctrl+Shift+D")), this, [this] { compareRuns(); }),
          "compareRunsAction");

    buildHandoffMenu();

    auto *view = menuBar()->addMenu(tr("&View"));
    auto *next = named(view->addAction(tr("&Next linked span"), QKeySequence(Qt::Key_F8), this, [this] { nextLinkedSpan(); }),
                       "nextLinkAction");
    view->addSeparator();
    view->addAction(m_irDiff->nextDifferenceAction());
    view->addAction(m_irDiff->previousDifferenceAction());
    view->addAction(m_irDiff->nextCriticalAction());
    connect(m_irDiff, &IrDiffPane::walkEnded, this, [this](const QString &m) { statusBar()->showMessage(m); });
    auto *hide = named(view->addAction(tr("&Hide matching IR")), "hideMatchingAction");
    hide->setCheckable(true);
    connect(hide, &QAction::toggled, m_irDiff, &IrDiffPane::setHideMatching);
    view->addSeparator();
    auto *group = new QActionGroup(this);
    auto *light = named(view->addAction(tr("&Light theme"), this, [this] { setTheme(ThemeMode::Light); }), "lightThemeAction");
    auto *dark = named(view->addAction(tr("&Dark theme"), this, [this] { setTheme(ThemeMode::Dark); }), "darkThemeAction");
    for (QAction *a : {light, dark}) {
        a->setCheckable(true);
        group->addAction(a);
    }
    light->setChecked(true);

    auto *bar = addToolBar(tr("Pipeline"));
    bar->setObjectName(QStringLiteral("pipelineToolBar"));
    for (QAction *a : {open, openSession, run, runCpu, rerun, rerunEdit, cancel, next})
        bar->addAction(a);
    // Kernel and config names are long ("_scale_rows_persistent_kernel.scale_rows_persistent_f32_..."):
    // the selector sits in the menu bar, whose width the three menus leave
    // free, and grows to its longest entry, never elided; no row of height is lost.
    auto *kernels = new QWidget;
    kernels->setObjectName(QStringLiteral("kernelSelectorBox"));
    auto *kernelsLayout = new QHBoxLayout(kernels);
    kernelsLayout->setContentsMargins(4, 1, 4, 1);
    kernelsLayout->addWidget(new QLabel(tr("Kernel / variant:")));
    m_kernelSelector->setObjectName(QStringLiteral("kernelSelector"));
    m_kernelSelector->setMinimumWidth(220);
    m_kernelSelector->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    kernelsLayout->addWidget(m_kernelSelector);
    menuBar()->setCornerWidget(kernels, Qt::TopRightCorner);
    // The menu bar sizes its corner widget only when it is set: once the
    // entries change (a file opened, configs captured, a run's variants) and
    // the selector has grown to them, it is set again.
    auto refit = [this, kernels] {
        QMetaObject::invokeMethod(this, [this, kernels] {
            kernels->adjustSize();
            menuBar()->setCornerWidget(kernels, Qt::TopRightCorner);
        }, Qt::QueuedConnection);
    };
    connect(m_kernelModel, &QAbstractItemModel::modelReset, this, refit);
    connect(m_kernelModel, &QAbstractItemModel::rowsInserted, this, refit);
    connect(m_kernelModel, &QAbstractItemModel::dataChanged, this, refit);
}

void MainWindow::updateActions()
{
    const bool repairing = m_repair->isRunning();
    const bool running = m_controller->isRunning() || repairing;
    const bool hasRun = m_controller->currentRun() > 0;
    if (QAction *a = action(QStringLiteral("repairAction")))
        a->setEnabled(!running && hasRun && QStringLiteral("BCD").contains(selectedStage()));
    if (QAction *a = action(QStringLiteral("runAction")))
        a->setEnabled(!running && !m_sourcePath.isEmpty());
    if (QAction *a = action(QStringLiteral("runCpuAction")))
        a->setEnabled(!running && !m_sourcePath.isEmpty());
    if (QAction *a = action(QStringLiteral("rerunAction")))
        a->setEnabled(!running && hasRun);
    if (QAction *a = action(QStringLiteral("rerunEditAction")))
        a->setEnabled(!running && hasRun && !m_artifacts.rustFile.isEmpty());
    if (QAction *a = action(QStringLiteral("cancelAction")))
        a->setEnabled(running || m_capture->isRunning());
    if (QAction *a = action(QStringLiteral("captureAction")))
        a->setEnabled(!running && !m_capture->isRunning() && !m_sourcePath.isEmpty());
    if (QAction *a = action(QStringLiteral("compareRunsAction")))
        a->setEnabled(m_controller->currentRun() >= 2);
    // The hand-off reads a finished run's files: not while a stage writes them.
    for (const char *name : {"packageAction", "exportAction"})
        if (QAction *a = action(QLatin1String(name)))
            a->setEnabled(!running && hasRun && !m_handoff->isRunning());
}

void MainWindow::openSource(const QString &path)
{
    statusBar()->showMessage(tr("Opening %1…").arg(path));
    m_jobs->submit(QStringLiteral("open-source"), [path](JobContext &) {
        QFile f(path);
        QVariantMap r{{QStringLiteral("path"), QFileInfo(path).absoluteFilePath()}};
        if (!f.open(QIODevice::ReadOnly | QIODevice::Text)) {
            r.insert(QStringLiteral("error"), QStringLiteral("%1: %2").arg(path, f.errorString()));
        } else {
            r.insert(QStringLiteral("text"), QString::fromUtf8(f.readAll()));
            r.insert(QStringLiteral("kernels"), QVariant::fromValue(SourceKernels::read(path)));
        }
        return QVariant(r);
    });
}

void MainWindow::applySettings(const IdeSettings &settings)
{
    m_settings = settings;
    m_controller->setGpuRunner(settings.gpuRunner);
    m_controller->setToolPaths(settings.toolPaths);
    m_controller->setCutileVersion(settings.cutileVersion);
    setTheme(settings.theme);
}

void MainWindow::setTheme(ThemeMode mode)
{
    m_theme = mode;
    // The whole window follows the theme, not only the editors.
    QApplication::setPalette(mode == ThemeMode::Dark ? darkPalette() : QApplication::style()->standardPalette());
    m_source->setTheme(mode);
    m_rust->setTheme(mode);
    m_irDiff->setTheme(mode);
    m_bench->setTheme(mode);
    if (QAction *a = action(mode == ThemeMode::Dark ? QStringLiteral("darkThemeAction") : QStringLiteral("lightThemeAction")))
        a->setChecked(true);
}

} // namespace tileport::ui
