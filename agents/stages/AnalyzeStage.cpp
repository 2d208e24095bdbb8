// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "AnalyzeStage.h"

#include "AnalysisJson.h"
#include "ConfigCaptureStep.h"
#include "Frontend.h"
#include "KernelConfigFile.h"
#include "KernelConfigPath.h"
#include "ModuleAnalyzer.h"
#include "ReferenceStep.h"
#include "TritonAnalyzer.h"
#include "Verdict.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>

namespace tileport {

namespace {

StageReport verdict(Verdict v, std::optional<Owner> owner, const QString &reason)
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

} // namespace

StageReport AnalyzeStage::run(StageContext &ctx)
{
    const QJsonObject info = ctx.session().info();
    const QString source = info.value(QStringLiteral("source")).toString();
    const QString kernel = info.value(QStringLiteral("kernel")).toString();
    const QString refDir = ctx.area(Session::Area::Reference);

    ctx.progress(QStringLiteral("analyzing %1").arg(QFileInfo(source).fileName()), 0.0);
    const QString sidecar = kernelConfigPath(ctx.session());
    QList<steps::ReferenceTarget> exports;
    QStringList notes;
    ConfigCaptureStep capture;
    int kernels = 0, unsupported = 0;
    const bool triton = frontendFor(source).isTriton();
    if (triton) {
        const triton::TritonModule m = triton::TritonAnalyzer::analyzeFile(source);
        if (!m.error.isEmpty())
            return verdict(Verdict::FailFixable, Owner::Kernel, m.error);
        if (!m.syntaxErrors.isEmpty())
            return verdict(Verdict::FailFixable, Owner::Kernel,
                           QStringLiteral("%1:%2:%3: %4").arg(source).arg(m.syntaxErrors.first().line).arg(m.syntaxErrors.first().col)
                               .arg(m.syntaxErrors.first().reason));
        if (!kernel.isEmpty() && std::none_of(m.kernels.cbegin(), m.kernels.cend(), [&](const triton::TritonKernel &k) { return k.name == kernel; }))
            return verdict(Verdict::FailFixable, Owner::Kernel,
                           QStringLiteral("%1: no @triton.jit kernel named %2").arg(source, kernel));
        // The equivalent cuTile Python the generator starts from, for review.
        // No sidecar when the session was made: the configs come from the
        // file's own kernel[grid](...) launches.
        if (capturesConfigs(ctx.session()))
            if (std::optional<StageReport> stop = capture.run(ctx, kernel))
                return *stop;
        const QString desugared = QDir(refDir).filePath(QStringLiteral("triton.cutile.py"));
        writeFile(desugared, m.cutileText.toUtf8());
        writeFile(QDir(refDir).filePath(QStringLiteral("analysis.json")),
                  QJsonDocument(frontend::AnalysisJson::toJson(frontend::ModuleAnalyzer::analyzeSource(m.cutileText.toUtf8(), source)))
                      .toJson(QJsonDocument::Indented));
        // A Triton source has no Tile IR of its own: a config is exported
        // from the cuTile Python equivalent it names, else from the
        // desugared cuTile Python (the one plan).
        const steps::ReferencePlan plan = steps::planReferences(source, true, ctx.configs(), kernel, desugared);
        if (!plan.error.isEmpty())
            return verdict(Verdict::FailFixable, Owner::Host, plan.error);
        exports = plan.targets;
        notes = plan.notes;
        for (const QString &n : notes)
            ctx.log(n);
        kernels = int(m.kernels.size());
    } else {
        const frontend::ModuleAnalysis analysis = frontend::ModuleAnalyzer::analyzeFile(source);
        writeFile(QDir(refDir).filePath(QStringLiteral("analysis.json")),
                  QJsonDocument(frontend::AnalysisJson::toJson(analysis)).toJson(QJsonDocument::Indented));
        if (!analysis.error.isEmpty())
            return verdict(Verdict::FailFixable, Owner::Kernel, analysis.error);
        if (!analysis.syntaxErrors.isEmpty()) {
            const auto &e = analysis.syntaxErrors.first();
            return verdict(Verdict::FailFixable, Owner::Kernel,
                           QStringLiteral("%1:%2:%3: %4").arg(source).arg(e.range.line).arg(e.range.col).arg(e.message));
        }
        if (!kernel.isEmpty() && !analysis.kernel(kernel))
            return verdict(Verdict::FailFixable, Owner::Kernel,
                           QStringLiteral("%1: no @ct.kernel named %2").arg(source, kernel));

        // No sidecar when the session was made: the configs come from running the code.
        if (capturesConfigs(ctx.session()))
            if (std::optional<StageReport> stop = capture.run(ctx, kernel))
                return *stop;
        // The run's configs (read again only when the capture rewrote them).
        bool loaded = false;
        const frontend::KernelConfigFile &configs = ctx.configs(&loaded);
        if (!loaded || configs.configs.isEmpty()) {
            QString why = QStringLiteral("%1: no usable specialization configs").arg(sidecar);
            if (!configs.diagnostics.isEmpty())
                why = QStringLiteral("%1:%2:%3: %4").arg(sidecar).arg(configs.diagnostics.first().line)
                          .arg(configs.diagnostics.first().col).arg(configs.diagnostics.first().message);
            return verdict(Verdict::FailFixable, Owner::Host, why);
        }
        // A capture lists every kernel the code launched: only the ported
        // kernel's configs are checked, so another kernel's cannot stop the port.
        frontend::KernelConfigFile checked = configs;
        if (capturesConfigs(ctx.session()))
            checked.configs.removeIf([&](const frontend::KernelConfig &c) { return c.kernel != kernel; });
        for (const frontend::ConfigDiagnostic &d : checked.validate(analysis))
            if (d.severity == frontend::ConfigDiagnostic::Severity::Error)
                return verdict(Verdict::FailFixable, Owner::Host,
                               QStringLiteral("%1:%2:%3: %4").arg(sidecar).arg(d.line).arg(d.col).arg(d.message));

        exports = steps::planReferences(source, false, configs, kernel).targets;
        kernels = int(analysis.kernels.size());
        unsupported = int(analysis.unsupported.size());
    }

    if (ctx.tools().python.isEmpty())
        return verdict(Verdict::Blocked, Owner::Env,
                       QStringLiteral("no Python with cuda-tile (run scripts/setup; see tileport doctor)"));

    StageReport report;
    QJsonArray variants;
    const steps::ReferenceStep step(ctx.tools());
    steps::ReferenceStep::Options options;
    options.timeoutMs = ctx.toolTimeoutMs();
    options.decodeText = true;
    int done = 0, failed = 0;
    QString toolFailure; // the first export whose exporter hung, crashed or did not start
    const QString runDir = ctx.session().runDirectory(ctx.run());
    for (const steps::ReferenceTarget &c : exports) {
        if (ctx.isCancelled())
            return report;
        ctx.progress(QStringLiteral("reference Tile IR for %1 %2").arg(c.outKernel, c.config), double(done) / double(exports.size()));
        const QString output = QDir(refDir).filePath(QStringLiteral("%1.%2.tileirbc").arg(c.outKernel, c.config));
        const steps::ReferenceOutput res = step.run(c, output, options, ctx.cancelFlag());
        const bool exported = res.ok() || res.decodeFailed;
        ValidatorResult exportCheck{QStringLiteral("cuda-tile export %1").arg(c.config), exported ? 0 : 1,
                                    exported ? QString() : res.error};
        report.validators << exportCheck;
        QJsonObject v{{QStringLiteral("config"), c.config}, {QStringLiteral("kernel"), c.outKernel}};
        if (c.equivalent)
            v.insert(QStringLiteral("equivalent"), c.desugared ? QStringLiteral("desugared: reference/triton.cutile.py (%1)").arg(c.kernel)
                                                               : QStringLiteral("%1 (%2)").arg(c.file, c.kernel));
        if (exported) {
            report.validators << ValidatorResult{QStringLiteral("decode %1").arg(c.config), res.decodeFailed ? 1 : 0,
                                                 res.decodeFailed ? res.error : QString()};
            if (res.ok()) {
                v.insert(QStringLiteral("bytecode"), QDir(runDir).relativeFilePath(res.bytecode));
                v.insert(QStringLiteral("ir"), QDir(runDir).relativeFilePath(res.text));
            } else {
                ++failed;
            }
        } else {
            ++failed;
            ctx.log(exportCheck.name + QStringLiteral(": ") + res.error);
            if (res.verdict == Verdict::Blocked && toolFailure.isEmpty())
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
        report.verdict = Verdict::Pass;
        report.reason = QStringLiteral("%1 analyzed (Triton); no config for the kernel, so there is no Tile IR reference: stage D "
                                       "checks the port against Triton itself")
                            .arg(QFileInfo(source).fileName());
    } else if (done == 0) {
        report.verdict = Verdict::FailFixable;
        report.owner = Owner::Host;
        report.reason = QStringLiteral("%1 has no config for kernel %2").arg(sidecar, kernel);
    } else if (!toolFailure.isEmpty()) {
        report.verdict = Verdict::Blocked;
        report.owner = Owner::Env;
        report.reason = toolFailure;
    } else if (failed > 0) {
        report.verdict = Verdict::FailFixable;
        report.owner = Owner::Kernel;
        report.reason = QStringLiteral("%1 of %2 reference exports failed").arg(failed).arg(done);
    } else {
        report.verdict = Verdict::Pass;
        const auto desugaredCount = std::count_if(exports.cbegin(), exports.cend(), [](const steps::ReferenceTarget &t) { return t.desugared; });
        report.reason = triton ? QStringLiteral("%1 analyzed (Triton); reference Tile IR for %2 config(s): %3 from a named cuTile Python "
                                                "equivalent, %4 from the desugared cuTile Python")
                                     .arg(QFileInfo(source).fileName()).arg(done).arg(done - desugaredCount).arg(desugaredCount)
                               : QStringLiteral("%1 analyzed; reference Tile IR for %2 config(s)").arg(QFileInfo(source).fileName()).arg(done);
    }
    if (!capture.summary.isEmpty())
        report.reason += QStringLiteral("; ") + capture.summary;
    ctx.progress(QStringLiteral("done"), 1.0);
    return report;
}

} // namespace tileport
