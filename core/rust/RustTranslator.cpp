// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "RustTranslator.h"

#include "ImportTable.h"
#include "KernelLowering.h"
#include "ModuleAnalyzer.h"
#include "PythonSource.h"
#include "RustNames.h"
#include "SyntaxNode.h"

#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QSet>

#include <algorithm>
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

// One entry with these conditions decided and these dtypes fixed; then one
// more per dtype test it meets that is not fixed yet (the entry serves the
// other dtypes), depth first, at most kMaxEntries in all.
constexpr int kMaxEntries = 8;

void lowerDtypes(const PythonSource &src, const ImportTable &imports, const ModuleAnalysis &analysis, const KernelInfo &k,
                 TSNode function, const QList<Decided> &decided, const QList<FixedDtype> &fixed, const QString &base,
                 QList<TranslatedKernel> &out, QSet<QString> &seen)
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
    KernelLowering lowering(src, imports, analysis, k, function);
    for (const Decided &d : decided)
        lowering.fixCondition(d.at, d.value, d.condition);
    lowering.fixDtype({}, {}, entry);
    for (const FixedDtype &f : fixed)
        lowering.fixDtype(f.key, f.dtype, entry);
    TranslatedKernel t;
    t.lines = lowering.lower(); // throws; a split is handled by the caller
    t.pythonName = k.name;
    t.signature = lowering.signature();
    // An entry that types an array as a compute type (tf32, from an mma
    // operand) serves no config: left out, its refinements still tried.
    const bool keep = !t.signature.storesComputeType;
    const int at = int(out.size());
    if (keep)
        out.append(t);
    for (const KernelLowering::DtypeTest &test : lowering.dtypeTests()) {
        if (std::any_of(fixed.cbegin(), fixed.cend(), [&](const FixedDtype &f) { return f.key == test.key; }) || out.size() >= kMaxEntries)
            continue;
        if (keep)
            for (const QString &a : test.arrays)
                out[at].signature.otherThan[a].append(RustNames::pythonDtype(test.dtype));
        lowerDtypes(src, imports, analysis, k, function, decided,
                    fixed + QList<FixedDtype>{FixedDtype{test.key, test.dtype, test.arrays.value(0)}}, base, out, seen);
    }
}

// Lowers one kernel to its entries: one per arm of a ct.Constant-driven `if`
// whose arms bind different tile types (split while lowering), and for each
// of those one per dtype the kernel tests its arrays against (lowerDtypes).
// A construct that cannot be lowered inside such an `if` splits on it too:
// the arm holding it is dropped (and reported) when its sibling lowers.
void lowerSplits(const PythonSource &src, const ImportTable &imports, const ModuleAnalysis &analysis, const KernelInfo &k,
                 TSNode function, const QList<Decided> &decided, QList<TranslatedKernel> &out,
                 QList<TranslationResult::DroppedArm> &dropped)
{
    QString suffix;
    for (const Decided &d : decided)
        suffix += QStringLiteral("__") + conditionToken(d.condition, d.value);
    QSet<QString> seen;
    try {
        lowerDtypes(src, imports, analysis, k, function, decided, {}, k.name + suffix, out, seen);
    } catch (const LoweringError &) {
        // Ask the failed lowering again for the split it wanted.
        KernelLowering probe(src, imports, analysis, k, function);
        for (const Decided &d : decided)
            probe.fixCondition(d.at, d.value, d.condition);
        try {
            probe.lower();
        } catch (const LoweringError &) {
        }
        KernelLowering::ConstSplit split = probe.constSplit();
        if (split.condition.isEmpty())
            split = probe.failureSplit();
        const bool known = std::any_of(decided.cbegin(), decided.cend(), [&](const Decided &d) { return d.at == split.at; });
        if (split.condition.isEmpty() || known || decided.size() >= 3)
            throw;
        const qsizetype entriesBefore = out.size();
        const qsizetype droppedBefore = dropped.size();
        std::optional<LoweringError> first;
        for (bool value : {true, false}) {
            const QList<Decided> arm = decided + QList<Decided>{Decided{split.at, value, split.condition}};
            try {
                lowerSplits(src, imports, analysis, k, function, arm, out, dropped);
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

QList<TranslatedKernel> lowerKernelEntries(const PythonSource &src, const ImportTable &imports, const ModuleAnalysis &analysis,
                                           const KernelInfo &k, TSNode function,
                                           QList<TranslationResult::DroppedArm> &dropped)
{
    QList<TranslatedKernel> out;
    lowerSplits(src, imports, analysis, k, function, {}, out, dropped);
    return out;
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
    const PythonSource src(source, fileName);
    ImportTable imports;
    QHash<QString, TSNode> functions;
    for (TSNode stmt : node::children(src.root())) {
        if (node::is(stmt, "import_statement") || node::is(stmt, "import_from_statement"))
            imports.addImport(src, stmt);
        TSNode def = node::is(stmt, "decorated_definition") ? node::field(stmt, "definition") : stmt;
        if (node::is(def, "function_definition"))
            functions.insert(src.text(node::field(def, "name")), def);
    }
    const auto diagnose = [&](const QString &kernel, const SourceRange &at, const QString &construct,
                              const QString &reason) {
        r.diagnostics.append(TranslationDiagnostic{fileName, at.line, at.col, kernel, construct, reason});
    };
    bool found = options.kernel.isEmpty();
    for (const KernelInfo &k : analysis.kernels) {
        if (!options.kernel.isEmpty() && k.name != options.kernel)
            continue;
        found = true;
        // Constructs inside an `if` on ct.Constants are left to the lowering,
        // which drops the arms that hold them (lowerSplits).
        if (std::any_of(k.unsupported.cbegin(), k.unsupported.cend(), [](const UnsupportedConstruct &u) { return u.guard.isEmpty(); })) {
            for (const UnsupportedConstruct &u : k.unsupported)
                diagnose(k.name, u.range, u.construct, u.reason);
            continue;
        }
        if (k.qualifiedName != k.name || !functions.contains(k.name)) {
            diagnose(k.name, k.nameRange, QStringLiteral("nested kernel"),
                     QStringLiteral("only module-level @ct.kernel functions are translated"));
            continue;
        }
        try {
            r.kernels += lowerKernelEntries(src, imports, analysis, k, functions.value(k.name), r.droppedArms);
        } catch (const LoweringError &e) {
            diagnose(k.name, e.range, e.construct, e.reason);
        }
    }
    if (!found)
        r.error = QStringLiteral("%1 has no kernel named '%2'").arg(fileName, options.kernel);
    return r;
}

} // namespace tileport::rust
