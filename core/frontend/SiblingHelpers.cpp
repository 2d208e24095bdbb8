// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "SiblingHelpers.h"

#include "ModuleAnalysis.h"
#include "SiblingConstants.h"
#include "SyntaxNode.h"

#include <QFileInfo>

namespace tileport::frontend {

namespace {

// Whether the module defines `name` as a plain (or decorated) function at
// its top level.
bool definesFunction(const ModuleAnalysis &m, const QString &name)
{
    if (!m.source || m.kernel(name))
        return false;
    for (TSNode stmt : node::children(m.source->root())) {
        TSNode def = stmt;
        if (node::is(def, "decorated_definition"))
            def = node::field(def, "definition");
        if (node::is(def, "function_definition") && m.source->text(node::field(def, "name")) == name)
            return true;
    }
    return false;
}

} // namespace

QList<ImportedHelper> siblingHelpers(const PythonSource &src, TSNode importFrom)
{
    QList<ImportedHelper> out;
    const QString file = importedModuleFile(src, importFrom);
    if (file.isEmpty() || file == QFileInfo(src.fileName()).canonicalFilePath())
        return out;
    const std::shared_ptr<const ModuleAnalysis> module = siblingModule(file);
    if (!module || !module->ok())
        return out;
    const auto bring = [&](const QString &name, const QString &local) {
        if (definesFunction(*module, name))
            out.append(ImportedHelper{local, name, module});
    };
    forEachImportedName(src, importFrom, bring);
    return out;
}

} // namespace tileport::frontend
