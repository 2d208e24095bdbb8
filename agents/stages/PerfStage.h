// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "Stage.h"

namespace tileport {

// Stage F (optional): perf diagnosis. From stage C's per-config diff reports
// it lists every difference in what steers code generation: optimization
// hints (latency, allow_tma, occupancy, num_cta_in_cga), rounding and
// flush-to-zero, assume facts and the memory-op forms. When the run holds
// both cubins (reference/K.CONFIG.cubin, generated/K.CONFIG.cubin) and
// cuobjdump is found, it also compares their SASS instruction mix.
// Verdicts: FIXABLE (differences found), ALIGNED, BLOCKED (no stage C
// reports). Writes reports/perf_CONFIG.json beside the stage report.
class PerfStage : public Stage
{
public:
    QChar id() const override { return QLatin1Char('F'); }
    StageReport run(StageContext &ctx) override;
};

} // namespace tileport
