// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "RustTranslator.h"

#include "NestedKernel.h"

#include "ImportTable.h"
#include "KirLowering.h"
#include "KirRustPrinter.h"
#include "ModuleAnalyzer.h"
#include "PythonSource.h"
#include "RustNames.h"
#include "SyntaxNode.h"

#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QSet>

#include "tileport/Kir/KirPasses.h"

#include <mlir/IR/Diagnostics.h>
#include <mlir/IR/OwningOpRef.h>

#include <algorithm>
#include <functional>
#include <memory>
#include <optional>

namespace tileport::rust {

using namespace tileport::frontend;

namespace {

struct Decided {
    uint32_t at;
    bool value;
    QString condition;
};

QString conditionToken(const QString &condition, bool value)
{
    QString t;
    for (QChar ch : condition.toLower())
        t += ch.isLetterOrNumber() && ch.unicode() < 128 ? ch : QLatin1Char('_');
    while (t.contains(QStringLiteral("__")))
        t.replace(QStringLiteral("__"), QStringLiteral("_"));
    t = t.trimmed();
    if (t.startsWith(QLatin1Char('_')))
        t.remove(0, 1);
    if (t.endsWith(QLatin1Char('_')))
        t.chop(1);
    return value ? t : QStringLiteral("not_") + t;
}

struct FixedDtype {
    QString key, dtype, array;
};

// At most this many entries per kernel (dtype tests and splits together).
constexpr int kMaxEntries = 8;

// The kernel IR of one file: every kernel's entry in one module.
struct KirModule {
    mlir::MLIRContext ctx{mlir::MLIRContext::Threading::DISABLED};
    mlir::OwningOpRef<mlir::ModuleOp> module;
    KirModule()
    {
        ctx.getOrLoadDialect<kir::KirDialect>();
        module = mlir::ModuleOp::create(mlir::UnknownLoc::get(&ctx));
    }
    QString text()
    {
        std::string s;
        llvm::raw_string_ostream os(s);
        module->print(os);
        return QString::fromStdString(s);
    }
};

// The kernel IR path: lower into a module of its own, run the passes with
// the verifier after each, print. A diagnostic of the passes (two concrete
// dtypes meeting) is a refusal at the op's Python line.
QList<TranslatedKernel> lowerKirEntry(const PythonSource &src, const ImportTable &imports, const ModuleAnalysis &analysis,
                                      const KernelInfo &k, TSNode function, const QList<Decided> &decided,
                                      const QList<FixedDtype> &fixed, const QString &entry, KirModule *into,
                                      QList<KirLowering::DtypeTest> *tests, QList<TranslationResult::DroppedArm> &dropped)
{
    mlir::MLIRContext *ctx = &into->ctx;
    mlir::OwningOpRef<mlir::ModuleOp> one = mlir::ModuleOp::create(mlir::UnknownLoc::get(ctx));
    KirLowering lowering(src, imports, analysis, k, function, ctx);
    for (const Decided &d : decided)
        lowering.decide(d.at, d.value, d.condition);
    for (const FixedDtype &f : fixed)
        lowering.fixDtype(f.key, f.dtype);
    lowering.setEntryName(entry);
    lowering.lower(*one);
    *tests = lowering.dtypeTests();
    // The configs a static assertion of this entry refuses, each reported once.
    for (const KirLowering::RefusedArm &r : lowering.refusedArms()) {
        TranslationResult::DroppedArm d;
        d.pythonKernel = k.name;
        for (const auto &[condition, value] : r.choices)
            d.choices.append(EntrySignature::ConstChoice{condition, value});
        d.why = TranslationDiagnostic{src.fileName(), r.why.range.line, r.why.range.col, k.name, r.why.construct, r.why.reason};
        if (std::none_of(dropped.cbegin(), dropped.cend(), [&](const TranslationResult::DroppedArm &o) { return o.toString() == d.toString(); }))
            dropped.append(d);
    }
    std::optional<LoweringError> failure;
    {
        mlir::ScopedDiagnosticHandler handler(ctx, [&](mlir::Diagnostic &d) {
            if (failure || d.getSeverity() != mlir::DiagnosticSeverity::Error)
                return mlir::success();
            SourceRange at;
            if (auto r = llvm::dyn_cast<mlir::FileLineColRange>(d.getLocation()))
                at = SourceRange{int(r.getStartLine()), int(r.getStartColumn()), int(r.getEndLine()), 0};
            failure = LoweringError{at, QStringLiteral("kernel IR"), QString::fromStdString(d.str())};
            return mlir::success();
        });
        if (mlir::failed(kir::runPipeline(*one)) && !failure)
            failure = LoweringError{src.range(function), QStringLiteral("kernel IR"), QStringLiteral("the passes failed")};
    }
    if (failure)
        throw *failure;
    QList<TranslatedKernel> out;
    for (auto entry : one->getOps<kir::EntryOp>())
        out << printEntry(entry);
    // The file's module keeps every kernel's entries, in order.
    while (!one->getBody()->empty())
        one->getBody()->front().moveBefore(into->module->getBody(), into->module->getBody()->end());
    return out;
}

// The kernel IR's entries of one kernel: one, and one more per dtype test
// it records that is not fixed yet (the first entry serves the other
// dtypes), depth first, at most kMaxEntries in all. Each entry is lowered
// with its dtypes given: the lowering reports what it tested, nothing is
// probed.
void lowerKirDtypes(const PythonSource &src, const ImportTable &imports, const ModuleAnalysis &analysis, const KernelInfo &k,
                    TSNode function, const QList<Decided> &decided, const QList<FixedDtype> &fixed, const QString &base,
                    KirModule *into, QList<TranslatedKernel> &out, QSet<QString> &seen, QList<TranslationResult::DroppedArm> &dropped)
{
    QString entry = base;
    QStringList key;
    for (const FixedDtype &f : fixed) {
        entry += QStringLiteral("_%1_%2").arg(RustNames::identifier(f.array), f.dtype);
        key << f.key + QLatin1Char('=') + f.dtype;
    }
    key.sort();
    if (seen.contains(key.join(QLatin1Char(','))))
        return;
    seen.insert(key.join(QLatin1Char(',')));
    QList<KirLowering::DtypeTest> tests;
    const QList<TranslatedKernel> lowered = lowerKirEntry(src, imports, analysis, k, function, decided, fixed, entry, into, &tests, dropped);
    // An entry that types an array as a compute type (tf32, from an mma
    // operand) serves no config: left out, its refinements still tried.
    const bool keep = !lowered.isEmpty() && !lowered.front().signature.storesComputeType;
    const int at = int(out.size());
    if (keep)
        out += lowered;
    for (const KirLowering::DtypeTest &test : tests) {
        if (std::any_of(fixed.cbegin(), fixed.cend(), [&](const FixedDtype &f) { return f.key == test.key; }) || out.size() >= kMaxEntries)
            continue;
        if (keep)
            for (const QString &a : test.arrays)
                out[at].signature.otherThan[a].append(RustNames::pythonDtype(test.dtype));
        const QList<FixedDtype> refined = fixed + QList<FixedDtype>{FixedDtype{test.key, test.dtype, test.arrays.value(0)}};
        if (!test.optional) {
            lowerKirDtypes(src, imports, analysis, k, function, decided, refined, base, into, out, seen, dropped);
            continue;
        }
        // An int64 refinement that does not lower leaves the int32 entry
        // alone; the int64 configs then name no entry (TranslationResult).
        const qsizetype before = out.size();
        try {
            lowerKirDtypes(src, imports, analysis, k, function, decided, refined, base, into, out, seen, dropped);
        } catch (const LoweringError &) {
            out.resize(before);
        }
    }
}

// The kernel IR's entries of one kernel with these conditions decided: one
// more level of decisions per SplitRequest the lowering makes (an `if` on
// ct.Constants whose arms bind different types or hold what does not
// lower), at most three deep. An arm that does not lower is dropped and
// reported when its sibling lowers.
void lowerKirSplits(const PythonSource &src, const ImportTable &imports, const ModuleAnalysis &analysis, const KernelInfo &k,
                    TSNode function, const QString &base, const QList<Decided> &decided, KirModule *into, QList<TranslatedKernel> &out,
                    QList<TranslationResult::DroppedArm> &dropped)
{
    QString suffix;
    for (const Decided &d : decided)
        suffix += QStringLiteral("__") + conditionToken(d.condition, d.value);
    QSet<QString> seen;
    try {
        lowerKirDtypes(src, imports, analysis, k, function, decided, {}, base + suffix, into, out, seen, dropped);
    } catch (const KirLowering::SplitRequest &split) {
        if (decided.size() >= 3 || std::any_of(decided.cbegin(), decided.cend(), [&](const Decided &d) { return d.at == split.at; }))
            throw LoweringError{src.range(function), QStringLiteral("constant split"),
                                QStringLiteral("more than three ct.Constant conditions decide this kernel's types")};
        const qsizetype entriesBefore = out.size();
        const qsizetype droppedBefore = dropped.size();
        std::optional<LoweringError> first;
        for (bool value : {true, false}) {
            const QList<Decided> arm = decided + QList<Decided>{Decided{split.at, value, split.condition}};
            try {
                lowerKirSplits(src, imports, analysis, k, function, base, arm, into, out, dropped);
            } catch (const LoweringError &e) {
                if (!first)
                    first = e;
                TranslationResult::DroppedArm d;
                d.pythonKernel = k.name;
                for (const Decided &c : arm)
                    d.choices.append(EntrySignature::ConstChoice{c.condition, c.value});
                d.why = TranslationDiagnostic{src.fileName(), e.range.line, e.range.col, k.name, e.construct, e.reason};
                dropped.append(d);
            }
        }
        if (out.size() == entriesBefore) {
            dropped.resize(droppedBefore); // no arm lowered: the kernel is refused as a whole
            throw *first;
        }
    }
}

} // namespace

TranslationResult RustTranslator::translateFile(const QString &path, const Options &options)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        TranslationResult r;
        r.file = path;
        r.error = QStringLiteral("cannot read %1: %2").arg(path, f.errorString());
        return r;
    }
    return translateSource(f.readAll(), path, options);
}

