// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "KernelConfigFile.h"
#include "ModuleAnalysis.h"
#include "TritonModule.h"

#include <QHash>
#include <QSet>

namespace tileport::triton {

// A capture records a Triton launch with every parameter of the @triton.jit
// function, by name; the desugared kernel drops the ones its arrays carry
// (a bound or a stride, `consumed`). Gives each config of a desugared
// kernel the parameters of that kernel's signature, in its order, taken by
// name; a config with unnamed parameters, or of a kernel the desugared
// module lacks, is left as it is (the configs' check then names it).
// A pointer addressed through gathers (`flat`) is the flat tensor in the
// desugared kernel: a contiguous captured array of it becomes 1-D (a
// strided one is left, and the check names its rank).
// Returns how many configs were changed.
using FlatParams = QHash<QString, QSet<QString>>; // kernel -> its flat pointer parameters
FlatParams flatParams(const TritonModule &module);
int fitToDesugared(frontend::KernelConfigFile &configs, const frontend::ModuleAnalysis &desugared, const FlatParams &flat = {});
// The same on a captured sidecar's JSON (what is written as the session's
// or the batch's config file); bytes that are no JSON object come back as
// they are.
QByteArray fitSidecar(const QByteArray &sidecar, const frontend::ModuleAnalysis &desugared, const FlatParams &flat = {});

} // namespace tileport::triton
