// SPDX-License-Identifier: MIT
#include "Commands.h"

#include "AnalysisJson.h"
#include "AnalysisSummary.h"
#include "KernelConfigFile.h"
#include "ModuleAnalyzer.h"
#include "TritonAnalyzer.h"

#include <QFileInfo>
#include <QJsonDocument>
#include <QSaveFile>
#include <QTextStream>

namespace {

int usageError(const QString &msg)
{
    QTextStream(stderr) << "tileport analyze: " << msg << '\n'
                        << "usage: tileport analyze FILE.py [--json] [-o analysis.json] [--no-config]\n";
    return 2;
}

} // namespace

// Stage A's analysis of a cuTile Python file: kernels, parameters, variants,
// constants, launch sites, tuning configurations and unsupported constructs,
// checked against the file's specialization sidecar when one exists.
// Exit codes: 0 analyzed; 1 syntax errors or sidecar errors; 2 usage or I/O.
int runAnalyzeCommand(const QStringList &args)
{
    using namespace tileport::frontend;
    QString file, output;
    bool json = false, useConfig = true;
    for (int i = 0; i < args.size(); ++i) {
        const QString &a = args[i];
        if (a == QLatin1String("--json"))
            json = true;
        else if (a == QLatin1String("--no-config"))
            useConfig = false;
        else if (a == QLatin1String("-o") || a == QLatin1String("--output")) {
            if (i + 1 >= args.size())
                return usageError(QStringLiteral("%1 needs a file name").arg(a));
            output = args[++i];
        } else if (a.startsWith(QLatin1Char('-')) && a != QLatin1String("-"))
            return usageError(QStringLiteral("unknown option '%1'").arg(a));
        else if (file.isEmpty())
            file = a;
        else
            return usageError(QStringLiteral("unexpected argument '%1'").arg(a));
    }
    if (file.isEmpty())
        return usageError(QStringLiteral("no file given"));
    if (tileport::triton::TritonAnalyzer::isTritonFile(file))
        return runTritonAnalyze(file, json, output, useConfig);

    QTextStream err(stderr);
    const ModuleAnalysis analysis = ModuleAnalyzer::analyzeFile(file);
    QJsonObject doc = AnalysisJson::toJson(analysis);
    int code = 0;
    if (!analysis.error.isEmpty()) {
        err << "tileport analyze: " << analysis.error << '\n';
        code = 2;
    }
    for (const SyntaxError &e : analysis.syntaxErrors)
        err << file << ':' << e.range.line << ':' << e.range.col << ": " << e.message << '\n';
    if (!analysis.syntaxErrors.isEmpty())
        code = std::max(code, 1);

    QString configText;
    if (useConfig && analysis.error.isEmpty()) {
        const QString sidecar = KernelConfigFile::pathFor(file);
        if (QFileInfo::exists(sidecar)) {
            KernelConfigFile cfg;
            QList<ConfigDiagnostic> diags;
            if (cfg.load(sidecar))
                diags = cfg.validate(analysis);
            else
                diags = cfg.diagnostics;
            int errors = 0;
            for (const ConfigDiagnostic &d : diags) {
                const bool isError = d.severity == ConfigDiagnostic::Severity::Error;
                errors += isError ? 1 : 0;
                err << sidecar << ':' << d.line << ':' << d.col << ": " << (isError ? "error: " : "warning: ")
                    << d.message << '\n';
            }
            if (errors)
                code = std::max(code, 1);
            doc.insert(QStringLiteral("config"), cfg.toJson(diags));
            configText = QStringLiteral("\nconfigs (%1): %2 config(s), %3 problem(s)\n")
                             .arg(QFileInfo(sidecar).fileName()).arg(cfg.configs.size()).arg(diags.size());
        }
    }

    const QByteArray bytes = QJsonDocument(doc).toJson(QJsonDocument::Indented);
    if (!output.isEmpty()) {
        QSaveFile f(output);
        if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size() || !f.commit()) {
            err << "tileport analyze: " << output << ": cannot write: " << f.errorString() << '\n';
            return 2;
        }
    }
    QTextStream out(stdout);
    if (json)
        out << bytes;
    else if (analysis.error.isEmpty())
        out << AnalysisSummary::render(analysis) << configText;
    return code;
}
