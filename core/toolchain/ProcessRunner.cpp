// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "ProcessRunner.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QHash>
#include <QProcess>
#include <QSet>

#include <csignal>
#include <sys/resource.h>

namespace tileport {

namespace {

// Every process whose parent chain leads to `root`, from /proc.
QSet<qint64> descendantsOf(qint64 root)
{
    QHash<qint64, QList<qint64>> children;
    for (const QString &name : QDir(QStringLiteral("/proc")).entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        bool isPid = false;
        const qint64 pid = name.toLongLong(&isPid);
        if (!isPid)
            continue;
        QFile stat(QStringLiteral("/proc/%1/stat").arg(name));
        if (!stat.open(QIODevice::ReadOnly))
            continue;
        // "pid (comm) state ppid ...": comm may hold spaces and parentheses.
        const QByteArray line = stat.readAll();
        const QList<QByteArray> rest = line.mid(line.lastIndexOf(')') + 2).split(' ');
        if (rest.size() > 1)
            children[rest[1].toLongLong()] << pid;
    }
    QSet<qint64> found;
    QList<qint64> todo{root};
    while (!todo.isEmpty())
        for (qint64 c : children.value(todo.takeLast()))
            if (!found.contains(c))
                found.insert(c), todo << c;
    return found;
}

// Kills the child and what it started (cargo's rustc, a script's own
// children): a hung grandchild would otherwise outlive the time-out. Each is
// stopped before its children are read, so none forks or is reparented
// while the tree is walked.
void killTree(qint64 root)
{
    ::kill(pid_t(root), SIGSTOP);
    QSet<qint64> stopped{root};
    for (int pass = 0; pass < 4; ++pass) {
        bool grew = false;
        for (qint64 pid : descendantsOf(root))
            if (!stopped.contains(pid)) {
                ::kill(pid_t(pid), SIGSTOP);
                stopped.insert(pid);
                grew = true;
            }
        if (!grew)
            break;
    }
    for (qint64 pid : std::as_const(stopped))
        ::kill(pid_t(pid), SIGKILL);
}

} // namespace

QString ProcessResult::describe() const
{
    switch (outcome) {
    case Outcome::Finished:
        return exitCode == 0 ? QStringLiteral("succeeded")
                             : QStringLiteral("exited with code %1").arg(exitCode);
    case Outcome::FailedToStart:
        return QStringLiteral("failed to start: %1").arg(errorString);
    case Outcome::Crashed:
        return signal > 0 ? QStringLiteral("crashed with %1").arg(signalName(signal))
                          : QStringLiteral("crashed: %1").arg(errorString);
    case Outcome::TimedOut:
        return QStringLiteral("timed out after %1 ms and was killed").arg(elapsedMs);
    case Outcome::Cancelled:
        return QStringLiteral("was cancelled");
    }
    return {};
}

QString ProcessResult::signalName(int signal)
{
    switch (signal) {
    case SIGSEGV: return QStringLiteral("SIGSEGV");
    case SIGABRT: return QStringLiteral("SIGABRT");
    case SIGBUS: return QStringLiteral("SIGBUS");
    case SIGFPE: return QStringLiteral("SIGFPE");
    case SIGILL: return QStringLiteral("SIGILL");
    case SIGKILL: return QStringLiteral("SIGKILL");
    case SIGTERM: return QStringLiteral("SIGTERM");
    case SIGTRAP: return QStringLiteral("SIGTRAP");
    default: return QStringLiteral("signal %1").arg(signal);
    }
}

ProcessResult ProcessRunner::run(const ProcessSpec &spec, const std::atomic_bool *cancel)
{
    ProcessResult result;
    QProcess proc;
    proc.setProcessEnvironment(spec.environment);
    if (!spec.workingDirectory.isEmpty())
        proc.setWorkingDirectory(spec.workingDirectory);
    if (!spec.standardInputFile.isEmpty())
        proc.setStandardInputFile(spec.standardInputFile);
    if (!spec.standardOutputFile.isEmpty())
        proc.setStandardOutputFile(spec.standardOutputFile);
    if (spec.memoryLimitBytes > 0) {
        const rlim_t bytes = rlim_t(spec.memoryLimitBytes);
        // Runs in the child between fork and exec: async-signal-safe calls only.
        proc.setChildProcessModifier([bytes] {
            const rlimit as{bytes, bytes};
            ::setrlimit(RLIMIT_AS, &as);
            const rlimit core{0, 0}; // a crash of hostile input leaves no core file
            ::setrlimit(RLIMIT_CORE, &core);
        });
    }
    QElapsedTimer clock;
    clock.start();
    proc.start(spec.program, spec.arguments);
    if (!proc.waitForStarted(10'000)) {
        result.outcome = ProcessResult::Outcome::FailedToStart;
        result.errorString = QStringLiteral("%1: %2").arg(spec.program, proc.errorString());
        return result;
    }
    proc.closeWriteChannel();
    // Poll in short slices so cancellation and the time-out are both honoured
    // while the pipes keep draining.
    bool finished = false;
    while (!finished) {
        finished = proc.waitForFinished(50);
        result.standardOutput += proc.readAllStandardOutput();
        result.standardError += proc.readAllStandardError();
        if (finished || proc.state() == QProcess::NotRunning)
            break;
        if (cancel && cancel->load()) {
            result.outcome = ProcessResult::Outcome::Cancelled;
            break;
        }
        if (spec.timeoutMs > 0 && clock.elapsed() > spec.timeoutMs) {
            result.outcome = ProcessResult::Outcome::TimedOut;
            break;
        }
    }
    result.elapsedMs = clock.elapsed();
    if (proc.state() != QProcess::NotRunning) {
        killTree(proc.processId());
        proc.kill();
        proc.waitForFinished(5'000);
        result.standardOutput += proc.readAllStandardOutput();
        result.standardError += proc.readAllStandardError();
        result.errorString = result.outcome == ProcessResult::Outcome::Cancelled
            ? QStringLiteral("cancelled")
            : QStringLiteral("time-out of %1 ms").arg(spec.timeoutMs);
        return result;
    }
    if (proc.exitStatus() == QProcess::CrashExit) {
        result.outcome = ProcessResult::Outcome::Crashed;
        result.signal = proc.exitCode(); // Qt reports the terminating signal here
        result.errorString = proc.errorString();
        return result;
    }
    result.outcome = ProcessResult::Outcome::Finished;
    result.exitCode = proc.exitCode();
    return result;
}

} // namespace tileport
