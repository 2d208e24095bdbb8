// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "Commands.h"

#include "CrateWriter.h"
#include "Frontend.h"
#include "RustTranslator.h"
#include "Toolchains.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTextStream>

// The generator's command: writes a cuTile Rust crate for the file's kernels.
// Refused constructs are printed as file:line:col: error: ...; the other
// kernels are still written. Exit codes: 0 every kernel translated; 1 some
// refused (or none translated); 2 usage or I/O.
int runTranslateCommand(CommandLine &cl)
{
    using namespace tileport;
    using namespace tileport::rust;
    const QString file = cl.positional(0);
    QString outDir = cl.value(QStringLiteral("output"));
    RustTranslator::Options options;
    options.kernel = cl.value(QStringLiteral("kernel"));
    const bool json = cl.isSet(QStringLiteral("json"));
    if (outDir.isEmpty())
        outDir = QFileInfo(file).completeBaseName() + QStringLiteral("-rs");

    QTextStream err(stderr), out(stdout);
    const QString emit = cl.value(QStringLiteral("emit"), QStringLiteral("rust"));
    if (emit != QLatin1String("kir") && emit != QLatin1String("rust")) {
        err << "tileport translate: --emit takes kir or rust\n";
        return 2;
    }
    options.keepKir = emit == QLatin1String("kir");
    Toolchains tools = Toolchains::fromEnvironment();
    if (int rc = 0; !applyCutileOption(cl, tools, &rc))
        return rc;
    const TranslationResult result = frontendFor(file).translate(file, options);
    if (!result.error.isEmpty()) {
        err << "tileport translate: " << result.error << '\n';
        return 2;
    }
    for (const TranslationDiagnostic &d : result.diagnostics)
        err << d.toString() << '\n';
    for (const TranslationResult::DroppedArm &d : result.droppedArms)
        err << d.toString() << '\n';
    if (result.kernels.isEmpty()) {
        err << "tileport translate: no kernel could be translated\n";
        return 1;
    }
    if (options.keepKir) {
        out << result.kir;
        return result.diagnostics.isEmpty() ? 0 : 1;
    }
    CrateWriter::Options writeOptions = CrateWriter::optionsFor(tools);
    writeOptions.configs = CrateConfigs::besides(file); // the entries' docs name the configs they serve
    const QString writeError = CrateWriter::write(result, outDir, writeOptions);
    if (!writeError.isEmpty()) {
        err << "tileport translate: " << writeError << '\n';
        return 2;
    }
    if (json) {
        QJsonArray kernels, diagnostics, notes;
        for (const TranslationResult::DroppedArm &d : result.droppedArms)
            notes << d.toString();
        for (const TranslatedKernel &k : result.kernels)
            kernels << QJsonObject{{QStringLiteral("kernel"), k.pythonName},
                                   {QStringLiteral("entry"), result.moduleName + QStringLiteral("::") + k.signature.entry}};
        for (const TranslationDiagnostic &d : result.diagnostics)
            diagnostics << d.toString();
        out << QJsonDocument(QJsonObject{{QStringLiteral("crate"), QDir(outDir).absolutePath()},
                                         {QStringLiteral("kernels"), kernels},
                                         {QStringLiteral("diagnostics"), diagnostics},
                                         {QStringLiteral("notes"), notes}})
                   .toJson(QJsonDocument::Indented);
    } else {
        for (const TranslatedKernel &k : result.kernels)
            out << "translated " << k.pythonName << " -> " << result.moduleName << "::" << k.signature.entry << '\n';
        out << "wrote " << QDir(outDir).absolutePath() << '\n';
    }
    return result.diagnostics.isEmpty() ? 0 : 1;
}
