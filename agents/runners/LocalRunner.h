// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "GpuRunner.h"

namespace tileport {

// Runs bundles on this machine, through ProcessRunner (time-out, cancel).
// Available when the NVIDIA driver library loads and reports a device.
class LocalRunner : public GpuRunner
{
public:
    QString describe() const override { return QStringLiteral("local"); }
    QString unavailableReason(const std::atomic_bool *cancel = nullptr) override;
    RunnerOutcome run(const RunnerJob &job, const std::atomic_bool *cancel = nullptr) override;

    // The driver check alone: empty when libcuda loads, cuInit succeeds and
    // at least one device is present; otherwise why not.
    static QString driverProblem();
};

} // namespace tileport
