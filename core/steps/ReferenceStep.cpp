// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "ReferenceStep.h"

#include "tileport/TileIR/Diff/ModuleLoader.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <mlir/IR/MLIRContext.h>

#include <llvm/Support/raw_ostream.h>

namespace tileport::steps {

ReferencePlan planReference(const QString &source, bool triton, const frontend::KernelConfig &c, const QString &sidecar,
                            const QString &desugared)
{
    ReferencePlan plan;
    if (!triton) {
        plan.targets << ReferenceTarget{c.name, c.kernel, QFileInfo(source).absoluteFilePath(), c.kernel, c.params, false};
        return plan;
    }
    if (c.equivalentFile.isEmpty() && !desugared.isEmpty()) {
        plan.targets << ReferenceTarget{c.name, c.kernel, QFileInfo(desugared).absoluteFilePath(), c.kernel, c.params, true, true};
        return plan;
    }
    if (c.equivalentFile.isEmpty()) {
        plan.notes << QStringLiteral("config %1: no cuTile Python equivalent named, so no Tile IR reference (stage D checks it "
                                     "against Triton)")
                          .arg(c.name);
        return plan;
    }
    frontend::KernelConfigFile eqConfigs;
    if (!eqConfigs.load(frontend::KernelConfigFile::pathFor(c.equivalentFile))) {
        plan.error = QStringLiteral("%1: config %2 names %3, which has no usable config file").arg(sidecar, c.name, c.equivalentFile);
        return plan;
    }
    for (const frontend::KernelConfig &e : eqConfigs.configs)
        if (e.name == c.equivalentConfig) {
            plan.targets << ReferenceTarget{c.name, c.kernel, c.equivalentFile, e.kernel, e.params, true};
            return plan;
        }
    plan.error = QStringLiteral("%1: config %2 names config '%3' of %4, which does not exist")
                     .arg(sidecar, c.name, c.equivalentConfig, c.equivalentFile);
    return plan;
}

ReferencePlan planReferences(const QString &source, bool triton, const frontend::KernelConfigFile &configs,
                             const QString &kernel, const QString &desugared)
{
    ReferencePlan plan;
    for (const frontend::KernelConfig &c : configs.configs) {
        if (!kernel.isEmpty() && c.kernel != kernel)
            continue;
        const ReferencePlan one = planReference(source, triton, c, configs.path, desugared);
        if (!one.error.isEmpty())
            return {{}, {}, one.error}; // an unreadable equivalent stops the whole plan
        plan.targets << one.targets;
        plan.notes << one.notes;
    }
    return plan;
}

ReferenceStep::ReferenceStep(Toolchains tools)
    : m_tools(std::move(tools))
{
}

ReferenceExporter::Request ReferenceStep::request(const ReferenceTarget &target, const QString &outputFile,
                                                  const Options &options)
{
    ReferenceExporter::Request req;
    req.kernelFile = target.file;
    req.kernelName = target.kernel;
    req.parameters = target.params;
    req.outputFile = outputFile;
    req.bytecodeVersion = options.bytecodeVersion;
    req.timeoutMs = options.timeoutMs;
    return req;
}

ReferenceOutput ReferenceStep::run(const ReferenceTarget &target, const QString &outputFile, const Options &options,
                                   const std::atomic_bool *cancel) const
{
    const ReferenceExporter::Result res = ReferenceExporter(m_tools).exportKernel(request(target, outputFile, options), cancel);
    return outcome(target, outputFile, res, options);
}

ReferenceOutput ReferenceStep::outcome(const ReferenceTarget &target, const QString &outputFile,
                                       const ReferenceExporter::Result &result, const Options &options)
{
    ReferenceOutput out;
    out.target = target;
    out.elapsedMs = result.elapsedMs;
    out.error = result.error;
    if (!result.ok) {
        out.verdict = result.toolFailed ? Verdict::Blocked : Verdict::FailFixable;
        out.owner = result.toolFailed ? Owner::Env : Owner::Kernel;
        return out;
    }
    out.bytecode = outputFile;
    out.verdict = Verdict::Pass;
    if (options.decodeText) {
        QFileInfo fi(outputFile);
        const QString text = fi.dir().filePath(fi.completeBaseName() + QStringLiteral(".mlir"));
        if (!decodeToText(outputFile, text, &out.error)) {
            out.decodeFailed = true;
            out.verdict = Verdict::FailFixable;
            out.owner = Owner::Kernel;
        } else {
            out.text = text;
        }
    }
    return out;
}

bool ReferenceStep::decodeToText(const QString &bytecode, const QString &textPath, QString *error)
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
    QFile f(textPath);
    if (!f.open(QIODevice::WriteOnly) || f.write(QByteArray::fromStdString(text)) != qint64(text.size())) {
        *error = textPath + QStringLiteral(": cannot write");
        return false;
    }
    return true;
}

} // namespace tileport::steps
