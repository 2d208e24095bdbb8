// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// libFuzzer entry point for the Triton front-end: any bytes are analyzed
// (kernels, launches, autotune configs), desugared to cuTile Python and
// translated through the cuTile generator. Every position reported lies in
// the Triton input, the line map covers the desugared text, and no kernel
// disappears: each is translated or refused with a diagnostic.
#include "FuzzCheck.h"

#include "TritonAnalyzer.h"
#include "TritonJson.h"
#include "TritonTranslator.h"

#include <QJsonDocument>

#include <cstdint>

using namespace tileport;
using tileport::fuzz::check;
using tileport::fuzz::inside;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    // The front-end is chosen by `import triton`; the fuzzer's input is
    // taken as Triton whatever it imports.
    const QByteArray source(reinterpret_cast<const char *>(data), qsizetype(size));
    const qsizetype lines = source.count('\n') + 1;
    const QString file = QStringLiteral("/nonexistent/fuzz/kernel.py");

    const triton::TritonModule module = triton::TritonAnalyzer::analyzeSource(source, file);
    for (const triton::TritonIssue &e : module.syntaxErrors)
        check(inside(e.line, e.col, lines), "syntax error position");
    for (const triton::TritonKernel &k : module.kernels) {
        check(!k.name.isEmpty(), "kernel without a name");
        check(inside(k.line, k.col, lines), "kernel position");
        for (const triton::TritonIssue &u : k.unsupported)
            check(inside(u.line, u.col, lines) && !u.construct.isEmpty(), "unsupported construct position");
    }
    const qsizetype cutileLines = module.cutileText.isEmpty() ? 0 : module.cutileText.count(QLatin1Char('\n')) + 1;
    check(module.lineMap.size() <= cutileLines + 1, "line map longer than the desugared text");
    for (const QPair<int, int> &p : module.lineMap)
        check(inside(p.first, p.second, lines), "line map outside the input");
    check(!QJsonDocument(triton::TritonJson::toJson(module)).toJson().isEmpty(), "analysis JSON");
    (void)triton::TritonJson::summary(module);

    const rust::TranslationResult result = triton::TritonTranslator::translateModule(module, {});
    for (const rust::TranslationDiagnostic &d : result.diagnostics)
        check(inside(d.line, d.col, lines) && !d.reason.isEmpty(), "diagnostic position");
    if (!module.ok())
        return 0;
    for (const triton::TritonKernel &k : module.kernels) {
        // A helper is inlined into its callers, not an entry of its own.
        bool accounted = k.helper || !result.error.isEmpty() || !k.unsupported.isEmpty();
        for (const rust::TranslatedKernel &t : result.kernels)
            accounted = accounted || t.pythonName == k.name;
        for (const rust::TranslationDiagnostic &d : result.diagnostics)
            accounted = accounted || d.kernel == k.name || d.kernel.isEmpty();
        check(accounted, "a kernel neither translated nor refused");
    }
    return 0;
}
