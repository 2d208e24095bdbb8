// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "GpuRunner.h"
#include "SlurmTarget.h"

namespace tileport {

struct ProcessResult;
struct SlurmJobInfo;

struct SlurmOptions {
    int pollMs = 2'000;            // how often scontrol is asked about the jobs
    int clientTimeoutMs = 60'000;  // each sbatch, scontrol, scancel, sinfo call
    // How long slurmctld may stay unreachable while jobs are out before
    // the runner gives up on them.
    int controllerLossMs = 5 * 60'000;
    // How long a job Slurm cancelled or lost may take to leave RUNNING
    // (a node failure is noticed after the cluster's SlurmdTimeout).
    int settleMs = 10 * 60'000;
};

// Runs harness bundles on a Slurm cluster with the user's own client
// (sbatch, scontrol, scancel, sinfo, srun) and configuration (SLURM_CONF or
// the system's). Bundles are copied into a fresh directory under the
// staging directory, which the compute nodes must share; each run is one
// sbatch job and runMany() one job array, watched with scontrol and
// cancelled with scancel. When the nodes cannot see the staging directory
// a job is run again with srun, the bundle streamed to the node on its
// stdin and the results back on its stdout.
class SlurmRunner : public GpuRunner
{
public:
    explicit SlurmRunner(SlurmTarget target, SlurmOptions options = SlurmOptions());

    QString describe() const override { return m_target.spec(); }
    QString unavailableReason(const std::atomic_bool *cancel = nullptr) override;
    RunnerOutcome run(const RunnerJob &job, const std::atomic_bool *cancel = nullptr) override;
    QList<RunnerOutcome> runMany(const QList<RunnerJob> &jobs, const std::atomic_bool *cancel = nullptr,
                                 const RunnerProgress &progress = {}) override;

    const SlurmTarget &target() const { return m_target; }

private:
    ProcessResult client(const QString &program, const QStringList &args, const std::atomic_bool *cancel = nullptr) const;
    // The job's record, waited for until it leaves RUNNING (or settleMs).
    QList<SlurmJobInfo> query(const QString &jobId, bool *reached, QString *error) const;
    RunnerOutcome runStreamed(const RunnerJob &job, const std::atomic_bool *cancel);

    SlurmTarget m_target;
    SlurmOptions m_options;
};

// Parses "slurm://[PARTITION][?gres=...&time=...&account=...&qos=...&wait=...&stage=...]".
std::unique_ptr<GpuRunner> makeSlurmRunner(const QString &spec, QString *error, const SlurmOptions &options = SlurmOptions());

} // namespace tileport
