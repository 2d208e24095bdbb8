// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "IrAlignment.h"
#include "OpDeltaMatrixModel.h"

#include <QMap>
#include <QMetaType>
#include <QStringList>

namespace tileport::ui {

// What the panes show of one run, read from its directory off the UI
// thread: the kernel source, the generated crate's lib.rs and sourcemap,
// the configs (variants) stage A exported, and for the chosen config the
// two decoded IR texts and their aligned diff.
struct RunArtifacts {
    QString runDirectory;
    QString pythonFile, pythonText;
    QString rustFile, rustText; // empty before stage B
    QString sourcemapFile;
    QStringList configs;        // "kernel.config" names, in stage A's order
    QString config;             // the one loaded
    QString refIrText, genIrText;
    bool hasDiff = false;
    AlignedDiff diff;
    QList<ConfigOpDeltas> opDeltas; // every config's op-count deltas (stage C's reports)

    // `config` empty: the first one.
    static RunArtifacts load(const QString &runDirectory, const QString &pythonFile, const QString &config);
};

} // namespace tileport::ui

Q_DECLARE_METATYPE(tileport::ui::RunArtifacts)
