// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "GpuRunner.h"
#include "Toolchains.h"

#include <QHash>
#include <QList>
#include <QString>

#include <atomic>
#include <functional>

namespace tileport {

// The GPU half of `tileport batch --gpu RUNNER`: stages D and E for every
// built kernel. Each kernel's host bundle is made by HostBundleBuilder, as
// stage D makes it; then every bundle's check goes to the runner at once
// (GpuRunner::runMany: one Slurm job array), and after it the timing of
// each bundle whose check ran. Outcomes come back per config.
class BatchGpuRun
{
public:
    struct Bundle {
        QString label;      // "file.py kernel", for progress
        QString source;     // the kernel's Python file
        QString kernel;
        QString configPath; // its configs (sidecar or captured)
        QString crateDir;   // the crate the batch built
        QString outDir;     // the bundle
    };
    struct ConfigResult {
        QString check = QStringLiteral("-"); // pass, fail, or the harness's status for that config
        QString reason;
        double maxAbsErr = -1;
        double refMs = 0, rustMs = 0, ratio = 0;
        QString benchReason;
    };
    struct Outcome {
        // Set when the bundle as a whole has no per-config result: its host
        // code did not build, the runner could not run it, the harness said
        // it cannot run here. verdict BLOCKED or FAIL.
        QString verdict;
        QString owner;
        QString reason;
        QString benchReason; // why nothing was timed, when the check ran
        QString checkJob, benchJob; // the runner's names for its jobs
        QHash<QString, ConfigResult> configs;
    };
    // Step "bundle", "check" or "bench" of bundle `index` changed state.
    using Progress = std::function<void(int index, const QString &step, RunnerJobState state, const QString &job)>;

    static QList<Outcome> run(const QList<Bundle> &bundles, const QString &runnerSpec, const Toolchains &tools, int timeoutMs,
                              const std::atomic_bool *cancel, const Progress &progress = {});
};

} // namespace tileport
