// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "KernelConfigFile.h"
#include "ModuleAnalysis.h"
#include "TritonModule.h"

#include <QHash>
#include <QSet>
#include <QStringList>

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
// A string-valued tl.constexpr (`strings`) is an int in the desugared
// kernel: a captured string becomes its index there (-1 for one the kernel
// never compares with); the string stays as the const's "source_value",
// which the Triton reference is launched with.
struct FitFacts {
    QSet<QString> flat;                     // its pointers addressed through gathers
    QHash<QString, QStringList> strings;    // string tl.constexpr -> the strings, by their int
};
using FitHints = QHash<QString, FitFacts>; // kernel -> what the fit needs of it
FitHints fitHints(const TritonModule &module);
int fitToDesugared(frontend::KernelConfigFile &configs, const frontend::ModuleAnalysis &desugared, const FitHints &hints = {});
// The same on a captured sidecar's JSON (what is written as the session's
// or the batch's config file); bytes that are no JSON object come back as
// they are.
QByteArray fitSidecar(const QByteArray &sidecar, const frontend::ModuleAnalysis &desugared, const FitHints &hints = {});

} // namespace tileport::triton
