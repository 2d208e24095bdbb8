// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "SiblingHelpers.h"

#include "ModuleAnalysis.h"
#include "ModuleAnalyzer.h"
#include "SiblingConstants.h"
#include "SyntaxNode.h"

#include <QDateTime>
#include <QFileInfo>
#include <QHash>
#include <QSet>

namespace tileport::frontend {

namespace {

// The modules being analyzed for their helpers on this thread: an import
// cycle or a deep chain stops here.
thread_local QSet<QString> t_analyzing;
constexpr int kMaxDepth = 4;

// Each module analyzed once per version of its file.
struct Analyzed {
    qint64 size = -1;
    QDateTime modified;
    std::shared_ptr<const ModuleAnalysis> analysis;
};
thread_local QHash<QString, Analyzed> t_analyzed;

std::shared_ptr<const ModuleAnalysis> analyzed(const QString &file)
{
    const QFileInfo info(file);
    const auto it = t_analyzed.constFind(file);
    if (it != t_analyzed.constEnd() && it->size == info.size() && it->modified == info.lastModified())
        return it->analysis;
    t_analyzing.insert(file);
    auto a = std::make_shared<const ModuleAnalysis>(ModuleAnalyzer::analyzeFile(file));
    t_analyzing.remove(file);
    if (t_analyzed.size() > 64) // a bound, not a policy
        t_analyzed.clear();
    t_analyzed.insert(file, Analyzed{info.size(), info.lastModified(), a});
    return a;
}

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
    if (file.isEmpty() || t_analyzing.contains(file) || t_analyzing.size() >= kMaxDepth
        || file == QFileInfo(src.fileName()).canonicalFilePath())
        return out;
    std::shared_ptr<const ModuleAnalysis> module;
    const auto bring = [&](const QString &name, const QString &local) {
        if (!module)
            module = analyzed(file);
        if (module->ok() && definesFunction(*module, name))
            out.append(ImportedHelper{local, name, module});
    };
    for (TSNode n : node::fieldChildren(importFrom, "name")) {
        if (node::is(n, "dotted_name"))
            bring(src.text(n), src.text(n));
        else if (node::is(n, "aliased_import"))
            bring(src.text(node::field(n, "name")), src.text(node::field(n, "alias")));
    }
    return out;
}

} // namespace tileport::frontend
