// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "KernelOption.h"

#include <tree_sitter/api.h>

namespace tileport::frontend {

class ConstantEvaluator;
class ImportTable;
class PythonSource;

// Reads one `name=value` keyword argument of @ct.kernel(...), replace_hints
// or ct.ByTarget-valued hints into a KernelOption.
class OptionReader
{
public:
    static KernelOption read(const PythonSource &src, const ImportTable &imports, const ConstantEvaluator &eval,
                             TSNode keywordArgument);
    // The option names @ct.kernel and replace_hints accept.
    static bool isKnownOption(const QString &name);
};

} // namespace tileport::frontend
