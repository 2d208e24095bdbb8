// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "Stage.h"

namespace tileport {

// Stage A: the kernel model (reference/analysis.json), the sidecar's
// specialization configs checked against it, and per config the reference
// Tile IR from the real cuTile Python compiler (reference/K.CONFIG.tileirbc)
// decoded into the dialect (reference/K.CONFIG.mlir).
// A Triton source is analyzed by the Triton front-end; its reference is
// the cuTile Python equivalent each config names, if any (docs/triton.md).
// PASS, FAIL_FIXABLE (kernel: unreadable source, bad config, compile error)
// or BLOCKED (env: no Python with cuda-tile).
class AnalyzeStage : public Stage
{
public:
    QChar id() const override { return QLatin1Char('A'); }
    StageReport run(StageContext &ctx) override;
};

} // namespace tileport
