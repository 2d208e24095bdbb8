// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "SshRunner.h"

#include "ProcessRunner.h"
#include "RunnerCommon.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>
#include <QTemporaryDir>

namespace tileport {

namespace {

using Status = RunnerOutcome::Status;
using runner::cleanRelativePath;
using runner::lastLine;
using runner::outcome;
using runner::uniqueJobName;

constexpr int kTransferMs = 5 * 60'000; // copying a bundle or its results
constexpr int kCleanupMs = 20'000;      // stopping the remote side after a cancel or time-out

// What the collect step found on the host.
struct Collected {
    bool reached = false;  // the connection worked
    bool finished = false; // the command ended on its own and left its exit code
    int exitCode = -1;
    bool hadResults = false;
    QString error;
};

} // namespace

SshRunner::SshRunner(SshTarget target, SshOptions options) : m_target(std::move(target)), m_options(std::move(options)) {}

QString SshRunner::describe() const
{
    return m_target.spec();
}

QString SshRunner::missingLocalTool() const
{
    if (QStandardPaths::findExecutable(QStringLiteral("ssh")).isEmpty())
        return QStringLiteral("no ssh client on this machine (install openssh-client)");
    if (QStandardPaths::findExecutable(QStringLiteral("tar")).isEmpty())
        return QStringLiteral("no tar on this machine");
    return {};
}

ProcessSpec SshRunner::sshSpec(const QString &script, int timeoutMs) const
{
    QStringList args;
    if (!m_options.configFile.isEmpty())
        args << QStringLiteral("-F") << m_options.configFile;
    args << m_options.extraOptions;
    args << QStringLiteral("-o") << QStringLiteral("BatchMode=yes")
         << QStringLiteral("-o") << QStringLiteral("ConnectTimeout=%1").arg(m_options.connectTimeoutS)
         << QStringLiteral("-o") << QStringLiteral("ServerAliveInterval=%1").arg(m_options.serverAliveIntervalS)
         << QStringLiteral("-o") << QStringLiteral("ServerAliveCountMax=%1").arg(m_options.serverAliveCountMax)
         << QStringLiteral("-T");
    if (m_target.port > 0)
        args << QStringLiteral("-p") << QString::number(m_target.port);
    // ssh hands the command to the login shell as one string; sh -c makes
    // the script POSIX whatever that shell is.
    args << QStringLiteral("--") << m_target.destination() << QStringLiteral("sh -c ") + shellQuote(script);
    ProcessSpec spec(QStringLiteral("ssh"), args);
    spec.timeoutMs = timeoutMs;
    return spec;
}

QString SshRunner::connectionError(const ProcessResult &r) const
{
    const QString why = lastLine(r.standardError);
    return QStringLiteral("cannot reach %1: %2").arg(m_target.destination(), why.isEmpty() ? r.describe() : why);
}

QString SshRunner::unavailableReason(const std::atomic_bool *cancel)
{
    if (QString missing = missingLocalTool(); !missing.isEmpty())
        return missing;
    const QString dir = m_target.remoteDirWord();
    QString script = QStringLiteral(
        "command -v tar >/dev/null && command -v timeout >/dev/null"
        " || { echo 'the host lacks tar or timeout (GNU coreutils)' >&2; exit 3; };"
        " mkdir -p %1 && [ -w %1 ] || { echo 'cannot write to the remote directory' >&2; exit 3; }")
                         .arg(dir);
    if (m_options.requireGpu)
        script += QStringLiteral("; command -v nvidia-smi >/dev/null"
                                 " || { echo 'no nvidia-smi on the host (no NVIDIA driver)' >&2; exit 3; }; nvidia-smi -L");
    const ProcessResult r = ProcessRunner::run(sshSpec(script, (m_options.connectTimeoutS + 20) * 1000), cancel);
    const QString host = m_target.destination();
    switch (r.outcome) {
    case ProcessResult::Outcome::Cancelled:
        return QStringLiteral("the check of %1 was cancelled").arg(host);
    case ProcessResult::Outcome::TimedOut:
        return QStringLiteral("%1 did not answer within %2 s").arg(host).arg((m_options.connectTimeoutS + 20));
    case ProcessResult::Outcome::FailedToStart:
    case ProcessResult::Outcome::Crashed:
        return QStringLiteral("ssh %1").arg(r.describe());
    case ProcessResult::Outcome::Finished:
        break;
    }
    if (r.exitCode == 255)
        return connectionError(r);
    if (r.exitCode == 3)
        return QStringLiteral("%1: %2").arg(host, lastLine(r.standardError));
    if (r.exitCode != 0)
        return QStringLiteral("nvidia-smi -L failed on %1 (exit %2): %3")
            .arg(host)
            .arg(r.exitCode)
            .arg(lastLine(r.standardError + r.standardOutput));
    if (m_options.requireGpu && !QString::fromUtf8(r.standardOutput).contains(QLatin1String("GPU ")))
        return QStringLiteral("nvidia-smi -L lists no GPU on %1").arg(host);
    return {};
}

RunnerOutcome SshRunner::run(const RunnerJob &job, const std::atomic_bool *cancel)
{
    if (QString missing = missingLocalTool(); !missing.isEmpty())
        return outcome(Status::Unavailable, missing);
    if (job.command.isEmpty())
        return outcome(Status::Failed, QStringLiteral("no command to run"));
    if (!QFileInfo(job.bundleDir).isDir())
        return outcome(Status::Failed, QStringLiteral("the bundle %1 is not a directory").arg(job.bundleDir));
    if (!cleanRelativePath(job.resultsSubdir))
        return outcome(Status::Failed, QStringLiteral("the results directory '%1' is not inside the bundle").arg(job.resultsSubdir));
    const QString results = QDir::cleanPath(job.resultsSubdir);
    const QString host = m_target.destination();

    QTemporaryDir scratch;
    if (!scratch.isValid())
        return outcome(Status::Failed, QStringLiteral("cannot create a temporary directory: %1").arg(scratch.errorString()));
    const QString tarball = scratch.filePath(QStringLiteral("bundle.tar"));
    const ProcessResult packed = ProcessRunner::run(
        ProcessSpec(QStringLiteral("tar"), {QStringLiteral("--dereference"), QStringLiteral("-cf"), tarball, QStringLiteral("-C"), job.bundleDir,
                                            QStringLiteral("--exclude=./") + results, QStringLiteral(".")}),
        cancel);
    if (packed.outcome == ProcessResult::Outcome::Cancelled)
        return outcome(Status::Cancelled, QStringLiteral("cancelled"));
    if (!packed.ok())
        return outcome(Status::Failed, QStringLiteral("cannot pack the bundle: tar %1: %2")
                                           .arg(packed.describe(), lastLine(packed.standardError)));

    const QString jobDir = m_target.remoteDirWord() + QLatin1Char('/') + shellQuote(uniqueJobName());
    const QString cleanup = QStringLiteral("rm -rf %1").arg(jobDir);

    // 1. Copy: one connection that creates the job directory and unpacks.
    ProcessSpec upload = sshSpec(QStringLiteral("mkdir -p %1 && mkdir %2 %2/bundle && tar --no-same-owner -xf - -C %2/bundle")
                                     .arg(m_target.remoteDirWord(), jobDir),
                                 kTransferMs);
    upload.standardInputFile = tarball;
    const ProcessResult up = ProcessRunner::run(upload, cancel);
    if (!up.ok()) {
        if (up.outcome != ProcessResult::Outcome::Finished || up.exitCode != 255)
            ProcessRunner::run(sshSpec(cleanup, kCleanupMs));
        if (up.outcome == ProcessResult::Outcome::Cancelled)
            return outcome(Status::Cancelled, QStringLiteral("cancelled while copying the bundle to %1").arg(host));
        if (up.outcome == ProcessResult::Outcome::Finished && up.exitCode == 255)
            return outcome(Status::Unavailable, connectionError(up));
        return outcome(Status::Unavailable, QStringLiteral("cannot copy the bundle to %1: %2")
                                                .arg(describe(), lastLine(up.standardError).isEmpty()
                                                                     ? up.describe()
                                                                     : lastLine(up.standardError)));
    }

    // 2. Run. The remote `timeout` (a little longer than ours, so ours fires
    // first) bounds the command even when this connection is gone; its
    // process group id lets the collect step stop it.
    QString command;
    for (qsizetype i = 0; i < job.command.size(); ++i) {
        QString word = job.command.at(i);
        if (i == 0 && !word.contains(QLatin1Char('/')) && QFileInfo(QDir(job.bundleDir).filePath(word)).isFile())
            word.prepend(QLatin1String("./"));
        command += QLatin1Char(' ') + shellQuote(word);
    }
    const int remoteLimitS = job.timeoutMs > 0 ? (job.timeoutMs + 999) / 1000 + 2 : 0;
    const QString limited = remoteLimitS > 0 ? QStringLiteral("timeout -k 5 %1%2").arg(remoteLimitS).arg(command)
                                             : command.mid(1);
    const QString runScript = QStringLiteral("cd %1/bundle || exit 125; %2 </dev/null & echo $$ $! > ../pids;"
                                             " wait $!; rc=$?; echo $rc > ../exit; exit $rc")
                                  .arg(jobDir, limited);
    const ProcessResult ran = ProcessRunner::run(sshSpec(runScript, job.timeoutMs), cancel);
    const QString log = QString::fromUtf8(ran.standardOutput + ran.standardError);

    // 3. Collect and clean up in one connection: stop the command if it
    // still runs, send the exit code and the results back as a tar stream,
    // remove the job directory.
    const bool wantResults = ran.outcome != ProcessResult::Outcome::Cancelled;
    const QString resultsWord = QStringLiteral("bundle/") + shellQuote(results);
    const QString collectScript =
        QStringLiteral("cd %1 || exit 3; if [ ! -f exit ] && [ -f pids ]; then read sh pg < pids;"
                       " kill -s KILL $sh $pg 2>/dev/null; kill -s KILL -- -$pg 2>/dev/null; fi;"
                       " set --; [ -f exit ] && set -- exit; %2; [ $# -eq 0 ] || tar -cf - \"$@\"; rc=$?;"
                       " cd / && %3; exit $rc")
            .arg(jobDir,
                 wantResults ? QStringLiteral("[ -d %1 ] && set -- \"$@\" %1").arg(resultsWord) : QStringLiteral(":"),
                 cleanup);
    ProcessSpec collectSpec = sshSpec(collectScript, wantResults ? kTransferMs : kCleanupMs);
    const QString resultsTar = scratch.filePath(QStringLiteral("results.tar"));
    collectSpec.standardOutputFile = resultsTar;
    const ProcessResult got = ProcessRunner::run(collectSpec);

    Collected c;
    c.reached = got.outcome == ProcessResult::Outcome::Finished && got.exitCode != 255;
    if (!c.reached)
        c.error = got.outcome == ProcessResult::Outcome::Finished ? lastLine(got.standardError) : got.describe();
    else if (!got.ok())
        c.error = QStringLiteral("collecting results on %1 %2: %3").arg(host, got.describe(), lastLine(got.standardError));
    else if (QFileInfo(resultsTar).size() > 0) {
        QTemporaryDir unpacked(QDir(job.bundleDir).filePath(QStringLiteral(".tileport-ssh-XXXXXX")));
        const ProcessResult x = ProcessRunner::run(ProcessSpec(
            QStringLiteral("tar"), {QStringLiteral("-xf"), resultsTar, QStringLiteral("-C"), unpacked.path()}));
        if (!unpacked.isValid() || !x.ok()) {
            c.error = QStringLiteral("cannot unpack the results: %1").arg(unpacked.isValid() ? lastLine(x.standardError)
                                                                                             : unpacked.errorString());
        } else {
            QFile exitFile(unpacked.filePath(QStringLiteral("exit")));
            if (exitFile.open(QIODevice::ReadOnly)) {
                c.exitCode = exitFile.readAll().trimmed().toInt(&c.finished);
            }
            const QString fetched = unpacked.filePath(QStringLiteral("bundle/") + results);
            if (QFileInfo(fetched).isDir()) {
                c.hadResults = true;
                const QString local = QDir(job.bundleDir).filePath(results);
                QDir(local).removeRecursively();
                QDir().mkpath(QFileInfo(local).absolutePath());
                if (!QDir().rename(fetched, local))
                    c.error = QStringLiteral("cannot move the results into %1").arg(local);
            }
        }
    }

    const QString limitText = QStringLiteral("%1 s").arg(remoteLimitS);
    switch (ran.outcome) {
    case ProcessResult::Outcome::Cancelled:
        return outcome(Status::Cancelled,
                       c.reached ? QStringLiteral("cancelled; the command on %1 was stopped").arg(host)
                                 : QStringLiteral("cancelled; could not reach %1 to stop the command (%2), its time-out"
                                                  " of %3 ends it there")
                                       .arg(host, c.error, limitText),
                       log);
    case ProcessResult::Outcome::TimedOut:
        return outcome(Status::TimedOut,
                       QStringLiteral("the command ran past its time-out of %1 ms on %2 and was stopped%3")
                           .arg(job.timeoutMs)
                           .arg(host, c.reached ? QString() : QStringLiteral(" (the host was unreachable afterwards: %1)").arg(c.error)),
                       log);
    case ProcessResult::Outcome::FailedToStart:
    case ProcessResult::Outcome::Crashed:
        return outcome(Status::Unavailable, QStringLiteral("ssh %1").arg(ran.describe()), log);
    case ProcessResult::Outcome::Finished:
        break;
    }
    if (ran.exitCode == 255 && !c.finished) {
        const QString why = lastLine(ran.standardError);
        return outcome(Status::Unavailable,
                       QStringLiteral("lost the connection to %1 while the command ran (%2); %3")
                           .arg(host, why.isEmpty() ? QStringLiteral("ssh exited with 255 and said nothing") : why,
                                c.reached ? QStringLiteral("the command there was stopped")
                                          : QStringLiteral("its time-out of %1 ends it there").arg(limitText)),
                       log);
    }
    const int code = c.finished ? c.exitCode : ran.exitCode;
    if (!c.reached || !c.error.isEmpty())
        return outcome(Status::Unavailable,
                       QStringLiteral("the command exited with code %1 on %2, but its results could not be copied back: %3")
                           .arg(code)
                           .arg(host, c.error),
                       log, code);
    const QString note = c.hadResults ? QString()
                                      : QStringLiteral("\n[tileport] the command wrote no %1/ directory on %2\n").arg(results, host);
    if (code != 0)
        return outcome(Status::Failed, QStringLiteral("the command exited with code %1 on %2").arg(code).arg(host), log + note,
                       code);
    return outcome(Status::Ok, {}, log + note, 0);
}

std::unique_ptr<GpuRunner> makeSshRunner(const QString &spec, QString *error, const SshOptions &options)
{
    std::optional<SshTarget> target = SshTarget::parse(spec, error);
    if (!target)
        return nullptr;
    return std::make_unique<SshRunner>(std::move(*target), options);
}

} // namespace tileport
