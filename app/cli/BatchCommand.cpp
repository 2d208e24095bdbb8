// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// `tileport batch DIR`: every kernel of every .py file under DIR through
// analyze, translate, cargo build and the IR diff, and with --gpu stages D
// and E (agents/batch).
#include "Commands.h"

#include "BatchFrontendChild.h"
#include "BatchJournal.h"
#include "BatchReport.h"
#include "BatchRunner.h"
#include "ProgressBar.h"

#include <QJsonDocument>
#include <QTextStream>
#include <QTimer>

#include <atomic>
#include <csignal>

namespace {

using namespace tileport;

constexpr int kErrorExit = 3;

std::atomic_bool g_interrupted{false};

} // namespace

// Exit codes: 0 the run completed (whatever the kernels' verdicts), 2 usage
// errors, 3 I/O errors, 130 interrupted.
int runBatchCommand(CommandLine &cl)
{
    BatchRunner::Options options;
    const bool json = cl.isSet(QStringLiteral("json")), perConfig = cl.isSet(QStringLiteral("per-config"));
    bool capture = !cl.isSet(QStringLiteral("no-capture"));
    const QString resume = cl.value(QStringLiteral("resume"));
    options.directory = cl.positional(0);
    options.workDirectory = cl.value(QStringLiteral("out"));
    options.jobs = cl.intValue(QStringLiteral("jobs"), options.jobs);
    options.timeoutMs = cl.intValue(QStringLiteral("timeout"), options.timeoutMs / 1000) * 1000;
    options.build = !cl.isSet(QStringLiteral("no-build"));
    options.sass = cl.isSet(QStringLiteral("sass"));
    options.gpu = cl.value(QStringLiteral("gpu"));
    Toolchains tools = Toolchains::fromEnvironment();
    if (int rc = 0; !applyCutileOption(cl, tools, &rc))
        return rc;
    if (!resume.isEmpty()) {
        // The run's own parameters come from its journal; only how the
        // result is shown (and how many jobs) may be given again.
        if (!options.directory.isEmpty() || !options.workDirectory.isEmpty())
            return cl.usageError(QStringLiteral("--resume takes the directory and options of the run it continues"));
        const BatchJournal::Contents journal = BatchJournal::read(BatchJournal::pathIn(resume));
        if (!journal.error.isEmpty()) {
            QTextStream(stderr) << "tileport batch: " << journal.error << '\n';
            return kErrorExit;
        }
        options.directory = journal.header.directory;
        options.workDirectory = resume;
        options.build = journal.header.build;
        capture = journal.header.capture;
        options.sass = journal.header.sass;
        if (!journal.header.sassTarget.isEmpty())
            options.sassTarget = journal.header.sassTarget;
        options.gpu = journal.header.gpu;
        tools.cutileVersion = journal.header.cutile; // the crates already built target it
        if (journal.header.timeoutMs > 0)
            options.timeoutMs = journal.header.timeoutMs;
        options.resume = true;
    }
    if (options.directory.isEmpty())
        return cl.usageError(QStringLiteral("no directory given"));
    // Each file's front-end work runs in a child of this program first, so
    // a file it crashes on costs that file's row alone.
    options.frontendChild = BatchFrontendChild::defaultProgram();

    // Files without a sidecar get the configs their own tests launch with.
    if (capture)
        options.configSource = BatchConfigSource::capture(tools, options.timeoutMs);
    BatchRunner runner(options, tools);
    QTextStream err(stderr), out(stdout);
    // On a terminal each row's line scrolls above a bar with counts and an
    // ETA; piped, the lines alone, one per row.
    tileport::cli::ProgressBar bar(stderr);
    QObject::connect(&runner, &BatchRunner::rowFinished, [&bar](const BatchRow &row, int done, int total) {
        bar.line(BatchReport::progressLine(row, done, total));
        bar.update(done, total, row.file);
    });
    // The GPU phase: each bundle's steps as the runner reports them
    // (pending, running, done; a Slurm array task's job id).
    QObject::connect(&runner, &BatchRunner::gpuProgress,
                     [&bar](const QString &label, const QString &step, const QString &state, const QString &job, int done, int total) {
                         bar.line(BatchReport::gpuProgressLine(label, step, state, job, done, total));
                     });
    // Ctrl-C cancels the jobs (their children are killed) instead of
    // leaving cargo and the exporter running.
    std::signal(SIGINT, [](int) { g_interrupted = true; });
    QTimer poll;
    QObject::connect(&poll, &QTimer::timeout, &runner, [&runner] {
        if (g_interrupted)
            runner.cancel();
    });
    poll.start(100);
    bar.start();
    const QString error = runner.runToCompletion();
    bar.finish();
    if (!error.isEmpty()) {
        err << "tileport batch: " << error << '\n';
        return kErrorExit;
    }
    if (runner.resumedRows() > 0)
        err << "tileport batch: " << runner.resumedRows() << " row(s) taken from " << runner.journalPath() << '\n';
    if (!runner.journalError().isEmpty())
        err << "tileport batch: warning: " << runner.journalError() << '\n';
    if (runner.isCancelled()) {
        err << "tileport batch: interrupted; continue with: tileport batch --resume " << runner.options().workDirectory << '\n';
        return 130;
    }
    if (json) {
        out << QJsonDocument(BatchReport::toJson(runner.rows(), runner.fileCount(), options.directory, options.jobs,
                                                 options.build, runner.elapsedMs()))
                   .toJson(QJsonDocument::Indented);
    } else {
        out << BatchReport::table(runner.rows(), perConfig, options.sass, !options.gpu.isEmpty()) << '\n'
            << BatchReport::summary(BatchReport::count(runner.rows(), runner.fileCount()), runner.elapsedMs(), options.sass)
            << '\n';
    }
    return 0;
}

int runFrontendChildCommand(CommandLine &cl)
{
    return BatchFrontendChild::runChild(cl.positional(0), cl.positional(1));
}
