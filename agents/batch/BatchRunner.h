// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "BatchConfigCheck.h"
#include "BatchConfigSource.h"
#include "BatchGpuRun.h"
#include "BatchFileTranslator.h"
#include "BatchJournal.h"
#include "BatchKernelCheck.h"
#include "BatchRow.h"
#include "JobRunner.h"
#include "Toolchains.h"

#include <QElapsedTimer>
#include <QHash>
#include <QObject>
#include <QTemporaryDir>

#include <memory>
#include <vector>

namespace tileport {

// `tileport batch`: every .py file under a directory, analyzed and
// translated (phase 1, one JobRunner job per file); configs captured for
// cuTile files without a sidecar where a config source is set (one job);
// then each translated kernel built (one job per kernel) and each of its
// configs IR-checked (one job per work unit: configs with the same
// BatchWorkKey share one), N jobs at a time. Rows (one per kernel and
// config) arrive through rowFinished as they finish; rows() is in file,
// source and config order once finished() is emitted.
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
        BatchConfigSource::Function configSource = {}; // none when empty
        bool sass = false; // SASS of every config with an IR verdict (docs/sass.md)
        QString sassTarget = QStringLiteral("sm_90");
        // The tileport CLI: each file's front-end work is first run in its
        // `frontend-child` (BatchFrontendChild), so a crash costs one row.
        // Empty: in process only.
        QString frontendChild;
        // Continue the run journaled in workDirectory (BatchJournal): files
        // whose rows are all there are not redone, journaled rows are
        // neither redone nor reported again.
        bool resume = false;
        // Where stages D and E run for every built kernel after the IR
        // checks (BatchGpuRun): "local", "ssh://..." or "slurm://...";
        // empty: not run.
        QString gpu;
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
    // Reference exports and harness runs started (one per work unit).
    int workUnits() const { return int(m_units.size()); }
    qint64 elapsedMs() const { return m_elapsedMs; }
    // Rows taken from the journal of an earlier run (resume).
    int resumedRows() const { return m_resumed; }
    QString journalPath() const { return m_journalPath; }
    // The first error writing the journal, if any.
    QString journalError() const { return m_journal.error(); }
    const Options &options() const { return m_options; }

Q_SIGNALS:
    void rowFinished(const tileport::BatchRow &row, int done, int total);
    // With Options::gpu: step "bundle", "check" or "bench" of a kernel's
    // bundle is now `state` ("pending", "running", "done"); `job` is the
    // runner's name for it; done of total bundles have finished that step.
    void gpuProgress(const QString &label, const QString &step, const QString &state, const QString &job, int done, int total);
    void finished();

private:
    struct Kernel {
        int file = 0;
        int plan = 0;
        QList<int> rows;
        QString workDir;
        BatchKernelCheck::Result build; // written by its build job
    };
    struct Unit {
        int kernel = 0;
        QList<int> rows;
        BatchConfigCheck::Request request;
        BatchConfigCheck::Result result; // written by its job
    };

    void fileDone();
    void obtainConfigs();
    void configsObtained();
    void startChecks();
    void kernelBuilt(int kernel);
    void unitDone(int unit);
    void rowDone(int index);
    void rowsComplete();
    void startGpu();
    void gpuStep(const QVariant &value);
    void gpuDone();
    void finish();
    // Where a kernel's crate, configs and bundle live under the work directory.
    QString kernelDir(const QString &relativeFile, const QString &kernel) const;
    QString capturedConfigPath(const QString &relativeFile) const;

    Options m_options;
    Toolchains m_tools;
    rust::CrateWriter::Options m_crateOptions;
    std::shared_ptr<const sass::SassCompiler> m_sass; // with Options::sass
    std::unique_ptr<QTemporaryDir> m_tempWork;
    QStringList m_paths;
    std::vector<BatchFileTranslator::Outcome> m_files;
    QList<int> m_capturing; // files whose configs the config source is asked for
    QHash<QString, frontend::KernelConfigFile> m_captured; // written by the capture job
    QList<BatchRow> m_rows;
    QList<int> m_rowSlot;        // each row's slot among its file's rows (the journal's key)
    QList<bool> m_rowJournaled;  // finished in an earlier run (resume)
    BatchJournal m_journal;
    BatchJournal::Contents m_previous; // with resume
    QString m_journalPath;
    std::vector<bool> m_restored; // files taken whole from the journal
    int m_resumed = 0;
    // Jobs write into their own element; the elements never move.
    std::vector<std::unique_ptr<Kernel>> m_kernels;
    std::vector<std::unique_ptr<Unit>> m_units;
    // The GPU phase: its bundles, the rows of each, and what it returned.
    QList<BatchGpuRun::Bundle> m_gpuBundles;
    QList<QList<int>> m_gpuRows;
    QList<BatchGpuRun::Outcome> m_gpuOutcomes; // written by its job
    QHash<QString, int> m_gpuDone;             // step -> bundles done with it
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
