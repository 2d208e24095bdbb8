// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "KernelConfigFile.h"
#include "Toolchains.h"

#include <QHash>
#include <QStringList>

#include <atomic>
#include <functional>

namespace tileport {

// Where a batch gets the configs of cuTile files that have no sidecar:
// given their absolute paths, a KernelConfigFile per path it found configs
// for (a path left out keeps "no config"). Runs as one JobRunner job.
struct BatchConfigSource {
    using Function =
        std::function<QHash<QString, frontend::KernelConfigFile>(const QStringList &files, const std::atomic_bool *cancel)>;

    // Captures them from the files' own tests (ConfigCapture: one
    // capture_configs.py --each run for all files, for an H200). A file
    // nothing could be captured for maps to a file whose capture.fatal
    // says why.
    static Function capture(const Toolchains &tools, int timeoutMs);
};

} // namespace tileport
