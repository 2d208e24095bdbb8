// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "Commands.h"

#include "AnalysisJson.h"
#include "AnalysisSummary.h"
#include "Frontend.h"
#include "KernelConfigFile.h"
#include "ModuleAnalyzer.h"
#include "TritonAnalyzer.h"

#include <QFileInfo>
#include <QJsonDocument>
#include <QSaveFile>
#include <QTextStream>

// Stage A's analysis of a cuTile Python file: kernels, parameters, variants,
// constants, launch sites, tuning configurations and unsupported constructs,
// checked against the file's specialization sidecar when one exists.
// Exit codes: 0 analyzed; 1 syntax errors or sidecar errors; 2 usage or I/O.
int runAnalyzeCommand(CommandLine &cl)
{
    using namespace tileport::frontend;
    const QString file = cl.positional(0), output = cl.value(QStringLiteral("output"));
    const bool json = cl.isSet(QStringLiteral("json")), useConfig = !cl.isSet(QStringLiteral("no-config"));
    if (tileport::frontendFor(file).isTriton())
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
