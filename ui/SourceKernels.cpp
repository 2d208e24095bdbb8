// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "SourceKernels.h"

#include "Frontend.h"
#include "KernelConfigFile.h"
#include "ModuleAnalyzer.h"
#include "TritonAnalyzer.h"

#include <QFileInfo>

namespace tileport::ui {

SourceKernels SourceKernels::read(const QString &path)
{
    SourceKernels out;
    const Frontend &language = frontendFor(path);
    out.triton = language.isTriton();
    out.kernels = language.kernelNames(path);
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
