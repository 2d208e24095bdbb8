// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "BatchConfigCheck.h"

#include "BatchProcessText.h"
#include "CrateBuild.h"
#include "IrDiffStep.h"
#include "ProcessRunner.h"
#include "ReferenceExporter.h"
#include "SassComparison.h"
#include "SassReport.h"
#include "Verdict.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>

namespace tileport {

namespace {

// Both modules diffed with the launchers' facts of the config (the one
// diff step); diff.{json,md} beside them.
void diff(const QString &ref, const QString &gen, const frontend::KernelConfig &config, const QDir &work,
          BatchConfigCheck::Result &out)
{
    steps::IrDiffInput in;
    in.reference = ref;
    in.generated = gen;
    in.config = &config;
    in.jsonReport = work.filePath(QStringLiteral("diff.json"));
    in.markdownReport = work.filePath(QStringLiteral("diff.md"));
    const steps::IrDiffEvidence d = steps::diffIr(in);
    out.verdict = verdictName(d.verdict);
    if (!d.diffed()) {
        out.reason = QStringLiteral("ir diff: %1").arg(d.error.section(QLatin1Char('\n'), 0, 0));
        return;
    }
    out.criticalRules = d.criticalRules;
    if (d.verdict != Verdict::Pass)
        out.reason = QStringLiteral("%1 critical, %2 note(s); see %3").arg(d.critical).arg(d.notes).arg(in.markdownReport);
}

// Both sides through tileiras and cuobjdump; the verdict, a one-line
// summary and the figures of the first function pair; sass.json beside.
void compareSass(const BatchConfigCheck::Request &request, const QString &ref, const QString &gen, const QDir &work,
                 const std::atomic_bool *cancel, BatchConfigCheck::Result &out)
{
    sass::CompileOptions options;
    options.target = request.sassTarget;
    options.timeoutMs = std::min(request.timeoutMs, options.timeoutMs);
    const auto [r, g] = request.sass->buildPair(ref, gen, options, cancel);
    if (!r.ok() || !g.ok()) {
        out.sassVerdict = verdictName(Verdict::Blocked);
        out.sassReason = r.ok() ? g.error : r.error;
        return;
    }
    const sass::Comparison c = sass::compare(r.module, g.module);
    out.sassVerdict = sass::verdictName(c.verdict);
    batchtext::writeFile(work.filePath(QStringLiteral("sass.json")),
                         QJsonDocument(sass::comparisonJson(r, g, c, options)).toJson());
    if (c.functions.isEmpty())
        return;
    const sass::FunctionComparison &f = c.functions.first();
    QJsonObject classes;
    QStringList deltas;
    for (const sass::CountDelta &d : f.classDeltas) {
        classes.insert(d.name, d.delta());
        deltas << QStringLiteral("%1 %2%3").arg(d.name, d.delta() > 0 ? QStringLiteral("+") : QString()).arg(d.delta());
    }
    out.sassDetail = QJsonObject{{QStringLiteral("ref_instructions"), f.refInstructions},
                                 {QStringLiteral("gen_instructions"), f.genInstructions},
                                 {QStringLiteral("ref_registers"), f.refResources.registers},
                                 {QStringLiteral("gen_registers"), f.genResources.registers},
                                 {QStringLiteral("ref_local_bytes"), f.refResources.local},
                                 {QStringLiteral("gen_local_bytes"), f.genResources.local},
                                 {QStringLiteral("class_deltas"), classes}};
    if (c.verdict == sass::Verdict::Differs)
        out.sassReason = QStringLiteral("%1 vs %2 instructions, %3 vs %4 registers%5")
                             .arg(f.refInstructions).arg(f.genInstructions)
                             .arg(f.refResources.registers).arg(f.genResources.registers)
                             .arg(deltas.isEmpty() ? QString() : QStringLiteral("; ") + deltas.join(QStringLiteral(", ")));
}

} // namespace

namespace {

steps::ReferenceStep::Options exportOptions(const BatchConfigCheck::Request &request)
{
    steps::ReferenceStep::Options options;
    options.timeoutMs = request.timeoutMs;
    return options;
}

QString referenceFile(const BatchConfigCheck::Request &request)
{
    return QDir(request.workDir).filePath(QStringLiteral("reference.tileirbc"));
}

} // namespace

ReferenceExporter::Request BatchConfigCheck::exportRequest(const Request &request)
{
    return steps::ReferenceStep::request(request.reference, referenceFile(request), exportOptions(request));
}

QString BatchConfigCheck::generatedDir(const QString &workDir)
{
    return QDir(workDir).filePath(QStringLiteral("generated"));
}

BatchConfigCheck::Result BatchConfigCheck::run(const Request &request, const std::atomic_bool *cancel)
{
    QElapsedTimer timer;
    timer.start();
    Result out;
    const auto finish = [&] {
        out.elapsedMs = timer.elapsed();
        return out;
    };
    const QDir work(request.workDir);
    if (!QDir().mkpath(request.workDir)) {
        out.reason = QStringLiteral("%1: cannot create the directory").arg(request.workDir);
        return finish();
    }
    if (request.tools.python.isEmpty()) {
        out.reason = QStringLiteral("no Python with cuda-tile (run scripts/setup)");
        return finish();
    }
    // Batch's shared exports are a cache in front of the export step: the
    // first unit of a kernel asks one exporter process for all of them.
    const QString refFile = referenceFile(request);
    steps::ReferenceOutput exported;
    if (request.exports) {
        ReferenceExporter::Result answer;
        {
            QMutexLocker lock(&request.exports->mutex);
            if (!request.exports->done) {
                const auto &all = request.exports->requests;
                const QList<ReferenceExporter::Result> results = ReferenceExporter(request.tools).exportMany(all, cancel);
                for (qsizetype i = 0; i < all.size(); ++i)
                    request.exports->results.insert(all[i].outputFile, results[i]);
                request.exports->done = !(cancel && cancel->load());
            }
            answer = request.exports->results.value(refFile);
        }
        if (!answer.ok && answer.error.isEmpty())
            answer.error = QStringLiteral("the shared export did not answer for %1").arg(refFile);
        exported = steps::ReferenceStep::outcome(request.reference, refFile, answer, exportOptions(request));
    } else {
        exported = steps::ReferenceStep(request.tools).run(request.reference, refFile, exportOptions(request), cancel);
    }
    if (!exported.ok()) {
        out.reason = QStringLiteral("reference export: %1").arg(exported.error);
        return finish();
    }

    const QString generated = QDir(generatedDir(request.workDir)).filePath(request.entry + QStringLiteral(".tileirbc"));
    const rust::CrateBuild::HarnessRun ran = rust::CrateBuild::runHarness(request.harness, request.harnessArgs, generated,
                                                                         request.timeoutMs, cancel);
    if (!ran.error.isEmpty()) {
        out.reason = ran.process.ok() ? ran.error : batchtext::failure(QStringLiteral("ir harness"), ran.process);
        return finish();
    }
    diff(refFile, generated, request.config, work, out);
    if (request.sass && !(cancel && cancel->load()))
        compareSass(request, refFile, generated, work, cancel, out);
    return finish();
}

} // namespace tileport
