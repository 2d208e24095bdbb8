// SPDX-License-Identifier: MIT
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
    // With `keepEditedCrate`, an existing generated/crate/src/lib.rs (a
    // user's edit, e.g. from the IDE) is built as it is instead of being
    // translated again.
    explicit GenerateStage(bool keepEditedCrate = false)
        : m_keepEditedCrate(keepEditedCrate)
    {
    }
    QChar id() const override { return QLatin1Char('B'); }
    StageReport run(StageContext &ctx) override;

private:
    bool m_keepEditedCrate = false;
};

} // namespace tileport
