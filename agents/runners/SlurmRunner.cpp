// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "SlurmRunner.h"

#include "ProcessRunner.h"
#include "RunnerCommon.h"
#include "SlurmJobInfo.h"
#include "SshTarget.h" // shellQuote

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QThread>

#include <algorithm>

namespace tileport {

namespace {

using Status = RunnerOutcome::Status;
using runner::cleanRelativePath;
using runner::lastLine;
using runner::outcome;
using runner::uniqueJobName;
using Phase = SlurmJobInfo::Phase;

// The job script's exit when the node cannot see the staging directory.
constexpr int kNotVisibleExit = 97;
constexpr int kTransferMs = 5 * 60'000;

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// The job's command as shell words; a first word naming a file of the
// bundle runs that file.
QString commandWords(const RunnerJob &job)
{
    QStringList words;
    for (qsizetype i = 0; i < job.command.size(); ++i) {
        QString word = job.command.at(i);
        if (i == 0 && !word.contains(QLatin1Char('/')) && QFileInfo(QDir(job.bundleDir).filePath(word)).isFile())
            word.prepend(QLatin1String("./"));
        words << shellQuote(word);
    }
    return words.join(QLatin1Char(' '));
}

QString jobCheck(const RunnerJob &job)
{
    if (job.command.isEmpty())
        return QStringLiteral("no command to run");
    if (!QFileInfo(job.bundleDir).isDir())
        return QStringLiteral("the bundle %1 is not a directory").arg(job.bundleDir);
    if (!cleanRelativePath(job.resultsSubdir))
        return QStringLiteral("the results directory '%1' is not inside the bundle").arg(job.resultsSubdir);
    return {};
}

// Replaces the bundle's results with `fetched` (a directory); "" or why not.
QString takeResults(const RunnerJob &job, const QString &fetched)
{
    const QString local = QDir(job.bundleDir).filePath(QDir::cleanPath(job.resultsSubdir));
    QDir(local).removeRecursively();
    if (!QFileInfo(fetched).isDir())
        return {};
    QDir().mkpath(QFileInfo(local).absolutePath());
    // The staging directory may be another file system: copy, not rename.
    const ProcessResult cp = ProcessRunner::run(
        ProcessSpec(QStringLiteral("cp"), {QStringLiteral("-R"), fetched, local}));
    return cp.ok() ? QString() : QStringLiteral("cannot copy the results into %1: %2").arg(local, lastLine(cp.standardError));
}

// What the runner knows about one job of a runMany().
struct Task {
    QString id;          // "123" or "123_4"
    Phase phase = Phase::Pending;
    bool reported = false; // progress told Pending
    QElapsedTimer running; // since the first RUNNING seen
    bool done = false;
    bool cancelSent = false;
    RunnerOutcome out;
    bool notVisible = false; // the node could not see the staging directory
};

} // namespace

SlurmRunner::SlurmRunner(SlurmTarget target, SlurmOptions options) : m_target(std::move(target)), m_options(std::move(options)) {}

ProcessResult SlurmRunner::client(const QString &program, const QStringList &args, const std::atomic_bool *cancel) const
{
    ProcessSpec spec(program, args);
    spec.timeoutMs = m_options.clientTimeoutMs;
    return ProcessRunner::run(spec, cancel);
}

QString SlurmRunner::unavailableReason(const std::atomic_bool *cancel)
{
    for (const char *tool : {"sbatch", "scontrol", "scancel", "sinfo", "srun"}) {
        if (QStandardPaths::findExecutable(QLatin1String(tool)).isEmpty())
            return QStringLiteral("no %1 on this machine (install the Slurm client, slurm-client, configured for the cluster)")
                .arg(QLatin1String(tool));
    }
    // %P marks the default partition with '*'; %a is up/down, %G the GRES.
    QStringList args{QStringLiteral("--noheader"), QStringLiteral("--format=%P|%a|%D|%G")};
    if (!m_target.partition.isEmpty())
        args << QStringLiteral("--partition=") + m_target.partition;
    const ProcessResult r = client(QStringLiteral("sinfo"), args, cancel);
    if (r.outcome == ProcessResult::Outcome::Cancelled)
        return QStringLiteral("the check of the Slurm cluster was cancelled");
    if (!r.ok()) {
        const QString why = lastLine(r.standardError);
        return QStringLiteral("Slurm does not answer: sinfo %1%2").arg(r.describe(), why.isEmpty() ? QString() : QStringLiteral(": ") + why);
    }
    QString partition, avail, gres;
    int nodes = 0;
    for (const QString &line : QString::fromUtf8(r.standardOutput).split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
        const QStringList f = line.trimmed().split(QLatin1Char('|'));
        if (f.size() < 4)
            continue;
        QString name = f.at(0);
        const bool isDefault = name.endsWith(QLatin1Char('*'));
        if (isDefault)
            name.chop(1);
        if (m_target.partition.isEmpty() ? !isDefault : name != m_target.partition)
            continue;
        // One line per node state group: the partition is up when any line says so.
        partition = name;
        if (avail.isEmpty() || f.at(1) == QLatin1String("up"))
            avail = f.at(1);
        nodes += f.at(2).toInt();
        gres += f.at(3) + QLatin1Char(',');
    }
    if (partition.isEmpty())
        return m_target.partition.isEmpty() ? QStringLiteral("the Slurm cluster has no default partition; name one (slurm://PARTITION)")
                                            : QStringLiteral("Slurm has no partition '%1' (sinfo)").arg(m_target.partition);
    if (avail != QLatin1String("up"))
        return QStringLiteral("the Slurm partition %1 is %2 (sinfo)").arg(partition, avail);
    if (nodes < 1)
        return QStringLiteral("the Slurm partition %1 has no nodes (sinfo)").arg(partition);
    const QString wanted = m_target.gres.section(QLatin1Char(':'), 0, 0);
    if (!wanted.isEmpty() && !gres.contains(wanted + QLatin1Char(':')) && !gres.contains(wanted + QLatin1Char('(')))
        return QStringLiteral("the Slurm partition %1 offers no '%2' GRES (sinfo %G: %3)").arg(partition, wanted, gres.chopped(1));
    const QString stage = m_target.stageDirectory();
    if (!QDir().mkpath(stage) || !QFileInfo(stage).isWritable())
        return QStringLiteral("cannot write to the Slurm staging directory %1").arg(stage);
    return {};
}

RunnerOutcome SlurmRunner::run(const RunnerJob &job, const std::atomic_bool *cancel)
{
    return runMany({job}, cancel).value(0, outcome(Status::Failed, QStringLiteral("no outcome")));
}

QList<SlurmJobInfo> SlurmRunner::query(const QString &jobId, bool *reached, QString *error) const
{
    const ProcessResult r = client(QStringLiteral("scontrol"), {QStringLiteral("--oneliner"), QStringLiteral("show"), QStringLiteral("job"), jobId});
    const QString err = lastLine(r.standardError);
    // A job that left slurmctld's memory (MinJobAge) is "Invalid job id".
    *reached = r.ok() || (r.outcome == ProcessResult::Outcome::Finished && err.contains(QLatin1String("Invalid job id")));
    *error = err.isEmpty() ? r.describe() : err;
    return r.ok() ? SlurmJobInfo::parse(QString::fromUtf8(r.standardOutput)) : QList<SlurmJobInfo>();
}

QList<RunnerOutcome> SlurmRunner::runMany(const QList<RunnerJob> &jobs, const std::atomic_bool *cancel,
                                          const RunnerProgress &progress)
{
    const qsizetype n = jobs.size();
    QList<RunnerOutcome> outs(n);
    auto all = [&](Status s, const QString &why) {
        for (RunnerOutcome &o : outs)
            o = outcome(s, why);
        return outs;
    };
    if (n == 0)
        return outs;
    for (const char *tool : {"sbatch", "scontrol", "scancel"}) {
        if (QStandardPaths::findExecutable(QLatin1String(tool)).isEmpty())
            return all(Status::Unavailable, QStringLiteral("no %1 on this machine (install slurm-client)").arg(QLatin1String(tool)));
    }
    for (qsizetype i = 0; i < n; ++i) {
        if (const QString bad = jobCheck(jobs.at(i)); !bad.isEmpty())
            return all(Status::Failed, QStringLiteral("job %1: %2").arg(i).arg(bad));
    }

    // 1. Stage: STAGE/tileport-.../I/bundle for each job, and one script.
    const QString name = uniqueJobName();
    const QDir jobDir(QDir(m_target.stageDirectory()).filePath(name));
    if (!QDir().mkpath(jobDir.path()))
        return all(Status::Unavailable, QStringLiteral("cannot create %1 in the staging directory").arg(jobDir.path()));
    struct Cleanup {
        QString dir;
        ~Cleanup() { QDir(dir).removeRecursively(); }
    } cleanup{jobDir.path()};
    QString cases;
    int longestS = 0;
    for (qsizetype i = 0; i < n; ++i) {
        const RunnerJob &job = jobs.at(i);
        const QString dest = jobDir.filePath(QStringLiteral("%1/bundle").arg(i));
        QDir().mkpath(QFileInfo(dest).absolutePath());
        // -L: the bundle may link into the session (the cdylib).
        const ProcessResult cp = ProcessRunner::run(ProcessSpec(QStringLiteral("cp"), {QStringLiteral("-RL"), job.bundleDir, dest}), cancel);
        if (cp.outcome == ProcessResult::Outcome::Cancelled)
            return all(Status::Cancelled, QStringLiteral("cancelled while staging the bundles"));
        if (!cp.ok())
            return all(Status::Unavailable, QStringLiteral("cannot copy the bundle into the staging directory: %1").arg(lastLine(cp.standardError)));
        QDir(QDir(dest).filePath(QDir::cleanPath(job.resultsSubdir))).removeRecursively();
        cases += QStringLiteral("%1) set -- %2 ;;\n").arg(i).arg(commandWords(job));
        longestS = qMax(longestS, job.timeoutMs > 0 ? (job.timeoutMs + 999) / 1000 : 0);
    }
    const QString script = QStringLiteral(
                               "#!/bin/sh\n"
                               "# A TilePort bundle run: SLURM_ARRAY_TASK_ID picks the bundle.\n"
                               "t=${SLURM_ARRAY_TASK_ID:-0}\n"
                               "d=%1/$t\n"
                               "if [ ! -d \"$d/bundle\" ]; then\n"
                               "  echo \"tileport: the staging directory %1 is not visible on $(hostname)\" >&2; exit %2\n"
                               "fi\n"
                               "cd \"$d/bundle\" || exit %2\n"
                               "case $t in\n%3*) exit %2 ;;\nesac\n"
                               "hostname > ../node\n"
                               "\"$@\" </dev/null > ../log 2>&1\n"
                               "rc=$?\n"
                               "echo $rc > ../exit\n"
                               "exit $rc\n")
                               .arg(shellQuote(jobDir.path()))
                               .arg(kNotVisibleExit)
                               .arg(cases);
    const QString scriptPath = jobDir.filePath(QStringLiteral("job.sh"));
    {
        QFile f(scriptPath);
        if (!f.open(QIODevice::WriteOnly) || f.write(script.toUtf8()) < 0)
            return all(Status::Unavailable, QStringLiteral("cannot write %1").arg(scriptPath));
        f.setPermissions(f.permissions() | QFileDevice::ExeOwner);
    }

    // 2. Submit. --time: the URL's, else the job's time-out rounded up to
    // whole minutes (Slurm's unit) with one to spare, so the runner's own
    // time-out fires first.
    const bool array = n > 1;
    QStringList args{QStringLiteral("--parsable"), QStringLiteral("--job-name=") + name, QStringLiteral("--no-requeue"),
                     QStringLiteral("--chdir=") + jobDir.path(),
                     QStringLiteral("--output=") + jobDir.filePath(array ? QStringLiteral("slurm-%A_%a.out") : QStringLiteral("slurm-%j.out"))};
    if (array)
        args << QStringLiteral("--array=0-%1").arg(n - 1);
    args << m_target.submitOptions(longestS > 0 ? (longestS + 59) / 60 + 1 : 0) << scriptPath;
    const ProcessResult sub = client(QStringLiteral("sbatch"), args, cancel);
    if (sub.outcome == ProcessResult::Outcome::Cancelled)
        return all(Status::Cancelled, QStringLiteral("cancelled while submitting"));
    if (!sub.ok()) {
        const QString why = lastLine(sub.standardError);
        return all(Status::Unavailable, QStringLiteral("sbatch refused the job: %1").arg(why.isEmpty() ? sub.describe() : why));
    }
    const QString jobId = QString::fromUtf8(sub.standardOutput).trimmed().section(QLatin1Char(';'), 0, 0);
    if (jobId.isEmpty() || jobId.contains(QLatin1Char(' ')))
        return all(Status::Unavailable, QStringLiteral("sbatch printed no job id: %1").arg(QString::fromUtf8(sub.standardOutput)));

    std::vector<Task> tasks(static_cast<size_t>(n));
    for (qsizetype i = 0; i < n; ++i)
        tasks[size_t(i)].id = array ? QStringLiteral("%1_%2").arg(jobId).arg(i) : jobId;
    auto tell = [&](qsizetype i, RunnerJobState s) {
        if (progress)
            progress(int(i), s, tasks[size_t(i)].id);
    };
    for (qsizetype i = 0; i < n; ++i) {
        tell(i, RunnerJobState::Pending);
        tasks[size_t(i)].reported = true;
    }

    // 3. Watch until every task has ended.
    QElapsedTimer submitted, unreachable;
    submitted.start();
    QString lastError;
    auto scancel = [&](const QString &id) {
        client(QStringLiteral("scancel"), {id});
    };
    auto finish = [&](qsizetype i, RunnerOutcome o) {
        Task &t = tasks[size_t(i)];
        if (t.done)
            return;
        t.done = true;
        t.out = std::move(o);
        tell(i, RunnerJobState::Done);
    };
    auto remaining = [&] {
        return std::count_if(tasks.begin(), tasks.end(), [](const Task &t) { return !t.done; });
    };
    bool cancelled = false;
    while (remaining() > 0) {
        if (cancel && *cancel && !cancelled) {
            // scancel is the cancel; the tasks are then reported as they end.
            cancelled = true;
            scancel(jobId);
            for (qsizetype i = 0; i < n; ++i)
                tasks[size_t(i)].cancelSent = true;
        }
        bool reached = false;
        const QList<SlurmJobInfo> infos = query(jobId, &reached, &lastError);
        if (!reached) {
            if (!unreachable.isValid())
                unreachable.start();
            if (unreachable.elapsed() > m_options.controllerLossMs || (cancelled && unreachable.elapsed() > m_options.pollMs * 5)) {
                for (qsizetype i = 0; i < n; ++i)
                    finish(i, outcome(cancelled ? Status::Cancelled : Status::Unavailable,
                                      QStringLiteral("lost contact with Slurm while job %1 was out: %2").arg(tasks[size_t(i)].id, lastError)));
                break;
            }
        } else {
            unreachable.invalidate();
        }
        // Which record speaks for which task.
        std::vector<const SlurmJobInfo *> info(size_t(n), nullptr);
        for (const SlurmJobInfo &j : infos) {
            if (!array) {
                if (j.jobId == jobId)
                    info[0] = &j;
                continue;
            }
            for (int t : j.tasks) {
                if (t >= 0 && t < n)
                    info[size_t(t)] = &j;
            }
        }
        for (qsizetype i = 0; i < n && reached; ++i) {
            Task &t = tasks[size_t(i)];
            if (t.done)
                continue;
            const QDir taskDir(jobDir.filePath(QString::number(i)));
            const SlurmJobInfo *j = info[size_t(i)];
            if (!j) {
                // Gone from slurmctld's memory: the exit file tells, if any.
                bool ok = false;
                const int code = readAll(taskDir.filePath(QStringLiteral("exit"))).trimmed().toInt(&ok);
                if (ok)
                    finish(i, outcome(code == 0 ? Status::Ok : Status::Failed, {}, {}, code));
                else if (infos.isEmpty() && submitted.elapsed() > m_options.pollMs * 3)
                    finish(i, outcome(Status::Unavailable, QStringLiteral("Slurm no longer knows job %1, and it left no exit code").arg(t.id)));
                continue;
            }
            const Phase phase = j->phase();
            if (j->restarts > 0 || j->state.startsWith(QLatin1String("REQUEUE"))) {
                scancel(t.id);
                finish(i, outcome(Status::Unavailable, QStringLiteral("Slurm requeued %1; cancelled it").arg(j->describe(t.id))));
                continue;
            }
            if (phase == Phase::Running && t.phase != Phase::Running) {
                t.phase = Phase::Running;
                t.running.start();
                tell(i, RunnerJobState::Running);
            }
            if (phase == Phase::Pending && !t.cancelSent && submitted.elapsed() > qint64(m_target.waitS) * 1000) {
                scancel(t.id);
                t.cancelSent = true;
                finish(i, outcome(Status::Unavailable, QStringLiteral("%1 did not start within %2 s of being submitted; cancelled it")
                                                           .arg(j->describe(t.id))
                                                           .arg(m_target.waitS)));
                continue;
            }
            const int limitMs = jobs.at(i).timeoutMs;
            if (phase == Phase::Running && !t.cancelSent && limitMs > 0 && t.running.elapsed() > limitMs) {
                scancel(t.id);
                t.cancelSent = true;
                finish(i, outcome(Status::TimedOut, QStringLiteral("job %1 ran past its time-out of %2 ms on %3 and was cancelled (scancel)")
                                                        .arg(t.id)
                                                        .arg(limitMs)
                                                        .arg(j->nodes)));
                continue;
            }
            if (phase != Phase::Finished)
                continue;
            // Ended. The command's own end, or the scheduler's.
            if (cancelled && !j->endedByCommand()) {
                finish(i, outcome(Status::Cancelled, QStringLiteral("cancelled; %1 (scancel)").arg(j->describe(t.id))));
                continue;
            }
            if (j->endedByCommand()) {
                bool ok = false;
                const int code = readAll(taskDir.filePath(QStringLiteral("exit"))).trimmed().toInt(&ok);
                if (!ok && j->exitCode == kNotVisibleExit) {
                    t.notVisible = true;
                    finish(i, {});
                    continue;
                }
                const int rc = ok ? code : j->exitCode;
                if (!ok && !QFileInfo::exists(taskDir.filePath(QStringLiteral("node"))))
                    finish(i, outcome(Status::Unavailable, QStringLiteral("%1 but its job script did not run (exit %2); see its output")
                                                               .arg(j->describe(t.id))
                                                               .arg(j->exitCode),
                                      {}, j->exitCode));
                else if (rc == 0)
                    finish(i, outcome(Status::Ok, {}, {}, 0));
                else
                    finish(i, outcome(Status::Failed, QStringLiteral("the command exited with code %1 in Slurm %2").arg(rc).arg(j->describe(t.id)), {}, rc));
                continue;
            }
            const bool timedOut = j->state == QLatin1String("TIMEOUT") || j->state == QLatin1String("DEADLINE");
            finish(i, outcome(timedOut ? Status::TimedOut : Status::Unavailable, QStringLiteral("Slurm: %1").arg(j->describe(t.id)), {},
                              j->exitCode));
        }
        if (remaining() > 0)
            QThread::msleep(ulong(m_options.pollMs));
    }

    // A job the runner cancelled may still be ending; let it leave RUNNING
    // before its directory goes.
    if (std::any_of(tasks.begin(), tasks.end(), [](const Task &t) { return t.cancelSent; })) {
        QElapsedTimer settle;
        settle.start();
        while (settle.elapsed() < m_options.settleMs) {
            bool reached = false;
            const QList<SlurmJobInfo> infos = query(jobId, &reached, &lastError);
            if (!reached || std::all_of(infos.begin(), infos.end(), [](const SlurmJobInfo &j) { return j.phase() == Phase::Finished; }))
                break;
            QThread::msleep(ulong(m_options.pollMs));
        }
    }

    // 4. Collect from the staging directory: logs, and the results of jobs
    // whose command ran.
    for (qsizetype i = 0; i < n; ++i) {
        Task &t = tasks[size_t(i)];
        const QDir taskDir(jobDir.filePath(QString::number(i)));
        if (t.notVisible) {
            // The node could not see the staging directory: stream it.
            outs[i] = runStreamed(jobs.at(i), cancel);
            continue;
        }
        QString log = QString::fromUtf8(readAll(taskDir.filePath(QStringLiteral("log"))));
        const QString slurmOut = QString::fromUtf8(
            readAll(jobDir.filePath(array ? QStringLiteral("slurm-%1_%2.out").arg(jobId).arg(i) : QStringLiteral("slurm-%1.out").arg(jobId))));
        if (!slurmOut.trimmed().isEmpty())
            log += QStringLiteral("\n[slurm] %1\n").arg(slurmOut.trimmed());
        const QString node = QString::fromUtf8(readAll(taskDir.filePath(QStringLiteral("node")))).trimmed();
        const QString fetched = taskDir.filePath(QStringLiteral("bundle/") + QDir::cleanPath(jobs.at(i).resultsSubdir));
        if (t.out.status != Status::Cancelled) {
            if (const QString err = takeResults(jobs.at(i), fetched); !err.isEmpty() && t.out.status == Status::Ok)
                t.out = outcome(Status::Unavailable, err, {}, 0);
            if (!QFileInfo(fetched).isDir() && !node.isEmpty())
                log += QStringLiteral("\n[tileport] the command wrote no %1/ directory on %2\n").arg(jobs.at(i).resultsSubdir, node);
        }
        t.out.log = log + t.out.log;
        outs[i] = t.out;
    }
    return outs;
}

RunnerOutcome SlurmRunner::runStreamed(const RunnerJob &job, const std::atomic_bool *cancel)
{
    if (QStandardPaths::findExecutable(QStringLiteral("srun")).isEmpty())
        return outcome(Status::Unavailable, QStringLiteral("the staging directory is not shared with the nodes, and there is no srun"));
    QTemporaryDir scratch;
    if (!scratch.isValid())
        return outcome(Status::Failed, QStringLiteral("cannot create a temporary directory: %1").arg(scratch.errorString()));
    const QString results = QDir::cleanPath(job.resultsSubdir);
    const QString tarball = scratch.filePath(QStringLiteral("bundle.tar"));
    const ProcessResult packed = ProcessRunner::run(
        ProcessSpec(QStringLiteral("tar"), {QStringLiteral("--dereference"), QStringLiteral("-cf"), tarball, QStringLiteral("-C"), job.bundleDir,
                                            QStringLiteral("--exclude=./") + results, QStringLiteral(".")}),
        cancel);
    if (!packed.ok())
        return outcome(packed.outcome == ProcessResult::Outcome::Cancelled ? Status::Cancelled : Status::Failed,
                       QStringLiteral("cannot pack the bundle: %1").arg(lastLine(packed.standardError)));
    // On the node: unpack stdin into a private directory, run with the
    // command's output on stderr, and send the exit code and results back
    // as a tar stream on stdout.
    const QString remote = QStringLiteral(
                               "d=$(mktemp -d \"${TMPDIR:-/tmp}/tileport-XXXXXX\") || exit 96; cd \"$d\" && mkdir bundle"
                               " && tar --no-same-owner -xf - -C bundle || exit 96;"
                               " (cd bundle && %1 </dev/null >&2); echo $? > exit;"
                               " set -- exit; [ -d bundle/%2 ] && set -- exit bundle/%2; tar -cf - \"$@\"; rc=$?; cd / && rm -rf \"$d\"; exit $rc")
                               .arg(commandWords(job), shellQuote(results));
    const QString name = uniqueJobName();
    const int limitS = job.timeoutMs > 0 ? (job.timeoutMs + 999) / 1000 : 0;
    QStringList args{QStringLiteral("--quiet"), QStringLiteral("--job-name=") + name, QStringLiteral("--no-requeue"),
                     QStringLiteral("--ntasks=1"), QStringLiteral("--immediate=%1").arg(m_target.waitS)};
    args << m_target.submitOptions(limitS > 0 ? (limitS + 59) / 60 + 1 : 0) << QStringLiteral("sh") << QStringLiteral("-c") << remote;
    ProcessSpec spec(QStringLiteral("srun"), args);
    spec.standardInputFile = tarball;
    const QString back = scratch.filePath(QStringLiteral("results.tar"));
    spec.standardOutputFile = back;
    spec.timeoutMs = (job.timeoutMs > 0 ? job.timeoutMs : 24 * 3600'000) + m_target.waitS * 1000 + kTransferMs;
    const ProcessResult ran = ProcessRunner::run(spec, cancel);
    const QString log = QString::fromUtf8(ran.standardError);
    if (ran.outcome == ProcessResult::Outcome::Cancelled || ran.outcome == ProcessResult::Outcome::TimedOut) {
        client(QStringLiteral("scancel"), {QStringLiteral("--name=") + name});
        return outcome(ran.outcome == ProcessResult::Outcome::Cancelled ? Status::Cancelled : Status::TimedOut,
                       ran.outcome == ProcessResult::Outcome::Cancelled
                           ? QStringLiteral("cancelled; srun job %1 was cancelled (scancel)").arg(name)
                           : QStringLiteral("srun job %1 ran past its time-out of %2 ms and was cancelled (scancel)").arg(name).arg(job.timeoutMs),
                       log);
    }
    // Slurm's word on how the job ended.
    QString slurmWhy;
    if (const ProcessResult q = client(QStringLiteral("scontrol"), {QStringLiteral("--oneliner"), QStringLiteral("show"), QStringLiteral("job")}); q.ok()) {
        for (const SlurmJobInfo &j : SlurmJobInfo::parse(QString::fromUtf8(q.standardOutput))) {
            if (j.name == name && !j.endedByCommand())
                slurmWhy = j.describe(j.jobId);
        }
    }
    QTemporaryDir unpacked(QDir(job.bundleDir).filePath(QStringLiteral(".tileport-slurm-XXXXXX")));
    bool finished = false;
    int code = -1;
    if (unpacked.isValid() && QFileInfo(back).size() > 0
        && ProcessRunner::run(ProcessSpec(QStringLiteral("tar"), {QStringLiteral("-xf"), back, QStringLiteral("-C"), unpacked.path()})).ok()) {
        code = readAll(unpacked.filePath(QStringLiteral("exit"))).trimmed().toInt(&finished);
    }
    if (!finished) {
        const QString why = !slurmWhy.isEmpty() ? QStringLiteral("Slurm: ") + slurmWhy
                                                : QStringLiteral("srun %1: %2").arg(ran.describe(), lastLine(ran.standardError));
        return outcome(slurmWhy.contains(QLatin1String("TIMEOUT")) ? Status::TimedOut : Status::Unavailable, why, log);
    }
    if (const QString err = takeResults(job, unpacked.filePath(QStringLiteral("bundle/") + results)); !err.isEmpty())
        return outcome(Status::Unavailable, err, log, code);
    if (code != 0)
        return outcome(Status::Failed, QStringLiteral("the command exited with code %1 in srun job %2").arg(code).arg(name), log, code);
    return outcome(Status::Ok, {}, log, 0);
}

std::unique_ptr<GpuRunner> makeSlurmRunner(const QString &spec, QString *error, const SlurmOptions &options)
{
    std::optional<SlurmTarget> target = SlurmTarget::parse(spec, error);
    if (!target)
        return nullptr;
    return std::make_unique<SlurmRunner>(std::move(*target), options);
}

} // namespace tileport