TranslationResult RustTranslator::translateSource(const QByteArray &source, const QString &fileName,
                                                  const Options &options)
{
    return translateAnalyzed(source, fileName, ModuleAnalyzer::analyzeSource(source, fileName), options);
}

TranslationResult RustTranslator::translateAnalyzed(const QByteArray &source, const QString &fileName,
                                                    const ModuleAnalysis &analysis, const Options &options)
{
    TranslationResult r;
    r.file = fileName;
    const QString stem = RustNames::identifier(QFileInfo(fileName).completeBaseName());
    r.moduleName = stem;
    r.crateName = QStringLiteral("tileport-gen-") + QString(stem).replace(QLatin1Char('_'), QLatin1Char('-'));
    r.libName = QString(r.crateName).replace(QLatin1Char('-'), QLatin1Char('_'));

    if (!analysis.ok()) {
        r.error = analysis.error;
        for (const SyntaxError &e : analysis.syntaxErrors)
            r.error += QStringLiteral("%1%2:%3:%4: %5")
                           .arg(r.error.isEmpty() ? QString() : QStringLiteral("\n"), fileName)
                           .arg(e.range.line)
                           .arg(e.range.col)
                           .arg(e.message);
        return r;
    }
    // The analysis's parse of the file: parsed once.
    std::unique_ptr<const PythonSource> reparsed;
    if (!analysis.source)
        reparsed = std::make_unique<const PythonSource>(source, fileName);
    const PythonSource &src = analysis.source ? *analysis.source : *reparsed;
    ImportTable imports;
    QHash<QString, TSNode> functions;
    // Module-level imports, also those a `try:` / `if` / `with` at module
    // level holds (`try: import cuda.tile as ct` around the kernels).
    const std::function<void(TSNode)> moduleImports = [&](TSNode n) {
        for (TSNode stmt : node::children(n)) {
            const auto t = node::type(stmt);
            if (t == "import_statement" || t == "import_from_statement")
                imports.addImport(src, stmt);
            else if (t == "try_statement" || t == "if_statement" || t == "with_statement" || t == "block" || t == "else_clause"
                     || t == "elif_clause" || t == "except_clause" || t == "finally_clause")
                moduleImports(stmt);
        }
    };
    moduleImports(src.root());
    for (TSNode stmt : node::children(src.root())) {
        TSNode def = node::is(stmt, "decorated_definition") ? node::field(stmt, "definition") : stmt;
        if (node::is(def, "function_definition"))
            functions.insert(src.text(node::field(def, "name")), def);
    }
    const auto diagnose = [&](const QString &kernel, const SourceRange &at, const QString &construct,
                              const QString &reason) {
        r.diagnostics.append(TranslationDiagnostic{fileName, at.line, at.col, kernel, construct, reason});
    };
    QStringList kernelNames;
    for (const KernelInfo &k : analysis.kernels)
        kernelNames << k.name;
    bool found = options.kernel.isEmpty();
    const auto kirModule = std::make_unique<KirModule>();
    for (const KernelInfo &k : analysis.kernels) {
        if (!options.kernel.isEmpty() && k.name != options.kernel && k.qualifiedName != options.kernel)
            continue;
        found = true;
        // A kernel inside a class or a function translates on its own when it
        // reads no name of an enclosing function (a closure is decided only
        // by a call of that function).
        TSNode def = functions.value(k.name);
        QString base = k.name;
        if (k.qualifiedName != k.name || node::isNull(def)) {
            const NestedKernel nested = findNestedKernel(src, k);
            if (node::isNull(nested.definition)) {
                diagnose(k.name, k.nameRange, QStringLiteral("kernel"), QStringLiteral("its function definition is not in this file"));
                continue;
            }
            if (!nested.capturedName.isEmpty()) {
                diagnose(k.name, nested.capturedAt, QStringLiteral("closure"),
                         QStringLiteral("the kernel reads '%1' of the enclosing function '%2', which only a call of '%2' decides")
                             .arg(nested.capturedName, nested.capturedFrom));
                continue;
            }
            def = nested.definition;
            // Entries of one module need distinct names: a name several
            // kernels share is qualified by the class or function around it.
            if (kernelNames.count(k.name) > 1)
                base = RustNames::identifier(QString(k.qualifiedName).replace(QLatin1Char('.'), QLatin1Char('_')));
        }
        // Constructs inside an `if` on ct.Constants are left to the lowering,
        // which drops the arms that hold them (lowerSplits).
        if (std::any_of(k.unsupported.cbegin(), k.unsupported.cend(), [](const UnsupportedConstruct &u) { return u.guard.isEmpty(); })) {
            for (const UnsupportedConstruct &u : k.unsupported)
                diagnose(k.name, u.range, u.construct, u.reason);
            continue;
        }
        try {
            QList<TranslatedKernel> entries;
            lowerKirSplits(src, imports, analysis, k, def, base, {}, kirModule.get(), entries, r.droppedArms);
            r.kernels += entries;
        } catch (const LoweringError &e) {
            diagnose(k.name, e.range, e.construct, e.reason);
        }
    }
    if (!found)
        r.error = QStringLiteral("%1 has no kernel named '%2'").arg(fileName, options.kernel);
    if (options.keepKir)
        r.kir = kirModule->text();
    return r;
}

} // namespace tileport::rust
