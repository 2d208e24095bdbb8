// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "WheelPackager.h"

namespace tileport {

// `tileport package` and the IDE's "Build Python wheel" job: each session's
// newest host bundle (PortArtifacts) into one wheel (WheelPackager).
struct SessionWheel {
    struct Options {
        QStringList sessions;
        QString outDir;
        QString distribution;
        QString version = QStringLiteral("0.1.0");
        QString resourceDir;
        const std::atomic_bool *cancel = nullptr;
        std::function<void(const QString &)> progress;
    };
    // The interpreter that builds wheels: TILEPORT_HANDOFF_PYTHON (setup's
    // hand-off venv), else python3 on PATH.
    static QString python();
    static handoff::WheelPackager::Result build(const Options &options);
};

} // namespace tileport
