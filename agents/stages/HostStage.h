// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "Stage.h"

namespace tileport {

// Stage D: the host side and correctness. Writes the C ABI (ffi.rs) into
// stage B's crate, builds it as a cdylib, assembles the host bundle (see
// HostBundle) and has a GpuRunner run its check: the cuTile Python
// reference and the Rust kernel on identical inputs, compared with each
// config's tolerance. ALL_PASS; FAIL (owner host|kernel); BLOCKED (owner
// env: no GPU or the runner cannot run it; kernel: nothing to check).
class HostStage : public Stage
{
public:
    // `gpuRunner` is a makeGpuRunner spec: "local", "ssh://host/dir" or "slurm://...".
    explicit HostStage(QString gpuRunner = QStringLiteral("local")) : m_runner(std::move(gpuRunner)) {}
    QChar id() const override { return QLatin1Char('D'); }
    StageReport run(StageContext &ctx) override;

private:
    QString m_runner;
};

} // namespace tileport
