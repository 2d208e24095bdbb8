// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "ProcessRunner.h"
#include "Toolchains.h"

#include <atomic>

namespace tileport::rust {

// The one `cargo build` of a generated crate and the one run of its IR
// harness: stage B and batch build the kernel with its harness and run the
// harness per config; the host bundle builds the cdylib.
class CrateBuild
{
public:
    enum class Artifacts {
        Harness, // `cargo build --release`: the library and the IR harness binary
        Library  // `cargo build --release --lib`: the cdylib with ffi.rs
    };
    struct Options {
        QString crateDir;
        Artifacts artifacts = Artifacts::Harness;
        int timeoutMs = 10 * 60'000;
        const std::atomic_bool *cancel = nullptr;
        QString logFile; // cargo's stderr is written here when set
    };
    struct Result {
        ProcessResult process;
        QString command;   // as a validator names it: "cargo build --release"
        QString targetDir; // where cargo put the outputs
        bool ok() const { return process.ok(); }
        // False when cargo hung, crashed or did not start: nothing the kernel can fix.
        bool ranToEnd() const { return process.outcome == ProcessResult::Outcome::Finished; }
        QString errorHead(int lines = 20) const; // the first lines of cargo's stderr
    };
    static Result run(const Options &options, const Toolchains &tools);

    // A crate's IR harness binary (tileport-crate.json "harness") in the
    // target directory cargo uses for it; empty with *error when the
    // manifest names none.
    static QString harnessPath(const QString &crateDir, const Toolchains &tools, QString *error);

    struct HarnessRun {
        ProcessResult process;
        QString bytecode; // the file the harness wrote
        QString error;    // empty on success
    };
    // Runs the harness with `arguments` (HarnessArguments::forConfig) and
    // checks that it wrote `bytecode`.
    static HarnessRun runHarness(const QString &harness, const QStringList &arguments, const QString &bytecode, int timeoutMs,
                                 const std::atomic_bool *cancel);
};

} // namespace tileport::rust
