// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <QChar>
#include <QString>

#include "Verdict.h"

#include <optional>

namespace tileport {

// What one finished stage attempt said, as far as routing cares: the verdict
// and, for FAIL/BLOCKED from D or FAIL_FIXABLE from C, who has to act
// ("host", "kernel" or "env"; empty when the stage did not say).
struct StageOutcome {
    QChar stage;
    Verdict verdict = Verdict::Blocked;
    std::optional<Owner> owner;
};

} // namespace tileport
