// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "SourceKernels.h"

#include "KernelConfigFile.h"
#include "ModuleAnalyzer.h"
#include "TritonAnalyzer.h"

#include <QFileInfo>

namespace tileport::ui {

SourceKernels SourceKernels::read(const QString &path)
{
    SourceKernels out;
    out.triton = triton::TritonAnalyzer::isTritonFile(path);
    if (out.triton) {
        for (const triton::TritonKernel &k : triton::TritonAnalyzer::analyzeFile(path).kernels)
            out.kernels.append(k.name);
    } else {
        for (const frontend::KernelInfo &k : frontend::ModuleAnalyzer::analyzeFile(path).kernels)
            out.kernels.append(k.name);
    }
    const QString sidecar = frontend::KernelConfigFile::pathFor(path);
    out.hasSidecar = QFileInfo::exists(sidecar);
    if (out.hasSidecar) {
        frontend::KernelConfigFile cfg;
        cfg.load(sidecar);
        for (const frontend::KernelConfig &c : cfg.configs)
            out.configs.append({c.kernel, c.name, int(c.sources.size()), cfg.captured});
    }
    return out;
}

} // namespace tileport::ui
