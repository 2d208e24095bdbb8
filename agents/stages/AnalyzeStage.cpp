// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "AnalyzeStage.h"

#include "AnalysisJson.h"
#include "ConfigCaptureStep.h"
#include "Frontend.h"
#include "KernelConfigFile.h"
#include "KernelConfigPath.h"
#include "ModuleAnalyzer.h"
#include "ReferenceExporter.h"
#include "tileport/TileIR/Diff/ModuleLoader.h"
#include "TritonAnalyzer.h"
#include "Verdict.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>

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

// One reference export: the cuTile Python kernel and parameters that give
// the Tile IR config `name` is compared with.
struct Export {
    QString name, kernel, file;
    QJsonArray params;
    QString outKernel; // names the output: the ported kernel's K.CONFIG
};

// A Triton source has no Tile IR of its own: a config is compared with the
// cuTile Python equivalent its "equivalent" names ({file, config}, the file
// relative to the sidecar); the others get no reference here, and stage D
// checks them against Triton itself on a GPU.
QList<Export> tritonExports(const QString &sidecar, const QString &kernel, QStringList *notes, QString *error)
{
    QList<Export> out;
    QFile f(sidecar);
    const QJsonObject doc = f.open(QIODevice::ReadOnly) ? QJsonDocument::fromJson(f.readAll()).object() : QJsonObject();
    for (const QJsonValue &v : doc.value(QStringLiteral("configs")).toArray()) {
        const QJsonObject c = v.toObject();
        const QString name = c.value(QStringLiteral("name")).toString();
        // A config's kernel defaults to the file's.
        const QString of = c.value(QStringLiteral("kernel")).toString(doc.value(QStringLiteral("kernel")).toString());
        if (!of.isEmpty() && of != kernel)
            continue;
        const QJsonObject eq = c.value(QStringLiteral("equivalent")).toObject();
        if (eq.isEmpty()) {
            *notes << QStringLiteral("config %1: no cuTile Python equivalent named, so no Tile IR reference (stage D checks it against Triton)").arg(name);
            continue;
        }
        const QString file = QFileInfo(sidecar).dir().absoluteFilePath(eq.value(QStringLiteral("file")).toString());
        frontend::KernelConfigFile eqConfigs;
        if (!eqConfigs.load(frontend::KernelConfigFile::pathFor(file))) {
            *error = QStringLiteral("%1: config %2 names %3, which has no usable config file").arg(sidecar, name, file);
            return {};
        }
        const frontend::KernelConfig *match = nullptr;
        for (const frontend::KernelConfig &e : eqConfigs.configs)
            if (e.name == eq.value(QStringLiteral("config")).toString())
                match = &e;
        if (!match) {
            *error = QStringLiteral("%1: config %2 names config '%3' of %4, which does not exist")
                         .arg(sidecar, name, eq.value(QStringLiteral("config")).toString(), file);
            return {};
        }
        out << Export{name, match->kernel, file, match->params, kernel};
    }
    return out;
}

} // namespace

