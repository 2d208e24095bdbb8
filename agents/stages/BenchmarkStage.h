// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "Stage.h"

namespace tileport {

// Stage E: times the cuTile Python reference and the Rust kernel on the
// same inputs (warm-up, CUDA events, L2 flushed before every iteration,
// median of repetitions) for every config, through a GpuRunner, and emits
// one benchmark row per config. DONE when the geometric mean of rust/ref
// is at most 1.05, else INVESTIGATE; BLOCKED (env) without a GPU.
class BenchmarkStage : public Stage
{
public:
    static constexpr double kGate = 1.05;

    explicit BenchmarkStage(QString gpuRunner = QStringLiteral("local")) : m_runner(std::move(gpuRunner)) {}
    QChar id() const override { return QLatin1Char('E'); }
    StageReport run(StageContext &ctx) override;

private:
    QString m_runner;
};

} // namespace tileport
