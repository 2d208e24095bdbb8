// SPDX-License-Identifier: MIT
#include "BatchRunner.h"

#include "BatchKernelCheck.h"

#include <QDir>
#include <QDirIterator>
#include <QEventLoop>
#include <QFile>
#include <QFileInfo>

namespace tileport {

namespace {

const QString kTranslateChannel = QStringLiteral("batch-translate:");
const QString kCheckChannel = QStringLiteral("batch-check:");

} // namespace

BatchRunner::BatchRunner(Options options, Toolchains tools, QObject *parent)
    : QObject(parent)
    , m_options(std::move(options))
    , m_tools(std::move(tools))
{
    m_jobs.setMaxConcurrency(m_options.jobs);
    connect(&m_jobs, &JobRunner::finished, this, [this](const QString &channel, quint64, const QVariant &result) {
        if (m_finished)
            return;
        if (channel.startsWith(kTranslateChannel))
            fileDone();
        else
            rowDone(result.toInt());
    });
}

BatchRunner::~BatchRunner()
{
    m_jobs.cancelAll();
    m_jobs.waitForIdle();
}

QStringList BatchRunner::pythonFiles(const QString &directory)
{
    QStringList files;
    // Absolute on both sides: relativeFilePath() leaves relative paths as they are.
    const QDir root(QFileInfo(directory).absoluteFilePath());
    QDirIterator it(root.path(), {QStringLiteral("*.py")}, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext())
        files << root.relativeFilePath(it.next());
    files.sort();
    return files;
}

QString BatchRunner::start()
{
    const QFileInfo dir(m_options.directory);
    if (!dir.isDir())
        return QStringLiteral("%1: not a directory").arg(m_options.directory);
    if (!dir.isReadable())
        return QStringLiteral("%1: not readable").arg(m_options.directory);
    if (m_options.build) {
        if (m_options.workDirectory.isEmpty()) {
            m_tempWork = std::make_unique<QTemporaryDir>();
            m_tempWork->setAutoRemove(false); // the rows point at diffs and logs in it
            if (!m_tempWork->isValid())
                return QStringLiteral("cannot create a temporary work directory: %1").arg(m_tempWork->errorString());
            m_options.workDirectory = m_tempWork->path();
        } else if (!QDir().mkpath(m_options.workDirectory)) {
            return QStringLiteral("%1: cannot create the work directory").arg(m_options.workDirectory);
        }
        QFile lock(QDir(m_tools.resourceDir).filePath(QStringLiteral("rust/tileport-probe/Cargo.lock")));
        if (!lock.open(QIODevice::ReadOnly))
            return QStringLiteral("%1: cannot read (generated crates pin their dependencies with it)").arg(lock.fileName());
        m_probeLock = QString::fromUtf8(lock.readAll());
    }
    m_timer.start();
    m_paths = pythonFiles(m_options.directory);
    m_files.resize(m_paths.size());
    m_pendingFiles = int(m_paths.size());
    if (m_paths.isEmpty()) {
        finish();
        return {};
    }
    const QString root = dir.absoluteFilePath();
    for (int i = 0; i < m_paths.size(); ++i)
        m_jobs.submit(kTranslateChannel + m_paths[i], [this, i, root, rel = m_paths[i]](JobContext &) {
            m_files[i] = BatchFileTranslator::run(root, rel);
            return QVariant(i);
        });
    return {};
}

void BatchRunner::cancel()
{
    if (m_finished)
        return;
    m_cancelled = true;
    m_jobs.cancelAll();
    finish();
}

QString BatchRunner::runToCompletion()
{
    QEventLoop loop;
    connect(this, &BatchRunner::finished, &loop, &QEventLoop::quit);
    const QString error = start();
    if (error.isEmpty() && !m_finished)
        loop.exec();
    return error;
}

void BatchRunner::fileDone()
{
    if (--m_pendingFiles == 0)
        startChecks();
}

void BatchRunner::startChecks()
{
    for (int f = 0; f < int(m_files.size()); ++f)
        for (int k = 0; k < m_files[f].rows.size(); ++k) {
            m_rows << m_files[f].rows[k];
            m_rowFile << f;
            m_rowPlan << k;
        }
    m_checked.resize(m_rows.size());
    m_pendingRows = int(m_rows.size());
    if (m_rows.isEmpty())
        return finish();
    const QString root = QFileInfo(m_options.directory).absoluteFilePath();
    QList<int> immediate;
    for (int j = 0; j < m_rows.size(); ++j) {
        const BatchFileTranslator::Outcome &file = m_files[m_rowFile[j]];
        const BatchFileTranslator::KernelPlan &plan = file.plans[m_rowPlan[j]];
        if (!m_options.build || plan.translated < 0) {
            immediate << j;
            continue;
        }
        std::shared_ptr<QMutex> &lock = m_crateLocks[file.translation.crateName];
        if (!lock)
            lock = std::make_shared<QMutex>();
        BatchKernelCheck::Setup setup;
        setup.tools = m_tools;
        setup.probeLock = m_probeLock;
        const QString rel = m_rows[j].file;
        setup.workDir = QDir(m_options.workDirectory).filePath(rel.left(rel.size() - 3) + QLatin1Char('/') + m_rows[j].kernel);
        setup.sourcePath = QDir(root).filePath(rel);
        setup.timeoutMs = m_options.timeoutMs;
        setup.crateLock = lock.get();
        m_jobs.submit(kCheckChannel + QString::number(j),
                      [this, j, setup, &file, &plan, row = m_rows[j]](JobContext &ctx) mutable {
                          if (!QDir().mkpath(setup.workDir)) {
                              row.built = BatchRow::Step::No;
                              row.buildReason = QStringLiteral("%1: cannot create the directory").arg(setup.workDir);
                          } else {
                              BatchKernelCheck::run(setup, file.translation, plan, row, ctx.cancelFlag());
                          }
                          m_checked[j] = row;
                          return QVariant(j);
                      });
    }
    // Rows with nothing to build are done now; they report after the
    // submissions so that the checks start first.
    for (int j : immediate) {
        m_checked[j] = m_rows[j];
        rowDone(j);
    }
}

void BatchRunner::rowDone(int index)
{
    if (m_finished)
        return;
    m_rows[index] = m_checked[index];
    Q_EMIT rowFinished(m_rows[index], ++m_done, int(m_rows.size()));
    if (--m_pendingRows == 0)
        finish();
}

void BatchRunner::finish()
{
    if (m_finished)
        return;
    m_finished = true;
    m_elapsedMs = m_timer.isValid() ? m_timer.elapsed() : 0;
    Q_EMIT finished();
}

} // namespace tileport
