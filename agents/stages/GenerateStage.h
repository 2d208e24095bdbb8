// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "Stage.h"

namespace tileport {

// Stage B: translates the kernel to a cuTile Rust crate (generated/crate),
// builds it with cargo, and runs its KernelCompiler IR harness for every
// config of the kernel, writing generated/K.CONFIG.tileirbc for stage C.
// COMPILED, FAIL_FIXABLE (kernel: the translator refused the kernel),
// FAIL_COMPILE (cargo or the harness failed) or BLOCKED (env: no cargo).
class GenerateStage : public Stage
{
public:
    // keepCrate: build the crate already in the run (a repair patched it,
    // or the user edited it in the IDE) instead of translating it anew.
    explicit GenerateStage(bool keepCrate = false)
        : m_keepCrate(keepCrate)
    {
    }
    QChar id() const override { return QLatin1Char('B'); }
    StageReport run(StageContext &ctx) override;

private:
    bool m_keepCrate = false;
};

} // namespace tileport
