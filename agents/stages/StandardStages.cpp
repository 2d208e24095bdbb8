// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "StandardStages.h"

#include "AnalyzeStage.h"
#include "BenchmarkStage.h"
#include "GenerateStage.h"
#include "HostStage.h"
#include "IrDiffStage.h"
#include "Orchestrator.h"
#include "PerfStage.h"

namespace tileport {

void addStandardStages(Orchestrator &orchestrator, const QString &gpuRunner)
{
    orchestrator.addStage(std::make_unique<AnalyzeStage>());
    orchestrator.addStage(std::make_unique<GenerateStage>());
    orchestrator.addStage(std::make_unique<IrDiffStage>());
    orchestrator.addStage(std::make_unique<HostStage>(gpuRunner));
    orchestrator.addStage(std::make_unique<BenchmarkStage>(gpuRunner));
    orchestrator.addStage(std::make_unique<PerfStage>());
}

} // namespace tileport
