// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "BatchFileTranslator.h"
#include "CrateWriter.h"
#include "Toolchains.h"

#include <atomic>

namespace tileport {

// The build half of a batch for one translated kernel, run as a JobRunner
// job: writes a crate with only this kernel and builds it with `cargo build
// --offline` in the shared target dir. Its configs are then compared one
// work unit at a time (BatchConfigCheck) with the harness it built.
class BatchKernelCheck
{
public:
    struct Setup {
        Toolchains tools;
        rust::CrateWriter::Options crate; // the cutile version and its pinned lock
        QString workDir;      // this kernel's own directory
        QString relativePath; // the kernel file in the batch, which names the crate
        int timeoutMs = 900'000;
    };
    struct Result {
        BatchRow::Step built = BatchRow::Step::NotRun;
        QString buildReason;
        QString harness; // the built IR harness
        qint64 elapsedMs = 0;
    };

    // The crate is named after the file and the kernel (tileport-gen-STEM-
    // and 8 hex digits), so every kernel has a harness of its own in the
    // shared target dir and its configs can run while others build.
    static Result build(const Setup &setup, const rust::TranslationResult &file, const BatchFileTranslator::KernelPlan &plan,
                        const std::atomic_bool *cancel);
};

} // namespace tileport
