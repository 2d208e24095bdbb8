// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "CrateConfigs.h"

#include "KernelConfigFile.h"
#include "TranslationResult.h"

#include <QFileInfo>

namespace tileport::rust {

CrateConfigs CrateConfigs::of(const frontend::KernelConfigFile &sidecar)
{
    CrateConfigs c;
    c.file = QFileInfo(sidecar.path).fileName();
    c.bytecodeVersions = sidecar.bytecodeVersions;
    c.configs = sidecar.configs;
    return c;
}

CrateConfigs CrateConfigs::besides(const QString &pythonFile)
{
    const QString path = frontend::KernelConfigFile::pathFor(pythonFile);
    frontend::KernelConfigFile sidecar;
    if (!QFileInfo::exists(path) || !sidecar.load(path))
        return {};
    return of(sidecar);
}

QList<frontend::KernelConfig> CrateConfigs::ofKernel(const TranslatedKernel &entry) const
{
    QList<frontend::KernelConfig> out;
    for (const frontend::KernelConfig &c : configs)
        if (c.kernel == entry.pythonName)
            out << c;
    return out;
}

QList<frontend::KernelConfig> CrateConfigs::servedBy(const TranslationResult &result, const TranslatedKernel &entry) const
{
    // The entry a config runs on is the one entryForConfig picks, so a
    // config is named on exactly one entry of its kernel.
    QList<frontend::KernelConfig> out;
    for (const frontend::KernelConfig &c : configs)
        if (c.kernel == entry.pythonName && result.entryForConfig(c.kernel, c.params) == &entry)
            out << c;
    return out;
}

} // namespace tileport::rust
