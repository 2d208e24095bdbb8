// SPDX-License-Identifier: MIT
#pragma once

#include "BatchRow.h"
#include "KernelConfig.h"
#include "TranslationResult.h"

#include <QList>

namespace tileport {

// The in-process half of a batch: reads one file, analyzes it, translates
// every kernel (a refused kernel never hides the others) and picks each
// kernel's first sidecar config for the IR check. No child processes.
class BatchFileTranslator
{
public:
    // What the build step needs for one row.
    struct KernelPlan {
        int translated = -1;  // index into Outcome::translation.kernels, -1 if refused
        bool hasConfig = false;
        frontend::KernelConfig config; // the kernel's first config
        QString configProblem;         // why there is none ("no config", a sidecar error)
    };
    struct Outcome {
        QList<BatchRow> rows; // in source order; elapsedMs is this file's time shared evenly
        QList<KernelPlan> plans; // parallel to rows
        rust::TranslationResult translation;
    };

    // `relativePath` is reported in rows; `directory` locates the file.
    static Outcome run(const QString &directory, const QString &relativePath);
};

} // namespace tileport
