// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "TritonProjectModules.h"

#include "SyntaxNode.h"
#include "TritonImports.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSet>

#include <memory>

namespace tileport::triton {

using namespace tileport::frontend;

namespace {

// Bounds on what one file may pull in (hostile trees included).
constexpr int kMaxModules = 16;
constexpr qint64 kMaxModuleBytes = 2 * 1024 * 1024;

// Names a builtin call must keep (`max(a, b)`), whatever a module defines.
bool isBuiltin(const QString &name)
{
    static const QSet<QString> builtins{QStringLiteral("min"), QStringLiteral("max"), QStringLiteral("abs"), QStringLiteral("float"),
                                        QStringLiteral("int"), QStringLiteral("bool"), QStringLiteral("range"), QStringLiteral("len"),
                                        QStringLiteral("print"), QStringLiteral("isinstance")};
    return builtins.contains(name);
}

// Statements at module level, also under a module-level if/try (guarded imports).
QList<TSNode> moduleStatements(const PythonSource &src)
{
    QList<TSNode> out;
    for (TSNode c : node::children(src.root()))
        out << c;
    for (qsizetype i = 0; i < out.size(); ++i) {
        const TSNode s = out[i];
        if (node::is(s, "if_statement") || node::is(s, "try_statement") || node::is(s, "block") || node::is(s, "else_clause")
            || node::is(s, "elif_clause") || node::is(s, "except_clause") || node::is(s, "finally_clause"))
            for (TSNode c : node::children(s))
                if (!node::is(c, "function_definition") && !node::is(c, "class_definition") && !node::is(c, "decorated_definition"))
                    out << c;
    }
    return out;
}

// The package tree's root: the directory above the file's outermost package.
QDir projectRoot(const QString &file)
{
    QDir d = QFileInfo(file).absoluteDir();
    while (QFileInfo::exists(d.filePath(QStringLiteral("__init__.py"))) && d.cdUp()) {
    }
    return d;
}

// The file of a dotted module (relative to `base`), or "" when the tree has none.
QString moduleFile(const QDir &base, const QString &dotted)
{
    if (dotted.isEmpty())
        return QFileInfo::exists(base.filePath(QStringLiteral("__init__.py"))) ? base.filePath(QStringLiteral("__init__.py")) : QString();
    const QString path = base.filePath(QString(dotted).replace(QLatin1Char('.'), QLatin1Char('/')));
    if (QFileInfo(path + QStringLiteral(".py")).isFile())
        return QFileInfo(path + QStringLiteral(".py")).absoluteFilePath();
    if (QFileInfo(path + QStringLiteral("/__init__.py")).isFile())
        return QFileInfo(path + QStringLiteral("/__init__.py")).absoluteFilePath();
    return {};
}

// One module of the project, parsed: its @triton.jit functions, constants,
// imports and the Triton names it binds.
struct Module {
    QString file;
    QByteArray bytes;
    std::unique_ptr<PythonSource> src;
    TritonImports imports;
    QList<TSNode> jit, constants, importStatements;
    QHash<QString, TSNode> jitByName;
    QStringList jitNames; // in source order
    QHash<QString, QString> triton; // name -> triton path it binds