StageReport AnalyzeStage::run(StageContext &ctx)
{
    const QJsonObject info = ctx.session().info();
    const QString source = info.value(QStringLiteral("source")).toString();
    const QString kernel = info.value(QStringLiteral("kernel")).toString();
    const QString refDir = ctx.area(Session::Area::Reference);

    ctx.progress(QStringLiteral("analyzing %1").arg(QFileInfo(source).fileName()), 0.0);
    const QString sidecar = kernelConfigPath(ctx.session());
    QList<Export> exports;
    QStringList notes;
    ConfigCaptureStep capture;
    int kernels = 0, unsupported = 0;
    const bool triton = frontendFor(source).isTriton();
    if (triton) {
        const triton::TritonModule m = triton::TritonAnalyzer::analyzeFile(source);
        if (!m.error.isEmpty())
            return verdict(verdictName(Verdict::FailFixable), ownerName(Owner::Kernel), m.error);
        if (!m.syntaxErrors.isEmpty())
            return verdict(verdictName(Verdict::FailFixable), ownerName(Owner::Kernel),
                           QStringLiteral("%1:%2:%3: %4").arg(source).arg(m.syntaxErrors.first().line).arg(m.syntaxErrors.first().col)
                               .arg(m.syntaxErrors.first().reason));
        if (!kernel.isEmpty() && std::none_of(m.kernels.cbegin(), m.kernels.cend(), [&](const triton::TritonKernel &k) { return k.name == kernel; }))
            return verdict(verdictName(Verdict::FailFixable), ownerName(Owner::Kernel),
                           QStringLiteral("%1: no @triton.jit kernel named %2").arg(source, kernel));
        // The equivalent cuTile Python the generator starts from, for review.
        writeFile(QDir(refDir).filePath(QStringLiteral("triton.cutile.py")), m.cutileText.toUtf8());
        writeFile(QDir(refDir).filePath(QStringLiteral("analysis.json")),
                  QJsonDocument(frontend::AnalysisJson::toJson(frontend::ModuleAnalyzer::analyzeSource(m.cutileText.toUtf8(), source)))
                      .toJson(QJsonDocument::Indented));
        QString error;
        exports = tritonExports(sidecar, kernel, &notes, &error);
        if (!error.isEmpty())
            return verdict(verdictName(Verdict::FailFixable), ownerName(Owner::Host), error);
        for (const QString &n : notes)
            ctx.log(n);
        kernels = int(m.kernels.size());
    } else {
        const frontend::ModuleAnalysis analysis = frontend::ModuleAnalyzer::analyzeFile(source);
        writeFile(QDir(refDir).filePath(QStringLiteral("analysis.json")),
                  QJsonDocument(frontend::AnalysisJson::toJson(analysis)).toJson(QJsonDocument::Indented));
        if (!analysis.error.isEmpty())
            return verdict(verdictName(Verdict::FailFixable), ownerName(Owner::Kernel), analysis.error);
        if (!analysis.syntaxErrors.isEmpty()) {
            const auto &e = analysis.syntaxErrors.first();
            return verdict(verdictName(Verdict::FailFixable), ownerName(Owner::Kernel),
                           QStringLiteral("%1:%2:%3: %4").arg(source).arg(e.range.line).arg(e.range.col).arg(e.message));
        }
        if (!kernel.isEmpty() && !analysis.kernel(kernel))
            return verdict(verdictName(Verdict::FailFixable), ownerName(Owner::Kernel),
                           QStringLiteral("%1: no @ct.kernel named %2").arg(source, kernel));

        // No sidecar when the session was made: the configs come from running the code.
        if (capturesConfigs(ctx.session()))
            if (std::optional<StageReport> stop = capture.run(ctx, kernel))
                return *stop;
        frontend::KernelConfigFile configs;
        if (!configs.load(sidecar) || configs.configs.isEmpty()) {
            QString why = QStringLiteral("%1: no usable specialization configs").arg(sidecar);
            if (!configs.diagnostics.isEmpty())
                why = QStringLiteral("%1:%2:%3: %4").arg(sidecar).arg(configs.diagnostics.first().line)
                          .arg(configs.diagnostics.first().col).arg(configs.diagnostics.first().message);
            return verdict(verdictName(Verdict::FailFixable), ownerName(Owner::Host), why);
        }
        // A capture lists every kernel the code launched: only the ported
        // kernel's configs are checked, so another kernel's cannot stop the port.
        frontend::KernelConfigFile checked = configs;
        if (capturesConfigs(ctx.session()))
            checked.configs.removeIf([&](const frontend::KernelConfig &c) { return c.kernel != kernel; });
        for (const frontend::ConfigDiagnostic &d : checked.validate(analysis))
            if (d.severity == frontend::ConfigDiagnostic::Severity::Error)
                return verdict(verdictName(Verdict::FailFixable), ownerName(Owner::Host),
                               QStringLiteral("%1:%2:%3: %4").arg(sidecar).arg(d.line).arg(d.col).arg(d.message));

        for (const frontend::KernelConfig &c : configs.configs)
            if (kernel.isEmpty() || c.kernel == kernel)
                exports << Export{c.name, c.kernel, QFileInfo(source).absoluteFilePath(), c.params, c.kernel};
        kernels = int(analysis.kernels.size());
        unsupported = int(analysis.unsupported.size());
    }

    if (ctx.tools().python.isEmpty())
        return verdict(verdictName(Verdict::Blocked), ownerName(Owner::Env),
                       QStringLiteral("no Python with cuda-tile (run scripts/setup; see tileport doctor)"));

    StageReport report;
    QJsonArray variants;
    const ReferenceExporter exporter(ctx.tools());
    int done = 0, failed = 0;
    QString toolFailure; // the first export whose exporter hung, crashed or did not start
    for (const Export &c : exports) {
        if (ctx.isCancelled())
            return report;
        ctx.progress(QStringLiteral("reference Tile IR for %1 %2").arg(c.outKernel, c.name), double(done) / double(exports.size()));
        ReferenceExporter::Request req;
        req.kernelFile = c.file;
        req.kernelName = c.kernel;
        req.parameters = c.params;
        req.outputFile = QDir(refDir).filePath(QStringLiteral("%1.%2.tileirbc").arg(c.outKernel, c.name));
        req.timeoutMs = ctx.toolTimeoutMs();
        const auto res = exporter.exportKernel(req, ctx.cancelFlag());
        ValidatorResult exportCheck{QStringLiteral("cuda-tile export %1").arg(c.name), res.ok ? 0 : 1, res.error};
        report.validators << exportCheck;
        QJsonObject v{{QStringLiteral("config"), c.name}, {QStringLiteral("kernel"), c.outKernel}};
        if (c.file != QFileInfo(source).absoluteFilePath())
            v.insert(QStringLiteral("equivalent"), QStringLiteral("%1 (%2)").arg(c.file, c.kernel));
        if (res.ok) {
            QString error;
            const QString text = QDir(refDir).filePath(QStringLiteral("%1.%2.mlir").arg(c.outKernel, c.name));
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
            if (res.toolFailed && toolFailure.isEmpty())
                toolFailure = QStringLiteral("%1 %2: %3").arg(exportCheck.name, c.kernel, res.error);
        }
        variants << v;
        ++done;
        // An exporter that hung or crashed would do the same for every
        // config: one time-out is enough to know the stage is blocked.
        if (!toolFailure.isEmpty())
            break;
    }
    report.evidence = QJsonObject{{QStringLiteral("source"), source},
                                  {QStringLiteral("language"), triton ? QStringLiteral("triton") : QStringLiteral("cutile")},
                                  {QStringLiteral("kernels"), kernels},
                                  {QStringLiteral("unsupported"), unsupported},
                                  {QStringLiteral("configs"), variants}};
    if (!capture.evidence.isEmpty())
        report.evidence.insert(QStringLiteral("capture"), capture.evidence);
    if (!notes.isEmpty())
        report.markdown = notes.join(QLatin1Char('\n')) + QLatin1Char('\n');
    report.markdown = capture.markdown + report.markdown;
    if (done == 0 && triton) {
        report.verdict = verdictName(Verdict::Pass);
        report.reason = QStringLiteral("%1 analyzed (Triton); no config names a cuTile Python equivalent, so there is no Tile IR "
                                       "reference: stage D checks the port against Triton itself")
                            .arg(QFileInfo(source).fileName());
    } else if (done == 0) {
        report.verdict = verdictName(Verdict::FailFixable);
        report.owner = ownerName(Owner::Host);
        report.reason = QStringLiteral("%1 has no config for kernel %2").arg(sidecar, kernel);
    } else if (!toolFailure.isEmpty()) {
        report.verdict = verdictName(Verdict::Blocked);
        report.owner = ownerName(Owner::Env);
        report.reason = toolFailure;
    } else if (failed > 0) {
        report.verdict = verdictName(Verdict::FailFixable);
        report.owner = ownerName(Owner::Kernel);
        report.reason = QStringLiteral("%1 of %2 reference exports failed").arg(failed).arg(done);
    } else {
        report.verdict = verdictName(Verdict::Pass);
        report.reason = triton ? QStringLiteral("%1 analyzed (Triton); reference Tile IR of the cuTile Python equivalents for %2 config(s)")
                                     .arg(QFileInfo(source).fileName()).arg(done)
                               : QStringLiteral("%1 analyzed; reference Tile IR for %2 config(s)").arg(QFileInfo(source).fileName()).arg(done);
    }
    if (!capture.summary.isEmpty())
        report.reason += QStringLiteral("; ") + capture.summary;
    ctx.progress(QStringLiteral("done"), 1.0);
    return report;
}

} // namespace tileport
