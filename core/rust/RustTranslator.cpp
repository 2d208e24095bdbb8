// SPDX-License-Identifier: MIT
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

namespace tileport::rust {

using namespace tileport::frontend;

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
        if (!k.unsupported.isEmpty()) {
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
            KernelLowering lowering(src, imports, analysis, k, functions.value(k.name));
            TranslatedKernel t;
            t.lines = lowering.lower();
            t.pythonName = k.name;
            t.signature = lowering.signature();
            // One more entry per dtype the kernel tests its arrays against,
            // with those arrays' element type fixed; the generic entry serves
            // the other dtypes.
            QList<TranslatedKernel> fixed;
            for (const KernelLowering::DtypeTest &test : lowering.dtypeTests()) {
                KernelLowering variant(src, imports, analysis, k, functions.value(k.name));
                variant.fixDtype(test.key, test.dtype, QStringLiteral("%1_%2").arg(k.name, test.dtype));
                TranslatedKernel v;
                v.lines = variant.lower();
                v.pythonName = k.name;
                v.signature = variant.signature();
                fixed.append(v);
                for (const QString &a : test.arrays)
                    t.signature.otherThan[a].append(RustNames::pythonDtype(test.dtype));
            }
            r.kernels.append(t);
            r.kernels += fixed;
        } catch (const LoweringError &e) {
            diagnose(k.name, e.range, e.construct, e.reason);
        }
    }
    if (!found)
        r.error = QStringLiteral("%1 has no kernel named '%2'").arg(fileName, options.kernel);
    return r;
}

} // namespace tileport::rust
