// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "LocalRunner.h"

#include "ProcessRunner.h"

#include <QDir>
#include <QFileInfo>
#include <QLibrary>

namespace tileport {

QString LocalRunner::driverProblem()
{
    // Asking the driver itself: nvidia-smi may be missing where the driver
    // works (containers), and present where it does not.
    QLibrary cuda(QStringLiteral("cuda"), 1);
    if (!cuda.load())
        return QStringLiteral("no NVIDIA driver: libcuda.so.1 cannot be loaded (%1)").arg(cuda.errorString());
    using Init = int (*)(unsigned);
    using Count = int (*)(int *);
    const auto init = reinterpret_cast<Init>(cuda.resolve("cuInit"));
    const auto count = reinterpret_cast<Count>(cuda.resolve("cuDeviceGetCount"));
    if (!init || !count)
        return QStringLiteral("libcuda.so.1 lacks cuInit/cuDeviceGetCount");
    if (const int rc = init(0); rc != 0)
        return QStringLiteral("the NVIDIA driver is present but cuInit failed (CUresult %1): no usable GPU").arg(rc);
    int n = 0;
    if (const int rc = count(&n); rc != 0 || n < 1)
        return QStringLiteral("the NVIDIA driver reports no GPU (CUresult %1, %2 device(s))").arg(rc).arg(n);
    return {};
}

QString LocalRunner::unavailableReason(const std::atomic_bool *)
{
    return driverProblem();
}

RunnerOutcome LocalRunner::run(const RunnerJob &job, const std::atomic_bool *cancel)
{
    RunnerOutcome out;
    if (job.command.isEmpty()) {
        out.status = RunnerOutcome::Status::Failed;
        out.reason = QStringLiteral("empty command");
        return out;
    }
    if (!QFileInfo(job.bundleDir).isDir()) {
        out.status = RunnerOutcome::Status::Failed;
        out.reason = QStringLiteral("%1: no such bundle directory").arg(job.bundleDir);
        return out;
    }
    const QDir bundle(job.bundleDir);
    QDir().mkpath(bundle.filePath(job.resultsSubdir));
    // The program is relative to the bundle unless it is on PATH (python3, bash).
    QString program = job.command.first();
    if (program.contains(QLatin1Char('/')) && QFileInfo(program).isRelative())
        program = bundle.absoluteFilePath(program);
    ProcessSpec spec{program, job.command.mid(1)};
    spec.workingDirectory = bundle.absolutePath();
    spec.timeoutMs = job.timeoutMs;
    const ProcessResult r = ProcessRunner::run(spec, cancel);
    out.exitCode = r.exitCode;
    out.log = QString::fromUtf8(r.standardOutput + r.standardError);
    switch (r.outcome) {
    case ProcessResult::Outcome::Finished:
        out.status = r.exitCode == 0 ? RunnerOutcome::Status::Ok : RunnerOutcome::Status::Failed;
        if (r.exitCode != 0)
            out.reason = QStringLiteral("%1 %2").arg(job.command.join(QLatin1Char(' ')), r.describe());
        break;
    case ProcessResult::Outcome::TimedOut:
        out.status = RunnerOutcome::Status::TimedOut;
        out.reason = r.describe();
        break;
    case ProcessResult::Outcome::Cancelled:
        out.status = RunnerOutcome::Status::Cancelled;
        out.reason = QStringLiteral("cancelled");
        break;
    default:
        out.status = RunnerOutcome::Status::Failed;
        out.reason = QStringLiteral("%1: %2").arg(job.command.first(), r.describe());
        break;
    }
    return out;
}

} // namespace tileport
