// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "TritonFrontend.h"

#include "ModuleAnalyzer.h"
#include "TritonAnalyzer.h"
#include "TritonCapturedConfigs.h"
#include "TritonHostBundle.h"
#include "TritonTranslator.h"

namespace tileport {

QStringList TritonFrontend::kernelNames(const QString &file) const
{
    QStringList out;
    for (const triton::TritonKernel &k : triton::TritonAnalyzer::analyzeFile(file).kernels)
        out << k.name;
    return out;
}

rust::TranslationResult TritonFrontend::translate(const QString &file, const rust::RustTranslator::Options &options) const
{
    return triton::TritonTranslator::translateFile(file, options);
}

QByteArray TritonFrontend::capturedSidecar(const QString &file, const QByteArray &captured) const
{
    const triton::TritonModule m = triton::TritonAnalyzer::analyzeFile(file);
    if (!m.ok())
        return captured;
    return triton::fitSidecar(captured, frontend::ModuleAnalyzer::analyzeSource(m.cutileText.toUtf8(), file),
                              triton::fitHints(m));
}

void TritonFrontend::configureBundle(rust::HostBundleBuilder::Options &options) const
{
    triton::TritonHostBundle::configure(options);
}

} // namespace tileport
