// SPDX-License-Identifier: MIT
#include "MainWindow.h"
#include "CodeEditor.h"
#include "IrDiffPane.h"
#include "JobRunner.h"
#include "StageListModel.h"

#include <QActionGroup>
#include <QApplication>
#include <QComboBox>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QListView>
#include <QMenuBar>
#include <QSplitter>
#include <QStatusBar>
#include <QStyleFactory>
#include <QToolBar>
#include <QVBoxLayout>

namespace tileport::ui {

namespace {

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
    , m_stages(new StageListModel(this))
    , m_kernelSelector(new QComboBox)
    , m_jobs(new JobRunner(this))
{
    connect(m_jobs, &JobRunner::finished, this,
            [this](const QString &channel, quint64, const QVariant &result) { onJobFinished(channel, result); });
    setWindowTitle(tr("TilePort"));
    m_source->setObjectName(QStringLiteral("sourcePane"));
    m_irDiff->setObjectName(QStringLiteral("irDiffPane"));
    m_rust->setObjectName(QStringLiteral("rustPane"));
    m_pipeline->setObjectName(QStringLiteral("pipelinePanel"));
    m_source->setPlaceholderText(tr("Open a cuTile Python or Triton kernel (File ▸ Open)"));
    m_rust->setPlaceholderText(tr("Generated cuTile Rust"));

    m_pipeline->setModel(m_stages);
    m_pipeline->setMaximumHeight(140);

    auto *panes = new QSplitter(Qt::Horizontal);
    panes->addWidget(titled(tr("Source"), m_source, panes));
    panes->addWidget(m_irDiff);
    panes->addWidget(titled(tr("Rust"), m_rust, panes));
    panes->setSizes({400, 560, 400});

    auto *vertical = new QSplitter(Qt::Vertical);
    vertical->addWidget(panes);
    vertical->addWidget(titled(tr("Pipeline"), m_pipeline, vertical));
    vertical->setStretchFactor(0, 1);
    setCentralWidget(vertical);

    auto *bar = addToolBar(tr("Kernel"));
    bar->addWidget(new QLabel(tr("Kernel / variant: ")));
    m_kernelSelector->setObjectName(QStringLiteral("kernelSelector"));
    m_kernelSelector->setMinimumWidth(220);
    bar->addWidget(m_kernelSelector);

    buildMenus();
    statusBar()->showMessage(tr("Ready"));
    resize(1400, 820);
}

void MainWindow::buildMenus()
{
    auto *file = menuBar()->addMenu(tr("&File"));
    file->addAction(tr("&Open…"), QKeySequence::Open, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Open kernel"), {}, tr("Python (*.py)"));
        if (!path.isEmpty())
            openSource(path);
    });
    file->addAction(tr("&Quit"), QKeySequence::Quit, qApp, &QApplication::quit);

    auto *view = menuBar()->addMenu(tr("&View"));
    auto *group = new QActionGroup(this);
    auto *light = view->addAction(tr("&Light theme"), this, [this] { setTheme(ThemeMode::Light); });
    auto *dark = view->addAction(tr("&Dark theme"), this, [this] { setTheme(ThemeMode::Dark); });
    for (QAction *a : {light, dark}) {
        a->setCheckable(true);
        group->addAction(a);
    }
    light->setChecked(true);
}

void MainWindow::openSource(const QString &path)
{
    statusBar()->showMessage(tr("Opening %1…").arg(path));
    m_jobs->submit(QStringLiteral("open-source"), [path](JobContext &) {
        QFile f(path);
        QVariantMap r{{QStringLiteral("path"), path}};
        if (!f.open(QIODevice::ReadOnly | QIODevice::Text))
            r.insert(QStringLiteral("error"), QStringLiteral("%1: %2").arg(path, f.errorString()));
        else
            r.insert(QStringLiteral("text"), QString::fromUtf8(f.readAll()));
        return QVariant(r);
    });
}

void MainWindow::onJobFinished(const QString &channel, const QVariant &result)
{
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
    m_source->setPlainText(r.value(QStringLiteral("text")).toString());
    m_kernelSelector->clear();
    m_kernelSelector->addItem(QFileInfo(path).fileName());
    setWindowTitle(tr("%1 — TilePort").arg(QFileInfo(path).fileName()));
    statusBar()->showMessage(tr("Opened %1").arg(path));
    Q_EMIT sourceOpened(path);
}

void MainWindow::setTheme(ThemeMode mode)
{
    m_theme = mode;
    m_source->setTheme(mode);
    m_rust->setTheme(mode);
    m_irDiff->setTheme(mode);
}

} // namespace tileport::ui
