// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "PythonSource.h"

#include <QList>
#include <QString>

#include <memory>

#include <tree_sitter/api.h>

namespace tileport::frontend {

struct ModuleAnalysis;

// A device helper a kernel file imports from a module of its own project
// (`from .gelu import gelu_forward_ct`): the translator inlines its body,
// read in that module (its constants, imports and further helpers).
struct ImportedHelper {
    QString local;  // the name the importing file calls it by
    QString name;   // its name in its module
    std::shared_ptr<const ModuleAnalysis> module; // that module, analyzed (its parsed source included)
};

// The module-level functions (not kernels) a `from MODULE import ...`
// statement brings in when MODULE is a file of the same project (as
// siblingConstants finds it). Empty when it is not, or names none.
QList<ImportedHelper> siblingHelpers(const PythonSource &src, TSNode importFrom);

} // namespace tileport::frontend
