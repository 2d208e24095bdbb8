// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "Commands.h"

#include "KernelConfigFile.h"
#include "ModuleAnalyzer.h"
#include "TritonAnalyzer.h"
#include "TritonCapturedConfigs.h"
#include "TritonJson.h"

#include <QFileInfo>
#include <QJsonDocument>
#include <QSaveFile>
#include <QTextStream>

// `tileport analyze` on a Triton file: kernels, parameters, constexprs,
// autotune configs, launches and unmapped constructs (docs/triton.md). A
// sidecar is checked against the desugared cuTile kernels, which are what
// its configs parameterize. Exit codes as for cuTile files.
int runTritonAnalyze(const QString &file, bool json, const QString &output, bool useConfig)
{
    using namespace tileport;
    QTextStream err(stderr), out(stdout);
    const triton::TritonModule m = triton::TritonAnalyzer::analyzeFile(file);
    QJsonObject doc = triton::TritonJson::toJson(m);
    int code = 0;
    if (!m.error.isEmpty()) {
        err << "tileport analyze: " << m.error << '\n';
        return 2;
    }
    for (const triton::TritonIssue &e : m.syntaxErrors)
        err << file << ':' << e.line << ':' << e.col << ": " << e.reason << '\n';
    if (!m.syntaxErrors.isEmpty())
        code = 1;
    QString configText;
    const QString sidecar = frontend::KernelConfigFile::pathFor(file);
    if (useConfig && m.ok() && QFileInfo::exists(sidecar)) {
        const frontend::ModuleAnalysis cutile = frontend::ModuleAnalyzer::analyzeSource(m.cutileText.toUtf8(), file);
        frontend::KernelConfigFile cfg;
        const bool loaded = cfg.load(sidecar);
        if (loaded) // as batch reads it: fitted to the desugared signatures (string constexprs, flat arrays)
            triton::fitToDesugared(cfg, cutile, triton::fitHints(m));
        const QList<frontend::ConfigDiagnostic> diags = loaded ? cfg.validate(cutile) : cfg.diagnostics;
        int errors = 0;
        for (const frontend::ConfigDiagnostic &d : diags) {
            const bool isError = d.severity == frontend::ConfigDiagnostic::Severity::Error;
            errors += isError ? 1 : 0;
            err << sidecar << ':' << d.line << ':' << d.col << ": " << (isError ? "error: " : "warning: ") << d.message << '\n';
        }
        if (errors)
            code = 1;
        doc.insert(QStringLiteral("config"), cfg.toJson(diags));
        configText = QStringLiteral("\nconfigs (%1): %2 config(s), %3 problem(s)\n")
                         .arg(QFileInfo(sidecar).fileName()).arg(cfg.configs.size()).arg(diags.size());
    }
    const QByteArray bytes = QJsonDocument(doc).toJson(QJsonDocument::Indented);
    if (!output.isEmpty()) {
        QSaveFile f(output);
        if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size() || !f.commit()) {
            err << "tileport analyze: " << output << ": cannot write: " << f.errorString() << '\n';
            return 2;
        }
    }
    if (json)
        out << bytes;
    else
        out << triton::TritonJson::summary(m) << configText;
    return code;
}
