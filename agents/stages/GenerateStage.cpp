// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "GenerateStage.h"

#include "CrateBuild.h"
#include "CrateWriter.h"
#include "Frontend.h"
#include "HarnessArguments.h"
#include "KernelConfigFile.h"
#include "KernelConfigPath.h"
#include "ProcessRunner.h"
#include "RustTranslator.h"
#include "TritonAnalyzer.h"
#include "TritonTranslator.h"
#include "Verdict.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>

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

// The first lines of a tool's error output, for the report.
// The entries a kept crate declares in its tileport-crate.json (written by
// the generator, then possibly by a repair or an edit).
rust::TranslationResult keptEntries(const QString &crate, QString *error)
{
    rust::TranslationResult r;
    QFile f(QDir(crate).filePath(QStringLiteral("tileport-crate.json")));
    QJsonParseError pe;
    const QJsonDocument doc = f.open(QIODevice::ReadOnly) ? QJsonDocument::fromJson(f.readAll(), &pe) : QJsonDocument();
    if (!doc.isObject()) {
        *error = QStringLiteral("%1: %2").arg(f.fileName(), f.isOpen() ? pe.errorString() : f.errorString());
        return r;
    }
    for (const QJsonValue &v : doc.object().value(QStringLiteral("entries")).toArray()) {
        rust::TranslatedKernel k;
        k.pythonName = v.toObject().value(QStringLiteral("python_kernel")).toString();
        k.signature = rust::EntrySignature::fromJson(v.toObject());
        if (k.signature.entry.isEmpty()) {
            *error = QStringLiteral("%1: an entry without a name").arg(f.fileName());
            return r;
        }
        r.kernels << k;
    }
    return r;
}

// The kernel was refused: its diagnostics, and the crate written without it
// (the file's other kernels, the pinned manifest and lock, the IR harness),
// so the entry can be written by hand in the IDE or by a repair agent and
// built as it is.
StageReport refused(const rust::TranslationResult &result, const QString &crate, const rust::CrateWriter::Options &w,
                    const QString &source, const QString &kernel)
{
    QStringList why;
    for (const rust::TranslationDiagnostic &d : result.diagnostics)
        why << d.toString();
    StageReport r = verdict(Verdict::FailFixable, Owner::Kernel,
                            why.isEmpty() ? QStringLiteral("%1: kernel %2 was not translated").arg(source, kernel) : why.first());
    const QString writeError = rust::CrateWriter::write(result, crate, w);
    r.validators << ValidatorResult{QStringLiteral("write crate without %1").arg(kernel), writeError.isEmpty() ? 0 : 1, writeError};
    r.markdown = why.join(QLatin1Char('\n'));
    if (writeError.isEmpty()) {
        r.evidence = QJsonObject{{QStringLiteral("crate"), QStringLiteral("generated/crate")}, {QStringLiteral("without"), kernel}};
        r.markdown += QStringLiteral("\n\nThe crate was written without kernel %1 (generated/crate). Its entry can be written in "
                                     "src/lib.rs, with its signature in tileport-crate.json, by hand (edit the Rust, then re-run "
                                     "with the edit) or by `tileport repair --stage B`; the crate is then built as it is.\n")
                          .arg(kernel);
    }
    return r;
}

// The pinned cutile and the session's configs, which the entries' docs name.
rust::CrateWriter::Options crateOptions(StageContext &ctx)
{
    rust::CrateWriter::Options w = rust::CrateWriter::optionsFor(ctx.tools());
    bool loaded = false;
    if (const frontend::KernelConfigFile &configs = ctx.configs(&loaded); loaded)
        w.configs = rust::CrateConfigs::of(configs);
    return w;
}

} // namespace

