// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "ModuleConstant.h"
#include "PythonSource.h"

#include <QHash>
#include <QString>

#include <functional>
#include <memory>

#include <tree_sitter/api.h>

namespace tileport::frontend {

struct ModuleAnalysis;

// The module constants a `from MODULE import NAME, ...` statement brings in
// when MODULE is a Python file of the same project: a relative import, or
// an absolute one that resolves to a file under a directory above this
// file's. Keyed by the local name (an `as` alias); the module's own
// constants, including those it imports the same way (a few levels deep,
// cycles cut). Empty when the module is not a file found here.
QHash<QString, ModuleConstant> siblingConstants(const PythonSource &src, TSNode importFrom);

// The file a module name resolves to from `fromFile` (`pkg/mod.py` or
// `pkg/mod/__init__.py`), or an empty string. `dots` is the number of
// leading dots of a relative import (0: absolute).
QString siblingModuleFile(const QString &fromFile, int dots, const QStringList &parts);

// The analysis of a module file of the project, made once per version of
// the file and shared by its constants' and helpers' readers; null while
// that file is being analyzed on this thread (an import cycle) or past a
// few levels of modules importing modules.
std::shared_ptr<const ModuleAnalysis> siblingModule(const QString &file);

// The file a `from MODULE import ...` statement of `src` reads, when MODULE
// is a module of the same project (siblingModuleFile); else empty.
QString importedModuleFile(const PythonSource &src, TSNode importFrom);

// Each name `from M import a, b as c` brings: bring(name in M, local name).
void forEachImportedName(const PythonSource &src, TSNode importFrom,
                         const std::function<void(const QString &name, const QString &local)> &bring);

} // namespace tileport::frontend
