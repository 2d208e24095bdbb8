// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "TritonTranslator.h"

#include "TritonAnalyzer.h"

namespace tileport::triton {

using rust::RustTranslator;
using rust::TranslationDiagnostic;
using rust::TranslationResult;

rust::TranslationResult TritonTranslator::translateFile(const QString &path, const RustTranslator::Options &options)
{
    return translateModule(TritonAnalyzer::analyzeFile(path), options);
}

rust::TranslationResult TritonTranslator::translateModule(const TritonModule &m, const RustTranslator::Options &options)
{
    TranslationResult r;
    r.file = m.file;
    if (!m.error.isEmpty() || !m.syntaxErrors.isEmpty()) {
        r.error = m.error;
        for (const TritonIssue &e : m.syntaxErrors)
            r.error += QStringLiteral("%1%2:%3:%4: %5").arg(r.error.isEmpty() ? QString() : QStringLiteral("\n"), m.file)
                           .arg(e.line).arg(e.col).arg(e.reason);
        return r;
    }
    bool found = options.kernel.isEmpty(), desugared = false;
    QList<TranslationDiagnostic> frontEnd;
    for (const TritonKernel &k : m.kernels) {
        if (k.helper || (!options.kernel.isEmpty() && k.name != options.kernel))
            continue;
        found = true;
        desugared = desugared || k.unsupported.isEmpty();
        for (const TritonIssue &i : k.unsupported)
            frontEnd << TranslationDiagnostic{m.file, i.line, i.col, k.name, i.construct, i.reason};
    }
    if (!found) {
        r.error = QStringLiteral("%1 has no kernel named '%2'").arg(m.file, options.kernel);
        return r;
    }
    RustTranslator::Options o = options;
    if (!desugared)
        o.kernel.clear();
    r = RustTranslator::translateSource(m.cutileText.toUtf8(), m.file, o);
    if (!r.error.isEmpty()) {
        // The desugared text is generated; a syntax error in it is ours.
        r.error = QStringLiteral("%1: the desugared cuTile text does not parse: %2").arg(m.file, r.error);
        return r;
    }
    for (TranslationDiagnostic &d : r.diagnostics) {
        const auto at = m.tritonPosition(d.line);
        if (at.first > 0) {
            d.line = at.first;
            d.col = at.second;
        }
        d.file = m.file;
    }
    for (rust::TranslatedKernel &k : r.kernels)
        for (rust::RustLine &l : k.lines) {
            if (l.pyLine > 0)
                l.pyLine = m.tritonPosition(l.pyLine).first;
            if (l.pyEndLine > 0)
                l.pyEndLine = m.tritonPosition(l.pyEndLine).first;
        }
    r.diagnostics = frontEnd + r.diagnostics;
    return r;
}

} // namespace tileport::triton
