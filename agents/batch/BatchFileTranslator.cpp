// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "BatchFileTranslator.h"

#include "Frontend.h"
#include "ModuleAnalyzer.h"
#include "RustTranslator.h"
#include "TritonAnalyzer.h"
#include "TritonCapturedConfigs.h"
#include "TritonTranslator.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QHash>

#include <utility>

namespace tileport {

namespace {

using namespace tileport::frontend;

BatchRow fileRow(const QString &rel, BatchRow::Step analyzed, const QString &reason)
{
    BatchRow r;
    r.file = rel;
    r.kernel = QStringLiteral("-");
    r.analyzed = analyzed;
    r.translateReason = reason;
    return r;
}

QString at(const QString &rel, int line, int col)
{
    return QStringLiteral("%1:%2:%3").arg(rel).arg(line).arg(col);
}

void translate(const QByteArray &bytes, const QString &path, const QString &rel, const ModuleAnalysis &analysis,
               BatchFileTranslator::Outcome &out)
{
    out.translation = rust::RustTranslator::translateAnalyzed(bytes, path, analysis, {});
    for (const KernelInfo &k : analysis.kernels) {
        BatchRow row;
        row.file = rel;
        row.kernel = k.name;
        row.analyzed = BatchRow::Step::Yes;
        BatchFileTranslator::KernelPlan plan;
        for (qsizetype i = 0; i < out.translation.kernels.size(); ++i)
            if (out.translation.kernels[i].pythonName == k.name && plan.translated < 0)
                plan.translated = int(i); // its first entry; dtype entries follow it
        row.translated = plan.translated >= 0 ? BatchRow::Step::Yes : BatchRow::Step::No;
        if (plan.translated < 0) {
            row.translateReason = out.translation.error.isEmpty() ? QStringLiteral("not translated")
                                                                  : out.translation.error.section(QLatin1Char('\n'), 0, 0);
            for (const rust::TranslationDiagnostic &d : out.translation.diagnostics)
                if (d.kernel == k.name) {
                    row.translateAt = at(rel, d.line, d.col);
                    row.translateReason = QStringLiteral("%1: %2").arg(d.construct, d.reason);
                    break;
                }
        }
        out.rows << row;
        out.plans << plan;
    }
}

// A Triton file: its kernels desugared to cuTile and translated; rows for
// every kernel (helpers excepted), refused ones with the Triton line:col.
// The configs are checked against the desugared module's analysis.
void translateTriton(const QString &path, const QString &rel, BatchFileTranslator::Outcome &out,
                     const std::function<void(const char *)> &step)
{
    step("analyze");
    const triton::TritonModule m = triton::TritonAnalyzer::analyzeFile(path);
    step("translate");
    out.translation = triton::TritonTranslator::translateModule(m, {});
    if (!m.ok() || m.kernels.isEmpty()) {
        out.rows << fileRow(rel, m.ok() ? BatchRow::Step::Yes : BatchRow::Step::No,
                            m.ok() ? QStringLiteral("no @triton.jit kernel") : out.translation.error.section(QLatin1Char('\n'), 0, 0));
        return;
    }
    for (const triton::TritonKernel &k : m.kernels) {
        if (k.helper)
            continue;
        BatchRow row;
        row.file = rel;
        row.kernel = k.name;
        row.analyzed = BatchRow::Step::Yes;
        BatchFileTranslator::KernelPlan plan;
        for (qsizetype i = 0; i < out.translation.kernels.size(); ++i)
            if (out.translation.kernels[i].pythonName == k.name)
                plan.translated = int(i);
        row.translated = plan.translated >= 0 ? BatchRow::Step::Yes : BatchRow::Step::No;
        for (const rust::TranslationDiagnostic &d : out.translation.diagnostics)
            if (plan.translated < 0 && d.kernel == k.name && row.translateReason.isEmpty()) {
                row.translateAt = at(rel, d.line, d.col);
                row.translateReason = QStringLiteral("%1: %2").arg(d.construct, d.reason);
            }
        out.rows << row;
        out.plans << plan;
    }
    out.desugared = m.cutileText;
    out.fitHints = triton::fitHints(m);
    out.analysis = std::make_shared<const ModuleAnalysis>(ModuleAnalyzer::analyzeSource(m.cutileText.toUtf8(), path));
}

// The kernels' configs from the file's sidecar; without one, the file asks
// for a capture (cuTile launches and Triton `kernel[grid](...)` alike).
void sidecarConfigs(const QString &path, const QString &relativePath, BatchFileTranslator::Outcome &out)
{
    const QString sidecarPath = KernelConfigFile::pathFor(path);
    const QString sidecarRel = QFileInfo(relativePath).dir().filePath(QFileInfo(sidecarPath).fileName());
    if (!QFile::exists(sidecarPath)) {
        out.wantsConfigs = true;
        for (BatchFileTranslator::KernelPlan &plan : out.plans)
            plan.configProblem = QStringLiteral("no config");
        return;
    }
    KernelConfigFile sidecar;
    sidecar.load(sidecarPath);
    BatchFileTranslator::planConfigs(out, sidecar, sidecarRel);
}

} // namespace

BatchFileTranslator::Outcome BatchFileTranslator::run(const QString &directory, const QString &relativePath,
                                                      const StageFunction &stage)
{
    const auto step = [&stage](const char *name) {
        if (stage)
            stage(name);
    };
    step("read");
    QElapsedTimer timer;
    timer.start();
    Outcome out;
    const QString path = QDir(directory).filePath(relativePath);
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        out.rows << fileRow(relativePath, BatchRow::Step::No, QStringLiteral("cannot read: %1").arg(f.errorString()));
    } else if (f.size() > ModuleAnalyzer::kMaxFileBytes) {
        out.rows << fileRow(relativePath, BatchRow::Step::No,
                            QStringLiteral("larger than %1 bytes").arg(ModuleAnalyzer::kMaxFileBytes));
    } else if (frontendFor(path).isTriton()) {
        translateTriton(path, relativePath, out, step);
        if (out.analysis) {
            step("configs");
            sidecarConfigs(path, relativePath, out);
        }
    } else {
        const QByteArray bytes = f.readAll();
        step("analyze");
        const ModuleAnalysis analysis = ModuleAnalyzer::analyzeSource(bytes, path);
        if (!analysis.error.isEmpty()) {
            out.rows << fileRow(relativePath, BatchRow::Step::No, analysis.error);
        } else if (!analysis.syntaxErrors.isEmpty()) {
            // Kernels found around a syntax error are listed, but none is
            // translated: the tree around the error cannot be trusted.
            const SyntaxError &e = analysis.syntaxErrors.first();
            const QString where = at(relativePath, e.range.line, e.range.col);
            const QString why = e.message.startsWith(QLatin1String("syntax error")) ? e.message
                                                                                     : QStringLiteral("syntax error: %1").arg(e.message);
            for (const KernelInfo &k : analysis.kernels) {
                BatchRow row = fileRow(relativePath, BatchRow::Step::No, why);
                row.kernel = k.name;
                row.translated = BatchRow::Step::No;
                row.translateAt = where;
                out.rows << row;
            }
            if (out.rows.isEmpty()) {
                out.rows << fileRow(relativePath, BatchRow::Step::No, why);
                out.rows.last().translateAt = where;
            }
        } else if (analysis.kernels.isEmpty()) {
            out.rows << fileRow(relativePath, BatchRow::Step::Yes, QStringLiteral("no @ct.kernel function"));
        } else {
            step("translate");
            translate(bytes, path, relativePath, analysis, out);
            step("configs");
            out.analysis = std::make_shared<const ModuleAnalysis>(analysis);
            sidecarConfigs(path, relativePath, out);
        }
    }
    while (out.plans.size() < out.rows.size())
        out.plans << KernelPlan{};
    out.elapsedMs = timer.elapsed();
    return out;
}

