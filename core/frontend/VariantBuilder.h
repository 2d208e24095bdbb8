// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "FunctionFacts.h"
#include "KernelInfo.h"

#include <QHash>

namespace tileport::frontend {

// Turns a kernel's constant branch points into variants: expands helper
// calls inside each arm into the helper's structure, marks the points whose
// arms differ in tile shapes, memory API or mma/reduce/scan structure, and
// enumerates one variant per combination of arms (nested points only inside
// the arm that holds them).
class VariantBuilder
{
public:
    static void build(KernelInfo &kernel, const QHash<QString, const FunctionFacts *> &helpers, int limit = 64);

private:
    static QStringList expand(const QStringList &signature, const QHash<QString, const FunctionFacts *> &helpers,
                              QStringList &visiting);
};

} // namespace tileport::frontend
