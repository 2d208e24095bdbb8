// SPDX-License-Identifier: MIT
#include "Commands.h"

#include "CrateWriter.h"
#include "RustTranslator.h"
#include "Toolchains.h"
#include "TritonAnalyzer.h"
#include "TritonTranslator.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTextStream>

namespace {

int usageError(const QString &msg)
{
    QTextStream(stderr) << "tileport translate: " << msg << '\n'
                        << "usage: tileport translate FILE.py [-o DIR] [--kernel NAME] [--no-format]\n";
    return 2;
}

} // namespace

// The generator's command: writes a cuTile Rust crate for the file's kernels.
// Refused constructs are printed as file:line:col: error: ...; the other
// kernels are still written. Exit codes: 0 every kernel translated; 1 some
// refused (or none translated); 2 usage or I/O.
int runTranslateCommand(const QStringList &args)
{
    using namespace tileport;
    using namespace tileport::rust;
    QString file, outDir;
    RustTranslator::Options options;
    bool formatOutput = true;
    for (int i = 0; i < args.size(); ++i) {
        const QString &a = args[i];
        if (a == QLatin1String("-o") || a == QLatin1String("--output") || a == QLatin1String("--kernel")) {
            if (i + 1 >= args.size())
                return usageError(QStringLiteral("%1 needs a value").arg(a));
            (a == QLatin1String("--kernel") ? options.kernel : outDir) = args[++i];
        } else if (a == QLatin1String("--no-format")) {
            formatOutput = false;
        } else if (a.startsWith(QLatin1Char('-'))) {
            return usageError(QStringLiteral("unknown option '%1'").arg(a));
        } else if (file.isEmpty()) {
            file = a;
        } else {
            return usageError(QStringLiteral("unexpected argument '%1'").arg(a));
        }
    }
    if (file.isEmpty())
        return usageError(QStringLiteral("no file given"));
    if (outDir.isEmpty())
        outDir = QFileInfo(file).completeBaseName() + QStringLiteral("-rs");

    QTextStream err(stderr), out(stdout);
    const TranslationResult result = triton::TritonAnalyzer::isTritonFile(file)
        ? triton::TritonTranslator::translateFile(file, options)
        : RustTranslator::translateFile(file, options);
    if (!result.error.isEmpty()) {
        err << "tileport translate: " << result.error << '\n';
        return 2;
    }
    for (const TranslationDiagnostic &d : result.diagnostics)
        err << d.toString() << '\n';
    if (result.kernels.isEmpty()) {
        err << "tileport translate: no kernel could be translated\n";
        return 1;
    }
    const Toolchains tools = Toolchains::fromEnvironment();
    CrateWriter::Options w = CrateWriter::optionsFor(tools);
    if (!formatOutput)
        w.rustfmt.clear();
    const QString writeError = CrateWriter::write(result, outDir, w);
    if (!writeError.isEmpty()) {
        err << "tileport translate: " << writeError << '\n';
        return 2;
    }
    for (const TranslatedKernel &k : result.kernels)
        out << "translated " << k.pythonName << " -> " << result.moduleName << "::" << k.signature.entry << '\n';
    out << "wrote " << QDir(outDir).absolutePath() << '\n';
    return result.diagnostics.isEmpty() ? 0 : 1;
}
