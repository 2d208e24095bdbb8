// SPDX-License-Identifier: MIT
#pragma once

#include "BatchFileTranslator.h"
#include "BatchRow.h"
#include "JobRunner.h"
#include "Toolchains.h"

#include <QElapsedTimer>
#include <QHash>
#include <QMutex>
#include <QObject>
#include <QTemporaryDir>

#include <memory>
#include <vector>

namespace tileport {

// `tileport batch`: every .py file under a directory, analyzed and
// translated (phase 1, one JobRunner job per file), then each translated
// kernel built and IR-checked (phase 2, one job per kernel), N jobs at a
// time. Rows arrive through rowFinished as kernels finish; rows() is in file
// and source order once finished() is emitted.
class BatchRunner : public QObject
{
    Q_OBJECT
public:
    struct Options {
        QString directory;
        int jobs = 1;
        bool build = true;
        QString workDirectory; // crates, logs, IR; a temporary dir when empty
        int timeoutMs = 900'000; // per child process
    };

    explicit BatchRunner(Options options, Toolchains tools = Toolchains::fromEnvironment(), QObject *parent = nullptr);
    ~BatchRunner() override;

    // Every .py file under `directory`, relative to it, sorted.
    static QStringList pythonFiles(const QString &directory);

    // Starts the run; returns an error (and starts nothing) when the
    // directory or the work directory is unusable.
    QString start();
    void cancel();
    // start() and an event loop until finished(); the error if it did not start.
    QString runToCompletion();

    bool isCancelled() const { return m_cancelled; }
    int fileCount() const { return int(m_files.size()); }
    const QList<BatchRow> &rows() const { return m_rows; }
    qint64 elapsedMs() const { return m_elapsedMs; }
    const Options &options() const { return m_options; }

Q_SIGNALS:
    void rowFinished(const tileport::BatchRow &row, int done, int total);
    void finished();

private:
    void fileDone();
    void startChecks();
    void rowDone(int index);
    void finish();

    Options m_options;
    Toolchains m_tools;
    QString m_probeLock;
    std::unique_ptr<QTemporaryDir> m_tempWork;
    QStringList m_paths;
    std::vector<BatchFileTranslator::Outcome> m_files;
    QList<BatchRow> m_rows;
    std::vector<BatchRow> m_checked; // written by phase 2 jobs, one slot per row
    QList<int> m_rowFile;             // per row: its file
    QList<int> m_rowPlan;             // per row: its index in the file's outcome
    QHash<QString, std::shared_ptr<QMutex>> m_crateLocks;
    QElapsedTimer m_timer;
    qint64 m_elapsedMs = 0;
    int m_pendingFiles = 0;
    int m_pendingRows = 0;
    int m_done = 0;
    bool m_cancelled = false;
    bool m_finished = false;
    // Last: destroyed first, so its pool has stopped before the slots go.
    JobRunner m_jobs;
};

} // namespace tileport
