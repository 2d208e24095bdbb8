// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "TritonAnalyzer.h"

#include "TritonHostDescriptors.h"

#include "PythonSource.h"
#include "SyntaxNode.h"
#include "TritonDesugarer.h"
#include "TritonImports.h"
#include "TritonProjectModules.h"

#include <QFile>
#include <QHash>
#include <QRegularExpression>

namespace tileport::triton {

using namespace tileport::frontend;

namespace {

constexpr qint64 kMaxFileBytes = 16 * 1024 * 1024;

struct Scan {
    const PythonSource &src;
    TritonImports imports;
    QHash<QString, TSNode> moduleValues; // module-level name = value
    TritonModule &module;
};

QList<QPair<QString, QString>> keywordPairs(const PythonSource &src, TSNode call)
{
    QList<QPair<QString, QString>> out;
    for (TSNode a : node::children(node::field(call, "arguments")))
        if (node::is(a, "keyword_argument"))
            out << qMakePair(src.text(node::field(a, "name")), src.flatText(node::field(a, "value")));
    return out;
}

TSNode keyword(const PythonSource &src, TSNode call, const char *name)
{
    for (TSNode a : node::children(node::field(call, "arguments")))
        if (node::is(a, "keyword_argument") && src.text(node::field(a, "name")) == QLatin1String(name))
            return node::field(a, "value");
    return {};
}

void readAutotune(Scan &s, TSNode call, TritonKernel &k)
{
    TSNode configs = keyword(s.src, call, "configs");
    if (node::isNull(configs))
        configs = node::positional(call, 0);
    if (node::is(configs, "identifier") && s.moduleValues.contains(s.src.text(configs)))
        configs = s.moduleValues.value(s.src.text(configs));
    if (!node::is(configs, "list")) {
        k.autotuneGenerated = true;
    } else {
        for (TSNode c : node::children(configs)) {
            if (!node::is(c, "call") || s.imports.resolve(s.src, node::field(c, "function")) != QLatin1String("Config")) {
                k.autotuneGenerated = true;
                continue;
            }
            TritonAutotuneConfig cfg;
            const SourceRange r = s.src.range(c);
            cfg.line = r.line;
            cfg.col = r.col;
            TSNode kwargs = keyword(s.src, c, "kwargs");
            if (node::isNull(kwargs))
                kwargs = node::positional(c, 0);
            if (node::is(kwargs, "dictionary")) {
                for (TSNode pair : node::children(kwargs))
                    if (node::is(pair, "pair"))
                        cfg.values << qMakePair(s.src.text(node::field(pair, "key")).remove(QLatin1Char('"')).remove(QLatin1Char('\'')),
                                                s.src.flatText(node::field(pair, "value")));
            }
            for (const auto &kv : keywordPairs(s.src, c))
                if (kv.first != QLatin1String("kwargs"))
                    cfg.options << kv;
            k.autotuneConfigs << cfg;
        }
    }
    const TSNode key = keyword(s.src, call, "key");
    if (node::is(key, "list"))
        for (TSNode e : node::children(key))
            k.autotuneKeys << s.src.text(e).remove(QLatin1Char('"')).remove(QLatin1Char('\''));
}

void readHeuristics(Scan &s, TSNode call, TritonKernel &k)
{
    TSNode values = keyword(s.src, call, "values");
    if (node::isNull(values))
        values = node::positional(call, 0);
    if (node::is(values, "dictionary"))
        for (TSNode pair : node::children(values))
            if (node::is(pair, "pair"))
                k.heuristics << s.src.text(node::field(pair, "key")).remove(QLatin1Char('"')).remove(QLatin1Char('\''));
}

// Launch sites deeper than this are not looked for: a walk of hostile
// nesting (a 100,000-term sum) would exhaust the stack.
constexpr int kMaxLaunchDepth = 200;

// Walks host code for `kernel[grid](args)`.
void findLaunches(Scan &s, TSNode n, const QSet<QString> &kernels, const QString &function, int depth = 0)
{
    if (depth > kMaxLaunchDepth)
        return;
    if (node::is(n, "call")) {
        const TSNode f = node::field(n, "function");
        if (node::is(f, "subscript")) {
            const TSNode value = node::field(f, "value");
            const QString name = s.src.text(value);
            if (node::is(value, "identifier") && kernels.contains(name)) {
                TritonLaunch l;
                l.kernel = name;
                QStringList grid;
                for (TSNode g : node::fieldChildren(f, "subscript"))
                    grid << s.src.flatText(g);
                l.grid = grid.join(QStringLiteral(", "));
                for (TSNode a : node::children(node::field(n, "arguments")))
                    l.args << s.src.flatText(a);
                l.function = function;
                const SourceRange r = s.src.range(n);
                l.line = r.line;
                l.col = r.col;
                s.module.launches << l;
            }
        }
    }
    QString fn = function;
    if (node::is(n, "function_definition"))
        fn = s.src.text(node::field(n, "name"));
    for (TSNode c : node::children(n))
        findLaunches(s, c, kernels, fn, depth + 1);
}

} // namespace

bool TritonAnalyzer::isTritonSource(const QByteArray &source)
{
    static const QRegularExpression triton(QStringLiteral("^\\s*(import\\s+triton\\b|from\\s+triton\\b)"),
                                           QRegularExpression::MultilineOption);
    static const QRegularExpression cutile(QStringLiteral("^\\s*(import\\s+cuda\\.tile\\b|from\\s+cuda(\\.tile)?\\s+import)"),
                                           QRegularExpression::MultilineOption);
    const QString text = QString::fromUtf8(source);
    return text.contains(triton) && !text.contains(cutile);
}

bool TritonAnalyzer::isTritonFile(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly) || f.size() > kMaxFileBytes)
        return false;
    return isTritonSource(f.readAll());
}

