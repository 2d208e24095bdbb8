// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "KernelConfigFile.h"
#include "Toolchains.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <atomic>

namespace tileport {

// Finds a kernel file's launch configurations by running its code (its
// tests and benches, or calls the user names) under the cuTile Python venv:
// resources/python/capture_configs.py prints a sidecar (KERNEL.tileport.json
// with a "captured" block), read here into a KernelConfigFile. The script
// runs through ProcessRunner with a time-out and the cancel flag.
class ConfigCapture
{
public:
    struct Request {
        QString kernelFile;
        QStringList tests;  // --tests PATH (files or directories)
        QStringList calls;  // --call EXPR
        QString target = QStringLiteral("h200");
        bool discover = true; // false: only the tests and calls named
        QString projectDir;   // --project: the root imports resolve from (else pyproject.toml / setup.py)
        int timeoutMs = 10 * 60'000;
    };

    enum class Status { Complete, Partial, Failed };

    struct Result {
        Status status = Status::Failed;
        QString kernelFile;
        // The sidecar as read; `configs.capture` holds what was run and its
        // diagnostics (also after a failure, when the script said that much).
        frontend::KernelConfigFile configs;
        QByteArray sidecar; // the sidecar's bytes, to write as they are
        QString error;      // one line when Failed
        bool cancelled = false;
        int exitCode = -1;
        qint64 elapsedMs = 0;

        bool ok() const { return status != Status::Failed; }
        // The configs of `kernel` (all when empty).
        QList<frontend::KernelConfig> configsOf(const QString &kernel) const;
        // "N configs for kernel K from M sources" (distinct test cases and calls).
        QString summary(const QString &kernel) const;
        // What was tried: the test files read and the cases run, for a reason line.
        QString tried() const;
    };

    struct SetResult {
        Status status = Status::Failed; // Partial when some file's capture is
        QString error;                  // one line when nothing came back
        bool cancelled = false;
        int exitCode = -1;
        qint64 elapsedMs = 0;
        QList<Result> files;            // in the order asked
    };

    explicit ConfigCapture(Toolchains tools);
    // The script to run instead of the bundled one.
    void setScript(const QString &path) { m_script = path; }
    QString script() const;

    Result capture(const Request &request, const std::atomic_bool *cancel = nullptr) const;
    // Many kernel files in one process (`--each`), as batch runs do.
    SetResult captureEach(const QStringList &kernelFiles, const QString &target, int timeoutMs,
                          const std::atomic_bool *cancel = nullptr) const;

    static QString statusName(Status s);

private:
    QString startProblem() const;
    Toolchains m_tools;
    QString m_script;
};

} // namespace tileport
