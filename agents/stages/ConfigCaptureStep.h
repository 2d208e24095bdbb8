// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "StageContext.h"
#include "StageReport.h"

#include <optional>

namespace tileport {

// Stage A's capture of a session's configs from the code (session info
// "config_capture"): runs ConfigCapture on the source with the session's
// tests, calls and target, writes the sidecar to SESSION/configs/ (and a
// copy into the run's reference/), and logs its diagnostics. `summary` gets
// "configs captured from the code: N configs for kernel K from M sources";
// the stage's verdict comes back when the capture leaves nothing to export.
struct ConfigCaptureStep {
    QString summary;
    QJsonObject evidence;
    QString markdown;

    std::optional<StageReport> run(StageContext &ctx, const QString &kernel);
};

} // namespace tileport
