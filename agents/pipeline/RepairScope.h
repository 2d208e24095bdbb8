// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "StageReport.h"

namespace tileport {

// Which findings of a stage report a model-backed repair agent could take
// on, and which agent: every stage runs without a model, and says this in
// its report (the "repairable" list) so the user knows what `tileport
// repair` would address. Environment problems (no GPU, no cargo) are never
// offered: no patch fixes them.
class RepairScope
{
public:
    // [{finding, agent: "B"|"C"|"D", why}] for the report's verdict.
    static QJsonArray findings(const StageReport &report);
};

} // namespace tileport
