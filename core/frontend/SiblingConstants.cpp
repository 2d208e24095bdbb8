// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "SiblingConstants.h"

#include "ModuleAnalysis.h"
#include "ModuleAnalyzer.h"
#include "SyntaxNode.h"

#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QSet>

namespace tileport::frontend {

namespace {

// The project modules being analyzed on this thread: an import cycle or a
// deep chain stops here instead of recursing.
thread_local QSet<QString> t_reading;
constexpr int kMaxDepth = 4;

// Each module's analysis by file, as last read: a package's modules import
// from one another many times over (for constants and helpers alike), and
// each is analyzed once per version of the file (path, size, modification
// time).
struct Read {
    qint64 size = -1;
    QDateTime modified;
    std::shared_ptr<const ModuleAnalysis> analysis;
};
thread_local QHash<QString, Read> t_read;

QString moduleFileIn(const QDir &base, const QStringList &parts)
{
    if (parts.isEmpty())
        return {};
    const QString path = parts.join(QLatin1Char('/'));
    for (const QString &candidate : {path + QStringLiteral(".py"), path + QStringLiteral("/__init__.py")})
        if (QFileInfo(base.filePath(candidate)).isFile())
            return QFileInfo(base.filePath(candidate)).canonicalFilePath();
    return {};
}

} // namespace

QString siblingModuleFile(const QString &fromFile, int dots, const QStringList &parts)
{
    const QFileInfo from(fromFile);
    if (!from.isFile())
        return {};
    QDir base = from.absoluteDir();
    if (dots > 0) {
        for (int i = 1; i < dots; ++i)
            if (!base.cdUp())
                return {};
        return moduleFileIn(base, parts);
    }
    // An absolute import of the project's own package: the nearest directory
    // above the file that holds the module's path.
    for (int up = 0; up < 8; ++up) {
        if (const QString f = moduleFileIn(base, parts); !f.isEmpty())
            return f;
        if (!base.cdUp())
            break;
    }
    return {};
}

std::shared_ptr<const ModuleAnalysis> siblingModule(const QString &file)
{
    if (t_reading.contains(file) || t_reading.size() >= kMaxDepth)
        return nullptr;
    const QFileInfo info(file);
    const auto it = t_read.constFind(file);
    if (it != t_read.constEnd() && it->size == info.size() && it->modified == info.lastModified())
        return it->analysis;
    t_reading.insert(file);
    auto analysis = std::make_shared<const ModuleAnalysis>(ModuleAnalyzer::analyzeFile(file));
    t_reading.remove(file);
    if (t_read.size() > 64) // a bound, not a policy: a long-lived process reads many projects
        t_read.clear();
    t_read.insert(file, Read{info.size(), info.lastModified(), analysis});
    return analysis;
}

QString importedModuleFile(const PythonSource &src, TSNode importFrom)
{
    const TSNode module = node::field(importFrom, "module_name");
    int dots = 0;
    QStringList parts;
    if (node::is(module, "relative_import")) {
        for (TSNode c : node::children(module))
            if (node::is(c, "import_prefix"))
                dots = int(src.text(c).size());
            else if (node::is(c, "dotted_name"))
                parts = src.text(c).split(QLatin1Char('.'));
    } else if (node::is(module, "dotted_name")) {
        parts = src.text(module).split(QLatin1Char('.'));
    }
    if (parts.isEmpty() || parts.front() == QLatin1String("cuda"))
        return {};
    return siblingModuleFile(src.fileName(), dots, parts);
}

QHash<QString, ModuleConstant> siblingConstants(const PythonSource &src, TSNode importFrom)
{
    QHash<QString, ModuleConstant> out;
    const QString file = importedModuleFile(src, importFrom);
    if (file.isEmpty() || file == QFileInfo(src.fileName()).canonicalFilePath())
        return out;
    const std::shared_ptr<const ModuleAnalysis> module = siblingModule(file);
    if (!module)
        return out;
    const QList<ModuleConstant> &constants = module->constants;
    QHash<QString, ModuleConstant> theirs;
    for (const ModuleConstant &c : constants)
        theirs.insert(c.name, c);
    const SourceRange at = src.range(importFrom);
    const auto bring = [&](const QString &name, const QString &local) {
        if (!theirs.contains(name))
            return;
        ModuleConstant c = theirs.value(name);
        c.name = local;
        c.range = at; // where this file binds it
        out.insert(local, c);
    };
    bool wildcard = false;
    for (TSNode c : node::children(importFrom))
        wildcard = wildcard || node::is(c, "wildcard_import");
    if (wildcard) {
        for (const ModuleConstant &c : constants)
            if (!c.name.startsWith(QLatin1Char('_')))
                bring(c.name, c.name);
        return out;
    }
    forEachImportedName(src, importFrom, bring);
    return out;
}

void forEachImportedName(const PythonSource &src, TSNode importFrom,
                         const std::function<void(const QString &name, const QString &local)> &bring)
{
    for (TSNode n : node::fieldChildren(importFrom, "name")) {
        if (node::is(n, "dotted_name"))
            bring(src.text(n), src.text(n));
        else if (node::is(n, "aliased_import"))
            bring(src.text(node::field(n, "name")), src.text(node::field(n, "alias")));
    }
}

} // namespace tileport::frontend
