// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "tileport/TileIR/Diff/IrDiff.h"
#include "tileport/TileIR/Diff/ModuleLoader.h"

#include "tileport/TileIR/Diff/Classifier.h"
#include "tileport/TileIR/Diff/Functions.h"
#include "tileport/TileIR/Diff/OpCensus.h"

#include <mlir/IR/Diagnostics.h>

namespace tileport::tileir::diff {

namespace {

ModuleSummary summarize(mlir::ModuleOp module, const OpCensus &census, const std::string &path)
{
    ModuleSummary s;
    s.path = path;
    s.opCount = census.totalOps;
    for (const FunctionUnit &fn : collectFunctions(module))
        s.functions.push_back(fn.name);
    return s;
}

bool canonicalizeOne(mlir::ModuleOp module, const CanonicalizeOptions &options, const std::string &path,
                     llvm::raw_ostream &diag)
{
    // Route the pipeline's diagnostics into `diag` with the file's name.
    mlir::ScopedDiagnosticHandler handler(module.getContext(), [&](mlir::Diagnostic &d) {
        const std::string where = SourceLoc::of(d.getLocation()).str();
        diag << path << ": " << (where.empty() ? "" : where + ": ") << d << '\n';
        return mlir::success();
    });
    if (mlir::succeeded(canonicalize(module, options)))
        return true;
    diag << path << ": canonicalization failed\n";
    return false;
}

} // namespace

std::optional<DiffReport> diffModules(mlir::ModuleOp ref, mlir::ModuleOp gen, const IrDiffOptions &options,
                                      llvm::raw_ostream &diag, const std::string &refPath, const std::string &genPath)
{
    if (options.canonicalize) {
        if (!canonicalizeOne(ref, options.canonical, refPath, diag) || !canonicalizeOne(gen, options.canonical, genPath, diag))
            return std::nullopt;
    }
    DiffReport report;
    report.canonicalized = options.canonicalize;

    StructuralDiffer differ(ref, gen, options.diff);
    report.functions = differ.run();

    TextCache texts;
    const OpCensus refCensus = OpCensus::of(ref, texts);
    const OpCensus genCensus = OpCensus::of(gen, texts);
    report.ref = summarize(ref, refCensus, refPath);
    report.gen = summarize(gen, genCensus, genPath);
    for (const auto &[kind, n] : refCensus.counts)
        report.opCounts[kind].first = n;
    for (const auto &[kind, n] : genCensus.counts)
        report.opCounts[kind].second = n;

    Classifier classifier(refCensus, genCensus, differ.refLocator(), differ.genLocator());
    report.findings = classifier.classify(report.functions);
    report.verdict = Classifier::verdictOf(report.findings);
    if (report.verdict == Verdict::FailFixable)
        report.owner = Classifier::ownerOf(report.findings);
    return report;
}

std::optional<DiffReport> diffFiles(const std::string &refFile, const std::string &genFile, const IrDiffOptions &options,
                                    llvm::raw_ostream &diag, const std::string &refName, const std::string &genName)
{
    mlir::MLIRContext ctx;
    configureContext(ctx);
    auto ref = loadModule(refFile, ctx, diag);
    auto gen = ref ? loadModule(genFile, ctx, diag) : nullptr;
    if (!ref || !gen)
        return std::nullopt;
    return diffModules(*ref, *gen, options, diag, refName, genName);
}

} // namespace tileport::tileir::diff
