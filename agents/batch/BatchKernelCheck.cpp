// SPDX-License-Identifier: MIT
#include "BatchKernelCheck.h"

#include "CrateWriter.h"
#include "HarnessArguments.h"
#include "ProcessRunner.h"
#include "ReferenceExporter.h"
#include "tileport/TileIR/Diff/IrDiff.h"
#include "tileport/TileIR/Diff/ModuleLoader.h"
#include "tileport/TileIR/Diff/ReportWriter.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QMutexLocker>

#include <mlir/IR/MLIRContext.h>

#include <llvm/Support/raw_ostream.h>

namespace tileport {

namespace {

namespace td = tileir::diff;

// The first line that says "error", else the first line: cargo's and the
// harness's output is long, the table wants one line.
QString firstError(const QByteArray &text)
{
    const QStringList lines = QString::fromUtf8(text).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    for (const QString &l : lines)
        if (l.trimmed().startsWith(QLatin1String("error")))
            return l.trimmed();
    return lines.isEmpty() ? QString() : lines.first().trimmed();
}

QString failure(const QString &what, const ProcessResult &r)
{
    const QString detail = firstError(r.standardError);
    return detail.isEmpty() ? QStringLiteral("%1 %2").arg(what, r.describe())
                            : QStringLiteral("%1 %2: %3").arg(what, r.describe(), detail);
}

void writeFile(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    if (f.open(QIODevice::WriteOnly))
        f.write(bytes);
}

// Decodes both modules and diffs them; writes diff.{json,md} beside them.
void diff(const QString &ref, const QString &gen, const QDir &work, BatchRow &row)
{
    mlir::MLIRContext ctx;
    td::configureContext(ctx);
    std::string diag;
    llvm::raw_string_ostream ds(diag);
    auto refModule = td::loadModule(ref.toStdString(), ctx, ds);
    auto genModule = refModule ? td::loadModule(gen.toStdString(), ctx, ds) : nullptr;
    std::optional<td::DiffReport> report;
    if (refModule && genModule)
        report = td::diffModules(*refModule, *genModule, {}, ds, ref.toStdString(), gen.toStdString());
    if (!report) {
        row.irVerdict = QStringLiteral("FAIL_FIXABLE");
        row.irReason = QStringLiteral("ir diff: %1").arg(QString::fromStdString(diag).trimmed().section(QLatin1Char('\n'), 0, 0));
        return;
    }
    std::string json, md;
    llvm::raw_string_ostream js(json), ms(md);
    td::writeJsonReport(*report, js);
    td::writeMarkdownReport(*report, ms);
    writeFile(work.filePath(QStringLiteral("diff.json")), QByteArray::fromStdString(json));
    writeFile(work.filePath(QStringLiteral("diff.md")), QByteArray::fromStdString(md));
    row.irVerdict = QString::fromLatin1(td::toString(report->verdict));
    if (report->verdict != td::Verdict::Pass)
        row.irReason = QStringLiteral("%1 critical, %2 note(s); see %3")
                           .arg(report->count(td::Severity::Critical))
                           .arg(report->count(td::Severity::Note))
                           .arg(work.filePath(QStringLiteral("diff.md")));
}

} // namespace

void BatchKernelCheck::run(const Setup &setup, const rust::TranslationResult &file, const BatchFileTranslator::KernelPlan &plan,
                           BatchRow &row, const std::atomic_bool *cancel)
{
    QElapsedTimer timer;
    timer.start();
    const auto finish = [&] { row.elapsedMs += timer.elapsed(); };
    const QDir work(setup.workDir);
    const rust::TranslatedKernel &kernel = file.kernels.at(plan.translated);
    if (setup.tools.cargo.isEmpty()) {
        row.built = BatchRow::Step::No;
        row.buildReason = QStringLiteral("no cargo (run scripts/setup; see tileport doctor)");
        return finish();
    }

    // A crate with this kernel's entries alone, so that its build verdict is its own.
    rust::TranslationResult single = file;
    single.kernels.clear();
    for (const rust::TranslatedKernel &k : file.kernels)
        if (k.pythonName == kernel.pythonName)
            single.kernels.append(k);
    single.diagnostics.clear();
    rust::CrateWriter::Options w;
    w.rustfmt = setup.tools.rustfmt;
    w.cutileVersion = setup.tools.cutileVersion.isEmpty() ? w.cutileVersion : setup.tools.cutileVersion;
    w.probeLock = setup.probeLock;
    const QString crate = work.filePath(QStringLiteral("crate"));
    if (const QString e = rust::CrateWriter::write(single, crate, w); !e.isEmpty()) {
        row.built = BatchRow::Step::No;
        row.buildReason = QStringLiteral("write crate: %1").arg(e);
        return finish();
    }

    // The reference needs no lock: export it first, in parallel with others.
    QString reference;
    if (plan.hasConfig && !setup.tools.python.isEmpty()) {
        ReferenceExporter::Request req;
        req.kernelFile = QFileInfo(setup.sourcePath).absoluteFilePath();
        req.kernelName = row.kernel;
        req.parameters = plan.config.params;
        req.outputFile = work.filePath(QStringLiteral("reference.%1.tileirbc").arg(plan.config.name));
        req.timeoutMs = setup.timeoutMs;
        const auto exported = ReferenceExporter(setup.tools).exportKernel(req, cancel);
        if (exported.ok)
            reference = req.outputFile;
        else
            row.irReason = QStringLiteral("reference export: %1").arg(exported.error);
    } else if (plan.hasConfig) {
        row.irReason = QStringLiteral("no Python with cuda-tile (run scripts/setup)");
    } else {
        row.irReason = plan.configProblem;
    }

    QMutexLocker lock(setup.crateLock);
    ProcessSpec build{setup.tools.cargo,
                      {QStringLiteral("build"), QStringLiteral("--offline"), QStringLiteral("--release"), QStringLiteral("--quiet"),
                       QStringLiteral("--manifest-path"), QDir(crate).filePath(QStringLiteral("Cargo.toml"))}};
    build.environment = setup.tools.cargoEnvironment();
    build.timeoutMs = setup.timeoutMs;
    const ProcessResult built = ProcessRunner::run(build, cancel);
    writeFile(work.filePath(QStringLiteral("cargo_build.log")), built.standardError);
    row.built = built.ok() ? BatchRow::Step::Yes : BatchRow::Step::No;
    if (!built.ok()) {
        row.buildReason = failure(QStringLiteral("cargo build"), built);
        row.irReason.clear();
        return finish();
    }
    if (reference.isEmpty() || !plan.hasConfig)
        return finish();

    row.config = plan.config.name;
    const QString harnessOut = work.filePath(QStringLiteral("generated"));
    QString error;
    const rust::EntrySignature &entry = file.entryForConfig(kernel.pythonName, plan.config.params)->signature;
    const QStringList args = rust::HarnessArguments::forConfig(entry, plan.config, harnessOut, QStringLiteral("sm_90"),
                                                               QStringLiteral("13.3"), &error);
    if (!error.isEmpty()) {
        row.irReason = QStringLiteral("harness arguments: %1").arg(error);
        return finish();
    }
    const QString targetDir = build.environment.value(QStringLiteral("CARGO_TARGET_DIR"), QDir(crate).filePath(QStringLiteral("target")));
    ProcessSpec harness{QDir(targetDir).filePath(QStringLiteral("release/%1-ir-harness").arg(file.crateName)), args};
    harness.timeoutMs = setup.timeoutMs;
    const ProcessResult ran = ProcessRunner::run(harness, cancel);
    lock.unlock();
    const QString generated = QDir(harnessOut).filePath(entry.entry + QStringLiteral(".tileirbc"));
    if (!ran.ok() || !QFile::exists(generated)) {
        row.irReason = ran.ok() ? generated + QStringLiteral(": the harness wrote no bytecode") : failure(QStringLiteral("ir harness"), ran);
        return finish();
    }
    diff(reference, generated, work, row);
    finish();
}

} // namespace tileport
