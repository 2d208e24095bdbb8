// SPDX-License-Identifier: MIT
#include "BatchConfigCheck.h"

#include "BatchProcessText.h"
#include "LauncherFindings.h"
#include "ProcessRunner.h"
#include "ReferenceExporter.h"
#include "tileport/TileIR/Diff/IrDiff.h"
#include "tileport/TileIR/Diff/ModuleLoader.h"
#include "tileport/TileIR/Diff/ReportWriter.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>

#include <mlir/IR/MLIRContext.h>

#include <llvm/Support/raw_ostream.h>

namespace tileport {

namespace {

namespace td = tileir::diff;

// Decodes both modules and diffs them, with the launchers' facts of the
// config; writes diff.{json,md} beside them.
void diff(const QString &ref, const QString &gen, const frontend::KernelConfig &config, const QDir &work,
          BatchConfigCheck::Result &out)
{
    std::string diag;
    llvm::raw_string_ostream ds(diag);
    std::optional<td::DiffReport> report =
        td::diffFiles(ref.toStdString(), gen.toStdString(), {}, ds, ref.toStdString(), gen.toStdString());
    if (!report) {
        out.verdict = QStringLiteral("FAIL_FIXABLE");
        out.reason = QStringLiteral("ir diff: %1").arg(QString::fromStdString(diag).trimmed().section(QLatin1Char('\n'), 0, 0));
        return;
    }
    LauncherFindings::addTo(*report, config);
    std::string json, md;
    llvm::raw_string_ostream js(json), ms(md);
    td::writeJsonReport(*report, js);
    td::writeMarkdownReport(*report, ms);
    batchtext::writeFile(work.filePath(QStringLiteral("diff.json")), QByteArray::fromStdString(json));
    batchtext::writeFile(work.filePath(QStringLiteral("diff.md")), QByteArray::fromStdString(md));
    out.verdict = QString::fromLatin1(td::toString(report->verdict));
    for (const td::Finding &f : report->findings)
        if (f.severity == td::Severity::Critical && !out.criticalRules.contains(QString::fromStdString(f.rule)))
            out.criticalRules << QString::fromStdString(f.rule);
    if (report->verdict != td::Verdict::Pass)
        out.reason = QStringLiteral("%1 critical, %2 note(s); see %3")
                         .arg(report->count(td::Severity::Critical))
                         .arg(report->count(td::Severity::Note))
                         .arg(work.filePath(QStringLiteral("diff.md")));
}

} // namespace

ReferenceExporter::Request BatchConfigCheck::exportRequest(const Request &request)
{
    ReferenceExporter::Request req;
    req.kernelFile = QFileInfo(request.sourcePath).absoluteFilePath();
    req.kernelName = request.kernel;
    req.parameters = request.config.params;
    req.outputFile = QDir(request.workDir).filePath(QStringLiteral("reference.tileirbc"));
    req.timeoutMs = request.timeoutMs;
    return req;
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
    const ReferenceExporter::Request req = exportRequest(request);
    ReferenceExporter::Result exported;
    if (request.exports) {
        QMutexLocker lock(&request.exports->mutex);
        if (!request.exports->done) {
            const auto &all = request.exports->requests;
            const QList<ReferenceExporter::Result> results = ReferenceExporter(request.tools).exportMany(all, cancel);
            for (qsizetype i = 0; i < all.size(); ++i)
                request.exports->results.insert(all[i].outputFile, results[i]);
            request.exports->done = !(cancel && cancel->load());
        }
        exported = request.exports->results.value(req.outputFile);
        if (!exported.ok && exported.error.isEmpty())
            exported.error = QStringLiteral("the shared export did not answer for %1").arg(req.outputFile);
    } else {
        exported = ReferenceExporter(request.tools).exportKernel(req, cancel);
    }
    if (!exported.ok) {
        out.reason = QStringLiteral("reference export: %1").arg(exported.error);
        return finish();
    }

    ProcessSpec harness{request.harness, request.harnessArgs};
    harness.timeoutMs = request.timeoutMs;
    const ProcessResult ran = ProcessRunner::run(harness, cancel);
    const QString generated = QDir(generatedDir(request.workDir)).filePath(request.entry + QStringLiteral(".tileirbc"));
    if (!ran.ok() || !QFile::exists(generated)) {
        out.reason = ran.ok() ? generated + QStringLiteral(": the harness wrote no bytecode")
                              : batchtext::failure(QStringLiteral("ir harness"), ran);
        return finish();
    }
    diff(req.outputFile, generated, request.config, work, out);
    return finish();
}

} // namespace tileport
