// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "GpuRunner.h"
#include "HostBundle.h"
#include "StageContext.h"
#include "StageReport.h"

namespace tileport {

// Runs one mode of a host bundle through the runner named by `spec` and
// reads its results JSON. Shared by stages D and E: on any failure it sets
// `report`'s verdict (BLOCKED env for an unavailable runner, a time-out or
// a harness that says the environment cannot run it; FAIL host for a
// broken bundle) and returns an empty object.
QJsonObject runBundle(StageContext &ctx, const QString &spec, const HostBundle &bundle, const QString &mode,
                      StageReport &report);

} // namespace tileport