StageReport GenerateStage::run(StageContext &ctx)
{
    const QJsonObject info = ctx.session().info();
    const QString source = info.value(QStringLiteral("source")).toString();
    const QString kernel = info.value(QStringLiteral("kernel")).toString();
    const QDir gen(ctx.area(Session::Area::Generated));
    const Toolchains &tools = ctx.tools();
    if (tools.cargo.isEmpty())
        return verdict(Verdict::Blocked, Owner::Env,
                       QStringLiteral("no cargo (run scripts/setup; see tileport doctor)"));

    ctx.progress(QStringLiteral("translating %1").arg(kernel), 0.0);
    const QString crate = gen.filePath(QStringLiteral("crate"));
    // A crate patched by a repair or edited in the IDE is built as it is,
    // with the entries its tileport-crate.json declares.
    const bool keep = m_keepCrate && QFile::exists(QDir(crate).filePath(QStringLiteral("src/lib.rs")));
    rust::TranslationResult result;
    StageReport report;
    if (keep) {
        ctx.log(QStringLiteral("building the patched or edited crate in the run as it is (no translation over it)"));
        QString error;
        result = keptEntries(crate, &error);
        report.validators << ValidatorResult{QStringLiteral("keep patched crate"), error.isEmpty() ? 0 : 1, error};
        if (!error.isEmpty())
            return verdict(Verdict::FailFixable, Owner::Kernel, error);
    } else {
        rust::RustTranslator::Options options;
        options.kernel = kernel;
        result = frontendFor(source).translate(source, options);
        result.nameCrateFor(crate);
        if (!result.error.isEmpty())
            return verdict(Verdict::FailFixable, Owner::Kernel, result.error);
    }
    const rust::TranslatedKernel *translated = result.entryFor(kernel);
    if (!translated && keep)
        return verdict(Verdict::FailFixable, Owner::Kernel,
                       QStringLiteral("%1: no entry of kernel %2 (\"python_kernel\"); declare the entry of src/lib.rs there")
                           .arg(QDir(crate).filePath(QStringLiteral("tileport-crate.json")), kernel));
    if (!translated)
        return refused(result, crate, crateOptions(ctx), source, kernel);

    if (!keep) {
        const QString writeError = rust::CrateWriter::write(result, crate, crateOptions(ctx));
        report.validators << ValidatorResult{QStringLiteral("write crate"), writeError.isEmpty() ? 0 : 1, writeError};
        if (!writeError.isEmpty())
            return verdict(Verdict::FailFixable, Owner::Kernel, writeError);
    }

    if (ctx.isCancelled())
        return report;
    ctx.progress(QStringLiteral("cargo build"), 0.2);
    rust::CrateBuild::Options buildOptions;
    buildOptions.crateDir = crate;
    buildOptions.timeoutMs = ctx.toolTimeoutMs();
    buildOptions.cancel = ctx.cancelFlag();
    buildOptions.logFile = QDir(ctx.area(Session::Area::Logs)).filePath(QStringLiteral("cargo_build.log"));
    const rust::CrateBuild::Result built = rust::CrateBuild::run(buildOptions, tools);
    report.validators << ValidatorResult{built.command, built.process.exitCode, built.errorHead()};
    if (ctx.isCancelled())
        return report;
    if (!built.ranToEnd() || !built.ok()) {
        // cargo hung, crashed or did not start: nothing the kernel can fix.
        report.verdict = built.ranToEnd() ? Verdict::FailCompile : Verdict::Blocked;
        report.owner = built.ranToEnd() ? Owner::Kernel : Owner::Env;
        report.reason = built.ranToEnd() ? QStringLiteral("cargo build failed: %1").arg(built.process.describe())
                                         : QStringLiteral("cargo build %1").arg(built.process.describe());
        report.markdown = QStringLiteral("```\n%1\n```\n").arg(built.errorHead(40));
        return report;
    }

    const QString harness = rust::CrateBuild::harnessPath(crate, tools, nullptr);
    const frontend::KernelConfigFile &configs = ctx.configs();
    QJsonArray produced;
    int done = 0, failed = 0;
    for (const frontend::KernelConfig &c : configs.configs) {
        if (c.kernel != kernel)
            continue;
        if (ctx.isCancelled())
            return report;
        ctx.progress(QStringLiteral("generated Tile IR for %1").arg(c.name), 0.5 + 0.5 * done / qMax(1, int(configs.configs.size())));
        QString error;
        const QString outDir = gen.filePath(QStringLiteral("harness-%1").arg(c.name));
        // A kernel that tests its dtypes has one entry per tested dtype.
        const rust::TranslatedKernel *entry = result.entryForConfig(kernel, c.params);
        if (!entry)
            error = result.noEntryReason(kernel, c.params, c.name);
        const QStringList args = entry ? rust::HarnessArguments::forConfig(entry->signature, c, outDir, entry->signature.minTarget,
                                                                           QStringLiteral("13.3"), &error)
                                       : QStringList();
        const QString bc = entry ? QDir(outDir).filePath(entry->signature.entry + QStringLiteral(".tileirbc")) : QString();
        if (error.isEmpty())
            error = rust::CrateBuild::runHarness(harness, args, bc, ctx.toolTimeoutMs(), ctx.cancelFlag()).error;
        const QString target = gen.filePath(QStringLiteral("%1.%2.tileirbc").arg(kernel, c.name));
        if (error.isEmpty() && !(QFile::remove(target), QFile::copy(bc, target)))
            error = target + QStringLiteral(": cannot copy the harness's bytecode here");
        report.validators << ValidatorResult{QStringLiteral("ir harness %1").arg(c.name), error.isEmpty() ? 0 : 1, error};
        if (!error.isEmpty())
            ++failed;
        else
            produced << QJsonObject{{QStringLiteral("config"), c.name},
                                    {QStringLiteral("entry"), entry->signature.entry},
                                    {QStringLiteral("bytecode"), QStringLiteral("generated/%1.%2.tileirbc").arg(kernel, c.name)}};
        ++done;
    }
    report.evidence = QJsonObject{{QStringLiteral("crate"), QStringLiteral("generated/crate")},
                                  {QStringLiteral("entry"), translated->signature.entry},
                                  {QStringLiteral("configs"), produced}};
    if (done == 0 || failed > 0) {
        report.verdict = Verdict::FailCompile;
        report.owner = Owner::Kernel;
        report.reason = done == 0 ? QStringLiteral("no config of kernel %1 to compile").arg(kernel)
                                  : QStringLiteral("the IR harness failed for %1 of %2 config(s)").arg(failed).arg(done);
        return report;
    }
    report.verdict = Verdict::Compiled;
    report.reason = QStringLiteral("crate built; generated Tile IR for %1 config(s)").arg(done);
    ctx.progress(QStringLiteral("done"), 1.0);
    return report;
}

} // namespace tileport
