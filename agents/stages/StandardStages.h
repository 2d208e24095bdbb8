// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <QString>

namespace tileport {

class Orchestrator;

// Registers every stage this build implements, for the CLI and the IDE alike.
// `gpuRunner` says where stages D and E run their bundles ("local" or
// "ssh://host/dir" or "slurm://partition", see makeGpuRunner).
void addStandardStages(Orchestrator &orchestrator, const QString &gpuRunner = QStringLiteral("local"));

} // namespace tileport
