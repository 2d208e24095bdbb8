// SPDX-License-Identifier: MIT
// `tileport batch DIR`: every kernel of every .py file under DIR through
// analyze, translate, cargo build and the IR diff (agents/batch).
#include "Commands.h"

#include "BatchFrontendChild.h"
#include "BatchJournal.h"
#include "BatchReport.h"
#include "BatchRunner.h"

#include <QJsonDocument>
#include <QTextStream>
#include <QTimer>

#include <atomic>
#include <csignal>

namespace {

using namespace tileport;

constexpr int kErrorExit = 3;

std::atomic_bool g_interrupted{false};

int usageError(const QString &msg)
{
    QTextStream(stderr) << "tileport batch: " << msg << '\n'
                        << "usage: tileport batch DIR|FILE.py [--jobs N] [--json] [--per-config] [--no-build] [--no-capture] [--out WORKDIR] "
                           "[--timeout SECONDS] [--sass]\n"
                           "       tileport batch --resume WORKDIR [--jobs N] [--json] [--per-config]\n";
    return kErrorExit;
}

} // namespace

// Exit codes: 0 the run completed (whatever the kernels' verdicts), 3 usage
// or I/O errors, 130 interrupted.
int runBatchCommand(const QStringList &args)
{
    BatchRunner::Options options;
    bool json = false, perConfig = false, capture = true;
    QString resume;
    for (int i = 0; i < args.size(); ++i) {
        const QString &a = args[i];
        if (a == QLatin1String("--jobs") || a == QLatin1String("-j") || a == QLatin1String("--out") ||
            a == QLatin1String("--timeout") || a == QLatin1String("--resume")) {
            if (i + 1 >= args.size())
                return usageError(QStringLiteral("%1 needs a value").arg(a));
            const QString v = args[++i];
            bool ok = true;
            if (a == QLatin1String("--out"))
                options.workDirectory = v;
            else if (a == QLatin1String("--resume"))
                resume = v;
            else if (a == QLatin1String("--timeout"))
                options.timeoutMs = v.toInt(&ok) * 1000;
            else
                options.jobs = v.toInt(&ok);
            if (!ok || options.jobs < 1 || options.timeoutMs < 1000)
                return usageError(QStringLiteral("%1 needs a positive number, not '%2'").arg(a, v));
        } else if (a == QLatin1String("--json")) {
            json = true;
        } else if (a == QLatin1String("--per-config")) {
            perConfig = true;
        } else if (a == QLatin1String("--no-build")) {
            options.build = false;
        } else if (a == QLatin1String("--no-capture")) {
            capture = false;
        } else if (a == QLatin1String("--sass")) {
            options.sass = true;
        } else if (a.startsWith(QLatin1Char('-'))) {
            return usageError(QStringLiteral("unknown option '%1'").arg(a));
        } else if (options.directory.isEmpty()) {
            options.directory = a;
        } else {
            return usageError(QStringLiteral("unexpected argument '%1'").arg(a));
        }
    }
    if (!resume.isEmpty()) {
        // The run's own parameters come from its journal; only how the
        // result is shown (and how many jobs) may be given again.
        if (!options.directory.isEmpty() || !options.workDirectory.isEmpty())
            return usageError(QStringLiteral("--resume takes the directory and options of the run it continues"));
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
        if (journal.header.timeoutMs > 0)
            options.timeoutMs = journal.header.timeoutMs;
        options.resume = true;
    }
    if (options.directory.isEmpty())
        return usageError(QStringLiteral("no directory given"));
    // Each file's front-end work runs in a child of this program first, so
    // a file it crashes on costs that file's row alone.
    options.frontendChild = BatchFrontendChild::defaultProgram();

    const Toolchains tools = Toolchains::fromEnvironment();
    // Files without a sidecar get the configs their own tests launch with.
    if (capture)
        options.configSource = BatchConfigSource::capture(tools, options.timeoutMs);
    BatchRunner runner(options, tools);
    QTextStream err(stderr), out(stdout);
    QObject::connect(&runner, &BatchRunner::rowFinished, [&err](const BatchRow &row, int done, int total) {
        err << BatchReport::progressLine(row, done, total) << '\n';
        err.flush();
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
    if (const QString error = runner.runToCompletion(); !error.isEmpty()) {
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
        out << BatchReport::table(runner.rows(), perConfig, options.sass) << '\n'
            << BatchReport::summary(BatchReport::count(runner.rows(), runner.fileCount()), runner.elapsedMs(), options.sass)
            << '\n';
    }
    return 0;
}

int runFrontendChildCommand(const QStringList &args)
{
    if (args.size() != 2) {
        QTextStream(stderr) << "usage: tileport frontend-child DIR FILE (run by tileport batch and the IDE)\n";
        return kErrorExit;
    }
    return BatchFrontendChild::runChild(args[0], args[1]);
}
