// SPDX-License-Identifier: MIT
#pragma once

#include "BatchFileTranslator.h"
#include "Toolchains.h"

#include <QMutex>

#include <atomic>

namespace tileport {

// The tool-driven half of a batch for one translated kernel, run as a
// JobRunner job: writes a crate with only this kernel, builds it with
// `cargo build --offline` in the shared target dir, and for the kernel's
// first config exports the cuTile Python reference, runs the IR harness and
// diffs the two Tile IRs (as stages A, B and C do for one kernel).
class BatchKernelCheck
{
public:
    struct Setup {
        Toolchains tools;
        QString probeLock;  // the probe crate's Cargo.lock, for the crate writer
        QString workDir;    // this kernel's own directory
        QString sourcePath; // the Python file, for the reference export
        int timeoutMs = 900'000;
        // Crates of files with the same stem share a package and harness
        // name in the shared target dir: building and running the harness
        // happen under this lock.
        QMutex *crateLock = nullptr;
    };

    // Fills the row's build and IR columns; adds the time spent.
    static void run(const Setup &setup, const rust::TranslationResult &file, const BatchFileTranslator::KernelPlan &plan,
                    BatchRow &row, const std::atomic_bool *cancel);
};

} // namespace tileport
