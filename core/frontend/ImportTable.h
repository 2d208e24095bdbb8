// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "ImportBinding.h"

#include <QHash>
#include <QList>
#include <QStringList>

#include <tree_sitter/api.h>

namespace tileport::frontend {

class PythonSource;

// The names a module binds through imports (and module-level aliases of
// imported names), so that `ct.load`, `tile.load` or a bare `load` all
// resolve to "cuda.tile.load" whatever the spelling.
class ImportTable
{
public:
    // Records an import_statement or import_from_statement node.
    void addImport(const PythonSource &src, TSNode stmt);
    void addAlias(const QString &name, const QString &target, const SourceRange &range);

    // The dotted qualified name an identifier/attribute/subscript expression
    // denotes ("cuda.tile.Constant[int]"), or an empty string when the
    // expression does not start at an imported name.
    QString resolve(const PythonSource &src, TSNode expr) const;
    QString targetOf(const QString &name) const;
    bool binds(const QString &name) const { return m_index.contains(name); }

    const QList<ImportBinding> &bindings() const { return m_bindings; }
    const QStringList &wildcardModules() const { return m_wildcards; }

private:
    void bind(const QString &name, const QString &target, bool alias, const SourceRange &range);

    QList<ImportBinding> m_bindings;
    QHash<QString, qsizetype> m_index;
    QStringList m_wildcards;
};

} // namespace tileport::frontend
