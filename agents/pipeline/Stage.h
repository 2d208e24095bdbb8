// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "StageContext.h"
#include "StageReport.h"

namespace tileport {

// One pipeline stage: one job, one verdict. run() is called on a worker
// thread; it must poll ctx.isCancelled() between steps and pass the cancel
// flag and ctx.toolTimeoutMs() to every child process.
class Stage
{
public:
    virtual ~Stage() = default;
    virtual QChar id() const = 0;
    virtual StageReport run(StageContext &ctx) = 0;
};

} // namespace tileport
