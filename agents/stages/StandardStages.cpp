// SPDX-License-Identifier: MIT
#include "StandardStages.h"

#include "AnalyzeStage.h"
#include "GenerateStage.h"
#include "IrDiffStage.h"
#include "Orchestrator.h"

namespace tileport {

void addStandardStages(Orchestrator &orchestrator)
{
    orchestrator.addStage(std::make_unique<AnalyzeStage>());
    orchestrator.addStage(std::make_unique<GenerateStage>());
    orchestrator.addStage(std::make_unique<IrDiffStage>());
}

} // namespace tileport
