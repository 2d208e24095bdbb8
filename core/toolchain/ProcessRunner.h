// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <QByteArray>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

#include <atomic>

namespace tileport {

// What to run. Children never inherit an unbounded wait: every run has a
// time-out, and a cancel flag is polled while the child runs.
struct ProcessSpec {
    ProcessSpec(QString prog = {}, QStringList args = {}) : program(std::move(prog)), arguments(std::move(args)) {}

    QString program;
    QStringList arguments;
    QString workingDirectory;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    int timeoutMs = 60'000;
    // Optional: the child's stdin is read from, and its stdout written to,
    // these files (bulk data such as a tar stream stays out of memory).
    QString standardInputFile;
    QString standardOutputFile;
    // Optional: the child's address space in bytes (RLIMIT_AS), so that a
    // runaway parse of hostile input ends as a crash of the child alone.
    qint64 memoryLimitBytes = 0;
};

struct ProcessResult {
    enum class Outcome { Finished, FailedToStart, Crashed, TimedOut, Cancelled };
    Outcome outcome = Outcome::FailedToStart;
    int exitCode = -1;
    int signal = 0; // the signal that ended a Crashed child
    QByteArray standardOutput;
    QByteArray standardError;
    QString errorString; // set unless the child finished on its own
    qint64 elapsedMs = 0;

    bool ok() const { return outcome == Outcome::Finished && exitCode == 0; }
    // One line for diagnostics: "exited with 2", "timed out after 5000 ms", ...
    QString describe() const;
    // "SIGSEGV", "SIGABRT", ... ("signal N" for others).
    static QString signalName(int signal);
};

// Runs child processes synchronously on the calling (worker) thread.
class ProcessRunner
{
public:
    static ProcessResult run(const ProcessSpec &spec, const std::atomic_bool *cancel = nullptr);
};

} // namespace tileport