    bool load(const QString &path)
    {
        QFile f(path);
        if (!f.open(QIODevice::ReadOnly) || f.size() > kMaxModuleBytes)
            return false;
        file = path;
        bytes = f.readAll();
        src = std::make_unique<PythonSource>(bytes, path);
        if (!src->syntaxErrors().isEmpty())
            return false;
        const QList<TSNode> stmts = moduleStatements(*src);
        for (TSNode s : stmts)
            if (node::is(s, "import_statement") || node::is(s, "import_from_statement")) {
                imports.addImport(*src, s);
                importStatements << s;
            }
        for (TSNode s : stmts) {
            if (node::is(s, "expression_statement")) {
                const TSNode a = firstNamed(s);
                if (node::is(a, "assignment") && node::is(node::field(a, "left"), "identifier")) {
                    const QString r = imports.resolve(*src, node::field(a, "right"));
                    if (!r.isEmpty())
                        triton.insert(src->text(node::field(a, "left")), QStringLiteral("triton.") + r); // `tanh = tl.math.tanh`
                    else
                        constants << s;
                }
            }
            if (!node::is(s, "decorated_definition") || !node::is(node::field(s, "definition"), "function_definition"))
                continue;
            for (TSNode d : node::children(s)) {
                if (!node::is(d, "decorator"))
                    continue;
                const TSNode e = firstNamed(d);
                const QString r = imports.resolve(*src, node::is(e, "call") ? node::field(e, "function") : e);
                if (r == QLatin1String("jit") || r == QLatin1String("runtime.jit")) {
                    jit << s;
                    jitByName.insert(src->text(node::field(node::field(s, "definition"), "name")), s);
                    jitNames << src->text(node::field(node::field(s, "definition"), "name"));
                    break;
                }
            }
        }
        // Names bound by `from triton... import X` (re-exported as they are).
        for (auto it = imports.aliases().constBegin(); it != imports.aliases().constEnd(); ++it)
            if (it.value().startsWith(QLatin1String("triton.language")))
                triton.insert(it.key(), it.value());
        return true;
    }
};

} // namespace

QString ProjectModules::where(int line, int col) const
{
    for (const Segment &s : segments)
        if (line >= s.firstLine && line < s.firstLine + s.lineCount)
            return QStringLiteral("%1:%2:%3").arg(s.file).arg(s.sourceLine + line - s.firstLine).arg(col);
    return {};
}

ProjectModules projectModules(const PythonSource &src, const QString &fileName, int lines)
{
    ProjectModules out;
    if (!QFileInfo(fileName).isFile())
        return out;
    const QString self = QFileInfo(fileName).absoluteFilePath();
    const QDir root = projectRoot(fileName);
    const QDir here = QFileInfo(fileName).absoluteDir();
    // Module files by path, read once; what the file binds to each.
    QHash<QString, std::shared_ptr<Module>> loaded;
    const auto module = [&](const QString &path) -> std::shared_ptr<Module> {
        if (path.isEmpty() || path == self || !path.startsWith(root.absolutePath() + QLatin1Char('/')))
            return nullptr; // only the project's own modules
        if (const auto it = loaded.constFind(path); it != loaded.constEnd())
            return *it;
        if (loaded.size() >= kMaxModules)
            return nullptr;
        auto m = std::make_shared<Module>();
        if (!m->load(path))
            m.reset();
        loaded.insert(path, m);
        return m;
    };
    // `from .a import b` is relative to the importing file's package, one
    // level up per extra dot.
    const auto base = [&](const QDir &dir, const QString &dotted, QString *rest) {
        int dots = 0;
        while (dots < dotted.size() && dotted[dots] == QLatin1Char('.'))
            ++dots;
        *rest = dotted.mid(dots);
        if (dots == 0)
            return root;
        QDir d = dir;
        for (int i = 1; i < dots; ++i)
            d.cdUp();
        return d;
    };
    struct Binding {
        QString prefix;                 // "tle." for a module bound to a name, "" for a name bound to a function
        std::shared_ptr<Module> module;
        QString name;                   // the function or re-export a bare name stands for
    };
    // What a file's module-level imports bind of the project's modules.
    const auto bindingsOf = [&](const PythonSource &s, const QDir &dir) {
        QList<Binding> out;
        for (TSNode st : moduleStatements(s)) {
            if (node::is(st, "import_statement")) {
                for (TSNode n : node::fieldChildren(st, "name")) {
                    const bool aliased = node::is(n, "aliased_import");
                    const QString dotted = s.text(aliased ? node::field(n, "name") : n);
                    if (dotted == QLatin1String("triton") || dotted.startsWith(QLatin1String("triton.")))
                        continue;
                    if (auto m = module(moduleFile(root, dotted)))
                        out << Binding{(aliased ? s.text(node::field(n, "alias")) : dotted) + QLatin1Char('.'), m, {}};
                }
            } else if (node::is(st, "import_from_statement")) {
                const QString from = s.text(node::field(st, "module_name"));
                if (from == QLatin1String("triton") || from.startsWith(QLatin1String("triton.")))
                    continue;
                QString rest;
                const QDir b = base(dir, from, &rest);
                for (TSNode n : node::fieldChildren(st, "name")) {
                    const bool aliased = node::is(n, "aliased_import");
                    const QString name = s.text(aliased ? node::field(n, "name") : n);
                    const QString alias = aliased ? s.text(node::field(n, "alias")) : name;
                    // `from pkg import mod` binds a module; `from mod import f` a function.
                    if (auto m = module(moduleFile(b, rest.isEmpty() ? name : rest + QLatin1Char('.') + name)))
                        out << Binding{alias + QLatin1Char('.'), m, {}};
                    else if (auto m = module(moduleFile(b, rest)))
                        out << Binding{alias, m, name};
                }
            }
        }
        return out;
    };
    const QList<Binding> bindings = bindingsOf(src, here);
    // The functions the file reaches, with the module functions they call.
    QHash<QString, std::shared_ptr<Module>> owner; // appended function name -> its module
    QStringList order;                              // the appended functions, first use first
    QSet<QString> taken;
    for (TSNode s : moduleStatements(src))
        if (node::is(s, "decorated_definition") || node::is(s, "function_definition")) {
            const TSNode def = node::is(s, "decorated_definition") ? node::field(s, "definition") : s;
            taken.insert(src.text(node::field(def, "name")));
        }
    QList<std::shared_ptr<Module>> used;
    const auto take = [&](const std::shared_ptr<Module> &m, const QString &fn) {
        if (owner.contains(fn))
            return owner.value(fn) == m; // one definition per name; another module's twin is left unmapped
        if (taken.contains(fn))
            return false;
        owner.insert(fn, m);
        order << fn;
        if (!used.contains(m))
            used << m;
        return true;
    };
    for (const Binding &b : std::as_const(bindings)) {
        if (b.name.isEmpty()) {
            for (const QString &fn : std::as_const(b.module->jitNames))
                if (take(b.module, fn))
                    out.functions.insert(b.prefix + fn, fn);
            for (auto it = b.module->triton.constBegin(); it != b.module->triton.constEnd(); ++it)
                out.reexports.insert(b.prefix + it.key(), it.value());
        } else if (b.module->jitByName.contains(b.name)) {
            if (take(b.module, b.name))
                out.functions.insert(b.prefix, b.name);
        } else if (b.module->triton.contains(b.name)) {
            out.reexports.insert(b.prefix, b.module->triton.value(b.name));
        }
    }
    // What a taken function calls of its own module, or of a module its
    // module imports it from by the same name, comes with it (the helpers
    // behind an imported entry point), first use first.
    QHash<const Module *, QList<Binding>> imported;
    for (qsizetype i = 0; i < order.size(); ++i) {
        const std::shared_ptr<Module> m = owner.value(order[i]);
        if (!imported.contains(m.get()))
            imported.insert(m.get(), bindingsOf(*m->src, QFileInfo(m->file).absoluteDir()));
        QList<TSNode> stack{m->jitByName.value(order[i])};
        while (!stack.isEmpty()) {
            const TSNode n = stack.takeLast();
            if (node::is(n, "call")) {
                const TSNode callee = node::field(n, "function");
                const QString name = m->src->text(callee);
                if (node::is(callee, "identifier") && m->jitByName.contains(name))
                    take(m, name);
                else if (node::is(callee, "identifier"))
                    for (const Binding &b : imported.value(m.get()))
                        if (b.prefix == name && b.name == name && b.module->jitByName.contains(name))
                            take(b.module, name);
            }
            const auto kids = node::children(n);
            for (auto k = kids.rbegin(); k != kids.rend(); ++k)
                stack << *k;
        }
    }
    // A module's functions call one another by their bare names.
    for (const QString &fn : std::as_const(order))
        if (!isBuiltin(fn) && !out.functions.contains(fn))
            out.functions.insert(fn, fn);
    if (owner.isEmpty() && out.reexports.isEmpty())
        return out;

    int line = lines + 1;
    QByteArray text;
    const auto append = [&](const Module &m, TSNode n) {
        const QByteArray piece = m.src->text(n).toUtf8();
        text += "\n\n";
        line += 2;
        ProjectModules::Segment seg;
        seg.firstLine = line;
        seg.lineCount = int(piece.count('\n')) + 1;
        seg.file = QDir(root).relativeFilePath(m.file);
        seg.sourceLine = m.src->range(n).line;
        out.segments << seg;
        text += piece;
        line += seg.lineCount - 1;
    };
    for (const auto &m : std::as_const(used)) {
        out.modules << QDir(root).relativeFilePath(m->file);
        // The module's functions reach its re-exports by their bare names.
        for (auto it = m->triton.constBegin(); it != m->triton.constEnd(); ++it)
            if (!taken.contains(it.key()) && !owner.contains(it.key()) && !out.reexports.contains(it.key()))
                out.reexports.insert(it.key(), it.value());
        for (TSNode s : std::as_const(m->importStatements))
            append(*m, s);
        for (TSNode s : std::as_const(m->constants)) {
            const QString name = m->src->text(node::field(firstNamed(s), "left"));
            if (!taken.contains(name) && !owner.contains(name))
                append(*m, s);
        }
        for (const QString &fn : std::as_const(order))
            if (owner.value(fn) == m)
                append(*m, m->jitByName.value(fn));
    }
    out.appendix = text + '\n';
    return out;
}

} // namespace tileport::triton
