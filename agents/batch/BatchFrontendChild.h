// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "BatchRow.h"

#include <QString>

#include <atomic>

namespace tileport {

// The front-end's work on one file (BatchFileTranslator: read, analyze,
// translate, configs) run first in a child process, `tileport
// frontend-child DIR FILE`, under a time-out and an address-space limit.
// The front-end is deterministic, so a file whose child survives is then
// done in process for its results; one whose child crashes, hangs or runs
// out of memory becomes a row that names the signal and the step, and
// nothing else is lost. The batch and the IDE both use it.
class BatchFrontendChild
{
public:
    static constexpr int kTimeoutMs = 120'000;
    static constexpr qint64 kMemoryLimitBytes = 8LL << 30;

    struct Result {
        bool survived = false;
        bool ran = false;   // false: the child could not start (or was cancelled)
        QString signal;     // "SIGSEGV", "time-out", "exit 1", ... when it did not survive
        QString stage;      // the step the child was in
        QString reason;     // one line: "the front-end crashed with SIGSEGV in translate"
    };

    // Runs `program frontend-child DIR FILE`; program is the tileport CLI.
    static Result probe(const QString &program, const QString &directory, const QString &relativePath,
                        int timeoutMs = kTimeoutMs, const std::atomic_bool *cancel = nullptr);
    // The child's side: prints each step to stdout as it begins, then "ok".
    static int runChild(const QString &directory, const QString &relativePath);
    // The row of a file whose child died.
    static BatchRow crashRow(const QString &relativePath, const Result &r);
    // The tileport CLI beside this executable (tileport-gui, tileport) or
    // TILEPORT_FRONTEND_CHILD when set; empty when there is none.
    static QString defaultProgram();
};

} // namespace tileport