TritonModule TritonAnalyzer::analyzeFile(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        TritonModule m;
        m.file = path;
        m.error = QStringLiteral("cannot read %1: %2").arg(path, f.errorString());
        return m;
    }
    if (f.size() > kMaxFileBytes) {
        TritonModule m;
        m.file = path;
        m.error = QStringLiteral("%1 is larger than %2 bytes").arg(path).arg(kMaxFileBytes);
        return m;
    }
    return analyzeSource(f.readAll(), path);
}

TritonModule TritonAnalyzer::analyzeSource(const QByteArray &source, const QString &fileName)
{
    TritonModule m;
    m.file = fileName;
    // Functions the file takes from its project's modules are parsed with
    // it, appended after its last line (their positions map back through
    // `project`).
    QByteArray merged = source;
    if (!merged.isEmpty() && !merged.endsWith('\n'))
        merged += '\n';
    const int fileLines = int(merged.count('\n'));
    ProjectModules project;
    {
        const PythonSource original(source, fileName);
        if (original.syntaxErrors().isEmpty())
            project = projectModules(original, fileName, fileLines);
    }
    merged += project.appendix;
    const PythonSource src(merged, fileName);
    for (const SyntaxError &e : src.syntaxErrors())
        if (e.range.line <= fileLines || project.appendix.isEmpty())
            m.syntaxErrors << TritonIssue{e.range.line, e.range.col, QStringLiteral("syntax error"), e.message};
    Scan s{src, {}, {}, m};
    for (auto it = project.reexports.constBegin(); it != project.reexports.constEnd(); ++it)
        s.imports.addReexport(it.key(), it.value());
    struct Found {
        TSNode fn;
        TritonKernel kernel;
    };
    QList<Found> found;
    // Module statements, also those under a module-level if/try (libraries
    // import libdevice's functions from whichever module the Triton has).
    QList<TSNode> module;
    for (TSNode c : node::children(src.root()))
        module << c;
    for (qsizetype i = 0; i < module.size(); ++i) {
        const TSNode stmt = module[i];
        if (node::is(stmt, "import_statement") || node::is(stmt, "import_from_statement"))
            s.imports.addImport(src, stmt);
        if (node::is(stmt, "expression_statement")) {
            const TSNode a = firstNamed(stmt);
            if (node::is(a, "assignment") && node::is(node::field(a, "left"), "identifier")
                && !s.moduleValues.contains(src.text(node::field(a, "left"))))
                s.moduleValues.insert(src.text(node::field(a, "left")), node::field(a, "right"));
        }
        if (node::is(stmt, "if_statement") || node::is(stmt, "try_statement") || node::is(stmt, "block")
            || node::is(stmt, "else_clause") || node::is(stmt, "elif_clause") || node::is(stmt, "except_clause")
            || node::is(stmt, "finally_clause"))
            for (TSNode c : node::children(stmt))
                if (!node::is(c, "function_definition") && !node::is(c, "class_definition") && !node::is(c, "decorated_definition"))
                    module << c;
    }
    QHash<QString, TSNode> projectFunctions; // the appended ones, by name
    for (TSNode stmt : node::children(src.root())) {
        if (!node::is(stmt, "decorated_definition"))
            continue;
        const TSNode def = node::field(stmt, "definition");
        if (!node::is(def, "function_definition"))
            continue;
        if (src.range(stmt).line > fileLines) {
            projectFunctions.insert(src.text(node::field(def, "name")), def);
            continue;
        }
        TritonKernel k;
        QList<TSNode> calls;
        for (TSNode d : node::children(stmt)) {
            if (!node::is(d, "decorator"))
                continue;
            const TSNode e = firstNamed(d);
            const TSNode target = node::is(e, "call") ? node::field(e, "function") : e;
            const QString r = s.imports.resolve(src, target);
            if (r == QLatin1String("jit") || r == QLatin1String("runtime.jit")) {
                k.decorators << QStringLiteral("jit");
            } else if (r == QLatin1String("autotune") || r == QLatin1String("runtime.autotune")) {
                k.decorators << QStringLiteral("autotune");
                if (node::is(e, "call"))
                    readAutotune(s, e, k);
            } else if (r == QLatin1String("heuristics") || r == QLatin1String("runtime.heuristics")) {
                k.decorators << QStringLiteral("heuristics");
                if (node::is(e, "call"))
                    readHeuristics(s, e, k);
            }
        }
        if (!k.decorators.contains(QLatin1String("jit")))
            continue;
        k.name = src.text(node::field(def, "name"));
        const SourceRange r = src.range(node::field(def, "name"));
        k.line = r.line;
        k.col = r.col;
        k.endLine = src.range(def).endLine;
        found << Found{def, k};
    }
    // A jit function that returns a value is a device function: Triton
    // kernels return nothing, so it is only ever inlined where called.
    for (Found &f : found) {
        QList<TSNode> stack{node::field(f.fn, "body")};
        while (!stack.isEmpty() && !f.kernel.helper) {
            const TSNode n = stack.takeLast();
            if (node::is(n, "function_definition") || node::is(n, "lambda"))
                continue;
            if (node::is(n, "return_statement") && !node::children(n).empty())
                f.kernel.helper = true;
            for (TSNode c : node::children(n))
                stack << c;
        }
    }
    // A jit function another jit function calls is a helper (Triton inlines it).
    QSet<QString> names;
    for (const Found &f : std::as_const(found))
        names.insert(f.kernel.name);
    for (const Found &f : std::as_const(found)) {
        QList<TSNode> stack{node::field(f.fn, "body")};
        while (!stack.isEmpty()) {
            const TSNode n = stack.takeLast();
            if (node::is(n, "call") && node::is(node::field(n, "function"), "identifier")) {
                const QString callee = src.text(node::field(n, "function"));
                for (Found &g : found)
                    if (g.kernel.name == callee && callee != f.kernel.name)
                        g.kernel.helper = true;
            }
            for (TSNode c : node::children(n))
                stack << c;
        }
    }
    // Launches first: a host TensorDescriptor's block shape comes from them.
    findLaunches(s, src.root(), names, QString());
    for (Found &f : found)
        TritonHostDescriptors::assign(src, f.fn, f.kernel, m.launches);
    QStringList text{QStringLiteral("import cuda.tile as ct")};
    m.lineMap << qMakePair(0, 0);
    QHash<QString, TSNode> jitFunctions;
    for (const Found &f : std::as_const(found))
        jitFunctions.insert(f.kernel.name, f.fn);
    for (auto it = project.functions.constBegin(); it != project.functions.constEnd(); ++it)
        if (projectFunctions.contains(it.value()) && !jitFunctions.contains(it.key()))
            jitFunctions.insert(it.key(), projectFunctions.value(it.value()));
    for (Found &f : found) {
        TritonDesugarer d(src, s.imports, f.fn, f.kernel);
        d.setModule(jitFunctions, s.moduleValues);
        if (f.kernel.helper) {
            d.run(); // classifies the parameters; a helper is inlined by its callers in Triton
            f.kernel.unsupported.clear();
            f.kernel.notes << QStringLiteral("a @triton.jit helper (called by other kernels, or returning a value): Triton inlines it "
                                             "where it is called; calls to it are reported at the call");
        } else if (m.syntaxErrors.isEmpty()) {
            QList<TritonDesugarer::Line> lines = d.run();
            // What comes from a project module is placed at the kernel, the
            // module's own position named.
            for (TritonIssue &i : f.kernel.unsupported)
                if (i.line > fileLines) {
                    i.reason += QStringLiteral(" (at %1, in a @triton.jit function of the project the kernel calls)").arg(project.where(i.line, i.col));
                    i.line = f.kernel.line;
                    i.col = f.kernel.col;
                }
            for (TritonDesugarer::Line &l : lines)
                if (l.line > fileLines)
                    l.line = f.kernel.line, l.col = f.kernel.col;
            if (!lines.isEmpty()) {
                text << QString() << QString();
                m.lineMap << qMakePair(0, 0) << qMakePair(0, 0);
                for (const TritonDesugarer::Line &l : lines) {
                    text << l.text;
                    m.lineMap << qMakePair(l.line, l.col);
                }
            }
        }
        m.kernels << f.kernel;
    }
    // tl.rand and tl.erf call generated helpers, placed after the import.
    const auto uses = [&](const char *op) {
        for (const TritonKernel &k : std::as_const(m.kernels))
            if (!k.helper && k.unsupported.isEmpty() && k.ops.contains(QLatin1String(op)))
                return true;
        return false;
    };
    QStringList helpers;
    if (uses("rand"))
        helpers << QString() << QString() << TritonDesugarer::philoxHelper();
    if (uses("erf"))
        helpers << QString() << QString() << TritonDesugarer::erfHelper();
    for (int i = 0; i < helpers.size(); ++i) {
        text.insert(1 + i, helpers[i]);
        m.lineMap.insert(1 + i, qMakePair(0, 0));
    }
    m.cutileText = text.join(QLatin1Char('\n')) + QLatin1Char('\n');
    return m;
}

} // namespace tileport::triton
