// SPDX-License-Identifier: MIT
#include "AnalyzeStage.h"

#include "AnalysisJson.h"
#include "KernelConfigFile.h"
#include "KernelConfigPath.h"
#include "ModuleAnalyzer.h"
#include "ReferenceExporter.h"
#include "tileport/TileIR/Diff/ModuleLoader.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>

#include <mlir/IR/MLIRContext.h>

#include <llvm/Support/raw_ostream.h>

namespace tileport {

namespace {

StageReport verdict(const QString &v, const QString &owner, const QString &reason)
{
    StageReport r;
    r.verdict = v;
    r.owner = owner;
    r.reason = reason;
    return r;
}

bool writeFile(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

// Decodes a reference file into the official text; the error otherwise.
bool decodeToText(const QString &bytecode, const QString &textPath, QString *error)
{
    mlir::MLIRContext ctx;
    tileir::diff::configureContext(ctx);
    std::string diag;
    llvm::raw_string_ostream ds(diag);
    auto module = tileir::diff::loadModule(bytecode.toStdString(), ctx, ds);
    if (!module) {
        *error = QString::fromStdString(diag).trimmed();
        return false;
    }
    std::string text;
    llvm::raw_string_ostream os(text);
    tileir::diff::printModuleText(*module, os);
    if (!writeFile(textPath, QByteArray::fromStdString(text))) {
        *error = textPath + QStringLiteral(": cannot write");
        return false;
    }
    return true;
}

} // namespace

StageReport AnalyzeStage::run(StageContext &ctx)
{
    const QJsonObject info = ctx.session().info();
    const QString source = info.value(QStringLiteral("source")).toString();
    const QString kernel = info.value(QStringLiteral("kernel")).toString();
    const QString refDir = ctx.area(Session::Area::Reference);

    ctx.progress(QStringLiteral("analyzing %1").arg(QFileInfo(source).fileName()), 0.0);
    const frontend::ModuleAnalysis analysis = frontend::ModuleAnalyzer::analyzeFile(source);
    writeFile(QDir(refDir).filePath(QStringLiteral("analysis.json")),
              QJsonDocument(frontend::AnalysisJson::toJson(analysis)).toJson(QJsonDocument::Indented));
    if (!analysis.error.isEmpty())
        return verdict(QStringLiteral("FAIL_FIXABLE"), QStringLiteral("kernel"), analysis.error);
    if (!analysis.syntaxErrors.isEmpty()) {
        const auto &e = analysis.syntaxErrors.first();
        return verdict(QStringLiteral("FAIL_FIXABLE"), QStringLiteral("kernel"),
                       QStringLiteral("%1:%2:%3: %4").arg(source).arg(e.range.line).arg(e.range.col).arg(e.message));
    }
    if (!kernel.isEmpty() && !analysis.kernel(kernel))
        return verdict(QStringLiteral("FAIL_FIXABLE"), QStringLiteral("kernel"),
                       QStringLiteral("%1: no @ct.kernel named %2").arg(source, kernel));

    frontend::KernelConfigFile configs;
    const QString sidecar = kernelConfigPath(info);
    if (!configs.load(sidecar) || configs.configs.isEmpty()) {
        QString why = QStringLiteral("%1: no usable specialization configs").arg(sidecar);
        if (!configs.diagnostics.isEmpty())
            why = QStringLiteral("%1:%2:%3: %4").arg(sidecar).arg(configs.diagnostics.first().line)
                      .arg(configs.diagnostics.first().col).arg(configs.diagnostics.first().message);
        return verdict(QStringLiteral("FAIL_FIXABLE"), QStringLiteral("host"), why);
    }
    for (const frontend::ConfigDiagnostic &d : configs.validate(analysis))
        if (d.severity == frontend::ConfigDiagnostic::Severity::Error)
            return verdict(QStringLiteral("FAIL_FIXABLE"), QStringLiteral("host"),
                           QStringLiteral("%1:%2:%3: %4").arg(sidecar).arg(d.line).arg(d.col).arg(d.message));

    if (ctx.tools().python.isEmpty())
        return verdict(QStringLiteral("BLOCKED"), QStringLiteral("env"),
                       QStringLiteral("no Python with cuda-tile (run scripts/setup; see tileport doctor)"));

    StageReport report;
    QJsonArray variants;
    const ReferenceExporter exporter(ctx.tools());
    int done = 0, failed = 0;
    for (const frontend::KernelConfig &c : configs.configs) {
        if (ctx.isCancelled())
            return report;
        if (!kernel.isEmpty() && c.kernel != kernel)
            continue;
        ctx.progress(QStringLiteral("reference Tile IR for %1 %2").arg(c.kernel, c.name),
                     double(done) / double(configs.configs.size()));
        ReferenceExporter::Request req;
        req.kernelFile = QFileInfo(source).absoluteFilePath();
        req.kernelName = c.kernel;
        req.parameters = c.params;
        req.outputFile = QDir(refDir).filePath(QStringLiteral("%1.%2.tileirbc").arg(c.kernel, c.name));
        req.timeoutMs = ctx.toolTimeoutMs();
        const auto res = exporter.exportKernel(req, ctx.cancelFlag());
        ValidatorResult exportCheck{QStringLiteral("cuda-tile export %1").arg(c.name), res.ok ? 0 : 1, res.error};
        report.validators << exportCheck;
        QJsonObject v{{QStringLiteral("config"), c.name}, {QStringLiteral("kernel"), c.kernel}};
        if (res.ok) {
            QString error;
            const QString text = QDir(refDir).filePath(QStringLiteral("%1.%2.mlir").arg(c.kernel, c.name));
            const bool decoded = decodeToText(req.outputFile, text, &error);
            report.validators << ValidatorResult{QStringLiteral("decode %1").arg(c.name), decoded ? 0 : 1, error};
            if (decoded) {
                v.insert(QStringLiteral("bytecode"), QDir(ctx.session().runDirectory(ctx.run())).relativeFilePath(req.outputFile));
                v.insert(QStringLiteral("ir"), QDir(ctx.session().runDirectory(ctx.run())).relativeFilePath(text));
            } else {
                ++failed;
            }
        } else {
            ++failed;
            ctx.log(exportCheck.name + QStringLiteral(": ") + res.error);
        }
        variants << v;
        ++done;
    }
    report.evidence = QJsonObject{{QStringLiteral("source"), source},
                                  {QStringLiteral("kernels"), int(analysis.kernels.size())},
                                  {QStringLiteral("unsupported"), int(analysis.unsupported.size())},
                                  {QStringLiteral("configs"), variants}};
    if (done == 0) {
        report.verdict = QStringLiteral("FAIL_FIXABLE");
        report.owner = QStringLiteral("host");
        report.reason = QStringLiteral("%1 has no config for kernel %2").arg(sidecar, kernel);
    } else if (failed > 0) {
        report.verdict = QStringLiteral("FAIL_FIXABLE");
        report.owner = QStringLiteral("kernel");
        report.reason = QStringLiteral("%1 of %2 reference exports failed").arg(failed).arg(done);
    } else {
        report.verdict = QStringLiteral("PASS");
        report.reason = QStringLiteral("%1 analyzed; reference Tile IR for %2 config(s)").arg(QFileInfo(source).fileName()).arg(done);
    }
    ctx.progress(QStringLiteral("done"), 1.0);
    return report;
}

} // namespace tileport
