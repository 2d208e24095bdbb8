// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "KernelConfig.h"

#include <QList>
#include <QStringList>

namespace tileport::frontend {
class KernelConfigFile;
}

namespace tileport::rust {

struct TranslatedKernel;
struct TranslationResult;

// The sidecar configs a crate is written for: each entry's rustdoc and the
// README name the configs it serves, and the README's harness command is
// one config's. Empty when the file has no (readable) sidecar: the docs
// then say nothing about configs.
struct CrateConfigs {
    QString file; // the sidecar's file name ("rms_norm.tileport.json")
    QStringList bytecodeVersions;
    QList<frontend::KernelConfig> configs;

    bool isEmpty() const { return file.isEmpty(); }
    static CrateConfigs of(const frontend::KernelConfigFile &sidecar);
    // The sidecar next to `pythonFile` (KernelConfigFile::pathFor); none
    // when it is missing or does not load.
    static CrateConfigs besides(const QString &pythonFile);
    // The configs of `entry`'s kernel, and of those the ones it serves.
    QList<frontend::KernelConfig> ofKernel(const TranslatedKernel &entry) const;
    QList<frontend::KernelConfig> servedBy(const TranslationResult &result, const TranslatedKernel &entry) const;
};

} // namespace tileport::rust