void BatchFileTranslator::planConfigs(Outcome &out, const KernelConfigFile &given, const QString &configsRel)
{
    KernelConfigFile configs = given;
    if (!out.desugared.isEmpty() && out.analysis) {
        // A Triton file: a refused kernel is not in the desugared module, so
        // its configs cannot be checked against it and must not stop the
        // others'; a captured launch names every Triton parameter, fitted
        // here to the desugared kernel's signature.
        configs.configs.removeIf([&](const KernelConfig &c) { return !out.analysis->kernel(c.kernel); });
        triton::fitToDesugared(configs, *out.analysis, out.fitHints);
    }
    QString problem;
    const auto firstError = [&](const QList<ConfigDiagnostic> &list) {
        for (const ConfigDiagnostic &d : list)
            if (problem.isEmpty() && d.severity == ConfigDiagnostic::Severity::Error)
                problem = QStringLiteral("%1: %2").arg(at(configsRel, d.line, d.col), d.message);
    };
    firstError(configs.diagnostics);
    // A capture lists every kernel the code launched: each kernel's configs
    // are checked on their own, so one kernel's cannot take the others'
    // (as stage A does); a hand-written sidecar is trusted whole or not at all.
    QHash<QString, QString> kernelProblem;
    if (problem.isEmpty() && out.analysis && configs.captured) {
        // The check names each config where it starts: that says whose it is.
        QHash<std::pair<int, int>, QString> kernelAt;
        for (const KernelConfig &c : std::as_const(configs.configs))
            kernelAt.insert({c.line, c.col}, c.kernel);
        for (const ConfigDiagnostic &d : configs.validate(*out.analysis)) {
            if (d.severity != ConfigDiagnostic::Severity::Error)
                continue;
            const QString where = QStringLiteral("%1: %2").arg(at(configsRel, d.line, d.col), d.message);
            const auto k = kernelAt.constFind({d.line, d.col});
            if (k == kernelAt.cend()) {
                problem = where; // not one config's: the file's
                break;
            }
            if (!kernelProblem.contains(*k))
                kernelProblem.insert(*k, where);
        }
    } else if (problem.isEmpty() && out.analysis) {
        firstError(configs.validate(*out.analysis));
    }
    // A capture says what it ran, so that "no config" can say what was tried.
    QString none = QStringLiteral("no config");
    if (configs.captured && !configs.capture.fatal.isEmpty())
        none = QStringLiteral("no config: capture failed: %1").arg(configs.capture.fatal);
    else if (configs.captured)
        none = QStringLiteral("no config captured (%1 test file(s) read, %2 case(s) run, %3 failed)")
                   .arg(configs.capture.tests.size())
                   .arg(configs.capture.casesRun)
                   .arg(configs.capture.casesFailed);
    if (configs.captured && !configs.capture.fatal.isEmpty())
        problem.clear();
    for (qsizetype i = 0; i < out.rows.size() && i < out.plans.size(); ++i) {
        KernelPlan &plan = out.plans[i];
        plan.configs.clear();
        const QString why = problem.isEmpty() ? kernelProblem.value(out.rows[i].kernel) : problem;
        plan.configProblem = why.isEmpty() ? none : why;
        if (!why.isEmpty())
            continue;
        for (const KernelConfig &c : configs.configs)
            if (c.kernel == out.rows[i].kernel)
                plan.configs << c;
        plan.configsFile = QFileInfo(configsRel).fileName();
        if (!plan.configs.isEmpty())
            plan.configProblem.clear();
    }
}

} // namespace tileport
