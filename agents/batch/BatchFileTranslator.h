// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "BatchRow.h"
#include "KernelConfigFile.h"
#include "ModuleAnalysis.h"
#include "TranslationResult.h"
#include "TritonCapturedConfigs.h"

#include <QHash>
#include <QList>
#include <QSet>

#include <functional>
#include <memory>

namespace tileport {

// The in-process half of a batch: reads one file, analyzes it, translates
// every kernel (a refused kernel never hides the others) and takes each
// kernel's configs from the file's sidecar. No child processes.
class BatchFileTranslator
{
public:
    // What the build step needs for one kernel.
    struct KernelPlan {
        int translated = -1; // index into Outcome::translation.kernels, -1 if refused
        QList<frontend::KernelConfig> configs; // every config of the kernel, in file order
        QString configsFile;                   // the name of the file they came from (the crate's docs name it)
        QString configProblem;                 // why there is none ("no config", a sidecar error)
    };
    struct Outcome {
        QList<BatchRow> rows;    // one per kernel, in source order; no config yet
        QList<KernelPlan> plans; // parallel to rows
        rust::TranslationResult translation;
        // A cuTile file with kernels: its analysis, to check configs
        // obtained later against; wantsConfigs when it has no sidecar.
        std::shared_ptr<const frontend::ModuleAnalysis> analysis;
        bool wantsConfigs = false;
        // A Triton file: the front-end's cuTile Python of it (its configs
        // are that module's kernels' parameters; the reference exported
        // for a config that names no cuTile Python equivalent).
        QString desugared;
        triton::FitHints fitHints; // what fitting a capture to the desugared kernels needs (gather-addressed pointers, string constexprs)
        qint64 elapsedMs = 0; // analysis and translation
    };

    // `relativePath` is reported in rows; `directory` locates the file.
    // `stage` is told each step as it begins ("read", "analyze",
    // "translate", "configs"), so that a child running this for the batch
    // (BatchFrontendChild) can say where it died.
    using StageFunction = std::function<void(const char *stage)>;
    static Outcome run(const QString &directory, const QString &relativePath, const StageFunction &stage = {});

    // Gives every kernel of `out` its configs from `configs` (a sidecar, or
    // what a capture found), checked against the analysis; `configsRel`
    // names the file in reasons. A file with errors gives no config at
    // all: its IR would not be trusted.
    static void planConfigs(Outcome &out, const frontend::KernelConfigFile &configs, const QString &configsRel);
};

} // namespace tileport
