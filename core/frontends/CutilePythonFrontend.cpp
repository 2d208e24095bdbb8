// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "CutilePythonFrontend.h"

#include "ModuleAnalyzer.h"

namespace tileport {

QStringList CutilePythonFrontend::kernelNames(const QString &file) const
{
    QStringList out;
    for (const frontend::KernelInfo &k : frontend::ModuleAnalyzer::analyzeFile(file).kernels)
        out << k.name;
    return out;
}

rust::TranslationResult CutilePythonFrontend::translate(const QString &file, const rust::RustTranslator::Options &options) const
{
    return rust::RustTranslator::translateFile(file, options);
}

} // namespace tileport
