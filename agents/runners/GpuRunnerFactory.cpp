// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "GpuRunner.h"
#include "LocalRunner.h"
#include "SlurmRunner.h"
#include "SshRunner.h"

namespace tileport {

std::unique_ptr<GpuRunner> makeGpuRunner(const QString &spec, QString *error)
{
    if (spec == QLatin1String("local"))
        return std::make_unique<LocalRunner>();
    if (spec.startsWith(QLatin1String("ssh://")))
        return makeSshRunner(spec, error); // the user's ssh config, keys and agent
    if (spec.startsWith(QLatin1String("slurm://")))
        return makeSlurmRunner(spec, error); // the user's Slurm client and configuration
    if (error)
        *error = QStringLiteral("unknown GPU runner '%1': use 'local', 'ssh://[user@]host[:port]/remote/dir' or 'slurm://[PARTITION][?gres=gpu:1&time=MM]'").arg(spec);
    return nullptr;
}

QList<RunnerOutcome> GpuRunner::runMany(const QList<RunnerJob> &jobs, const std::atomic_bool *cancel,
                                        const RunnerProgress &progress)
{
    QList<RunnerOutcome> outcomes;
    for (qsizetype i = 0; i < jobs.size(); ++i) {
        if (progress)
            progress(int(i), RunnerJobState::Running, {});
        outcomes << run(jobs.at(i), cancel);
        if (progress)
            progress(int(i), RunnerJobState::Done, {});
    }
    return outcomes;
}

} // namespace tileport
