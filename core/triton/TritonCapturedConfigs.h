// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "KernelConfigFile.h"
#include "ModuleAnalysis.h"

namespace tileport::triton {

// A capture records a Triton launch with every parameter of the @triton.jit
// function, by name; the desugared kernel drops the ones its arrays carry
// (a bound or a stride, `consumed`). Gives each config of a desugared
// kernel the parameters of that kernel's signature, in its order, taken by
// name; a config with unnamed parameters, or of a kernel the desugared
// module lacks, is left as it is (the configs' check then names it).
// Returns how many configs were changed.
int fitToDesugared(frontend::KernelConfigFile &configs, const frontend::ModuleAnalysis &desugared);
// The same on a captured sidecar's JSON (what is written as the session's
// or the batch's config file); bytes that are no JSON object come back as
// they are.
QByteArray fitSidecar(const QByteArray &sidecar, const frontend::ModuleAnalysis &desugared);

} // namespace tileport::triton
