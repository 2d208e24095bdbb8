// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "BatchConfigSource.h"

#include "ConfigCapture.h"

#include <algorithm>

namespace tileport {

BatchConfigSource::Function BatchConfigSource::capture(const Toolchains &tools, int timeoutMs)
{
    return [tools, timeoutMs](const QStringList &files, const std::atomic_bool *cancel) {
        QHash<QString, frontend::KernelConfigFile> out;
        // One process runs every file's tests: the time-out is per file.
        const qint64 budget = std::min<qint64>(qint64(timeoutMs) * std::max<qsizetype>(1, files.size()), 24 * 3600'000);
        const ConfigCapture::SetResult set = ConfigCapture(tools).captureEach(files, QStringLiteral("h200"), int(budget), cancel);
        for (const ConfigCapture::Result &r : set.files) {
            frontend::KernelConfigFile f = r.configs;
            // A file nothing could be captured for says why in its rows.
            if (!r.ok() && f.capture.fatal.isEmpty()) {
                f.captured = true;
                f.capture.fatal = r.error;
            }
            out.insert(r.kernelFile, f);
        }
        // The whole run failed (no interpreter, a crash): every file says so.
        if (set.files.isEmpty() && !set.error.isEmpty())
            for (const QString &path : files) {
                frontend::KernelConfigFile f;
                f.captured = true;
                f.capture.fatal = set.error;
                out.insert(path, f);
            }
        return out;
    };
}

} // namespace tileport
