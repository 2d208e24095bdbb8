// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// libFuzzer entry point for the cuTile Python front-end as `tileport
// translate` runs it: any bytes are analyzed (tree-sitter, scopes, constants,
// specialization, host scan) and the analysis is written as stage A's JSON;
// then the kernels are lowered through the kernel IR, its passes and the
// cuTile Rust printer. Every position reported lies in the input, and no
// kernel disappears: each is translated or refused with a diagnostic.
#include "FuzzCheck.h"

#include "AnalysisJson.h"
#include "ModuleAnalyzer.h"
#include "RustTranslator.h"

#include <QJsonDocument>

#include <cstdint>

using namespace tileport;
using tileport::fuzz::check;
using tileport::fuzz::inside;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray source(reinterpret_cast<const char *>(data), qsizetype(size));
    const qsizetype lines = source.count('\n') + 1;
    // A directory that does not exist: sibling modules are not looked up.
    const QString file = QStringLiteral("/nonexistent/fuzz/kernel.py");

    const frontend::ModuleAnalysis analysis = frontend::ModuleAnalyzer::analyzeSource(source, file);
    for (const frontend::SyntaxError &e : analysis.syntaxErrors)
        check(inside(e.range.line, e.range.col, lines) && !e.message.isEmpty(), "syntax error position");
    for (const frontend::UnsupportedConstruct &u : analysis.unsupported)
        check(inside(u.range.line, u.range.col, lines) && !u.construct.isEmpty(), "unsupported construct position");
    for (const frontend::KernelInfo &k : analysis.kernels)
        check(!k.name.isEmpty(), "kernel without a name");
    check(!QJsonDocument(frontend::AnalysisJson::toJson(analysis)).toJson().isEmpty(), "analysis JSON");

    const rust::TranslationResult result = rust::RustTranslator::translateAnalyzed(source, file, analysis, {});
    for (const rust::TranslationDiagnostic &d : result.diagnostics)
        check(inside(d.line, d.col, lines) && !d.reason.isEmpty(), "diagnostic position");
    if (!analysis.ok()) {
        check(!result.error.isEmpty() && result.kernels.isEmpty(), "a file with syntax errors translated");
        return 0;
    }
    for (const rust::TranslatedKernel &t : result.kernels) {
        check(analysis.kernel(t.pythonName) != nullptr, "an entry for a kernel the analysis does not have");
        check(!t.lines.isEmpty(), "an entry without lines");
    }
    // No silent fallback: a kernel is lowered, refused with a reason, or
    // served only for some of its specializations (a dropped arm says why).
    for (const frontend::KernelInfo &k : analysis.kernels) {
        bool accounted = result.error.size() > 0;
        for (const rust::TranslatedKernel &t : result.kernels)
            accounted = accounted || t.pythonName == k.name;
        for (const rust::TranslationDiagnostic &d : result.diagnostics)
            accounted = accounted || d.kernel == k.name || d.kernel.isEmpty();
        check(accounted, "a kernel neither translated nor refused");
    }
    return 0;
}
