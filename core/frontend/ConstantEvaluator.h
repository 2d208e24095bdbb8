// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "ConstantValue.h"

#include <QString>

#include <tree_sitter/api.h>

#include <functional>
#include <optional>

namespace tileport::frontend {

class ImportTable;
class PythonSource;

// Evaluates simple compile-time Python expressions: int/float/bool literals,
// arithmetic, bit and comparison operators, `and`/`or`/`not`, conditional
// expressions, min/max/abs/int/float/bool, float("inf"), math constants and
// functions, ct.cdiv, and names the lookup knows. Anything else (and any
// overflow of 64-bit ints) is "not constant".
class ConstantEvaluator
{
public:
    using Lookup = std::function<std::optional<ConstantValue>(const QString &name)>;

    ConstantEvaluator(const PythonSource &src, const ImportTable &imports, Lookup lookup);
    std::optional<ConstantValue> evaluate(TSNode expr) const;

private:
    std::optional<ConstantValue> eval(TSNode n, int depth) const;
    std::optional<ConstantValue> call(TSNode n, int depth) const;

    const PythonSource &m_src;
    const ImportTable &m_imports;
    Lookup m_lookup;
};

} // namespace tileport::frontend
