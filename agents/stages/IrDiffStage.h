// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "Stage.h"

namespace tileport {

// Stage C: for every config stage A exported, the canonical structural diff
// of the reference Tile IR against the generated one that stage B wrote as
// generated/K.CONFIG.tileirbc. Reports per config go to
// reports/diff_CONFIG.{json,md}, with the launchers' facts of the config
// from the session's sidecar (LauncherFindings); the verdict is the worst of them:
// PASS, PASS_WITH_NOTES, FAIL_FIXABLE (owner kernel|host), or BLOCKED when
// an input is missing.
class IrDiffStage : public Stage
{
public:
    QChar id() const override { return QLatin1Char('C'); }
    StageReport run(StageContext &ctx) override;
};

} // namespace tileport
