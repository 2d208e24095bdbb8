// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// What the remote runners (ssh, Slurm) share: job names, path checks, the
// one line of a tool's output a user reads, and outcome construction.
#pragma once

#include "GpuRunner.h"

#include <QByteArray>
#include <QString>

namespace tileport::runner {

// The last non-blank line of a tool's output.
QString lastLine(const QByteArray &text);
// tileport-YYYYMMDD-HHMMSS-<random>: a job or staging directory name no
// other run of this or another machine picks.
QString uniqueJobName();
// A results directory must stay inside the bundle: relative, not "." and
// not climbing out with "..".
bool cleanRelativePath(const QString &p);
RunnerOutcome outcome(RunnerOutcome::Status status, QString reason, QString log = {}, int exitCode = -1);

} // namespace tileport::runner
