// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <QString>
#include <QStringList>

#include <atomic>
#include <functional>
#include <memory>

namespace tileport {

// A self-contained directory (harness scripts, the cdylib, inputs) that a
// runner executes somewhere with a GPU. The command runs with the bundle as
// its working directory; whatever it writes under resultsSubdir comes back
// into the local bundle.
struct RunnerJob {
    QString bundleDir;
    QStringList command; // program and arguments, relative to the bundle
    int timeoutMs = 10 * 60'000;
    QString resultsSubdir = QStringLiteral("results");
};

struct RunnerOutcome {
    enum class Status { Ok, Failed, TimedOut, Cancelled, Unavailable };
    Status status = Status::Unavailable;
    int exitCode = -1;
    QString log;    // the command's stdout and stderr
    QString reason; // set unless status is Ok: one line a user can act on
};

// Where one job of a runMany() stands, for progress lines.
enum class RunnerJobState { Pending, Running, Done };

// Called as jobs change state: the job's index, its new state, and the
// scheduler's name for it ("1234_5" for a Slurm array task; "" elsewhere).
using RunnerProgress = std::function<void(int index, RunnerJobState state, const QString &id)>;

// Where GPU work runs: this machine, a host reached over ssh, or a Slurm cluster.
class GpuRunner
{
public:
    virtual ~GpuRunner() = default;
    // "local", "ssh://host/dir" or "slurm://partition".
    virtual QString describe() const = 0;
    // Empty when the runner can run GPU work now; otherwise why not (no
    // driver, no GPU, host unreachable). Stages turn this into BLOCKED(env).
    virtual QString unavailableReason(const std::atomic_bool *cancel = nullptr) = 0;
    virtual RunnerOutcome run(const RunnerJob &job, const std::atomic_bool *cancel = nullptr) = 0;
    // Several independent jobs, one outcome each in the same order. This
    // runs them one after another; a scheduler submits them together (a
    // Slurm job array).
    virtual QList<RunnerOutcome> runMany(const QList<RunnerJob> &jobs, const std::atomic_bool *cancel = nullptr,
                                         const RunnerProgress &progress = {});
};

// Parses "local", "ssh://[user@]host[:port]/remote/dir" or
// "slurm://[PARTITION][?gres=...&time=...]". Returns null and sets *error
// for anything else.
std::unique_ptr<GpuRunner> makeGpuRunner(const QString &spec, QString *error);

} // namespace tileport
