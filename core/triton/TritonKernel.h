// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "TritonAutotuneConfig.h"
#include "TritonIssue.h"
#include "TritonParam.h"

#include <QHash>
#include <QList>
#include <QStringList>

namespace tileport::triton {

// A @triton.jit kernel: its signature, decorators and tuning, and the
// outcome of desugaring it to cuTile Python.
struct TritonKernel {
    QString name;
    int line = 0, col = 0, endLine = 0;
    QStringList decorators; // "jit", "autotune", "heuristics"
    QList<TritonParam> params;
    QList<TritonAutotuneConfig> autotuneConfigs;
    bool autotuneGenerated = false; // configs come from a comprehension or a call
    QStringList autotuneKeys;
    QStringList heuristics; // the parameter names heuristics compute
    QStringList ops;        // tl.* functions used, in first-use order
    QList<TritonIssue> unsupported;
    QStringList notes;      // assumptions the desugaring made
    // Host TensorDescriptor parameter -> its block shape in kernel terms
    // (literals and constexpr names), from the launches (TritonHostDescriptors).
    QHash<QString, QStringList> descriptorBlocks;
    bool helper = false;    // called by another @triton.jit function, not launched on its own
    bool portable() const { return unsupported.isEmpty() && !helper; }
};

} // namespace tileport::triton
