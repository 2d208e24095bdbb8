// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "GpuRunner.h"
#include "SshTarget.h"

#include <QStringList>

namespace tileport {

struct ProcessResult;
struct ProcessSpec;

// How the runner calls ssh. ssh keeps the first value it sees for an
// option, so extraOptions (placed first) override the defaults below, and
// both override the config file.
struct SshOptions {
    QString configFile;       // ssh -F; empty: the user's ~/.ssh/config
    QStringList extraOptions; // more ssh arguments, e.g. {"-o", "IdentityFile=..."}
    bool requireGpu = true;   // unavailableReason() asks the host for an NVIDIA GPU
    int connectTimeoutS = 10;
    int serverAliveIntervalS = 15; // a silent connection counts as dropped after
    int serverAliveCountMax = 4;   // interval * count seconds
};

// Runs harness bundles on a host reached with the user's own ssh (keys,
// agent, config; BatchMode, so it never asks for a password). Each run
// copies the bundle into a fresh directory under the remote directory as a
// tar stream, runs the command there under the remote `timeout`, brings the
// results directory back, and removes the remote copy.
class SshRunner : public GpuRunner
{
public:
    explicit SshRunner(SshTarget target, SshOptions options = SshOptions());

    QString describe() const override;
    QString unavailableReason(const std::atomic_bool *cancel = nullptr) override;
    RunnerOutcome run(const RunnerJob &job, const std::atomic_bool *cancel = nullptr) override;

    const SshTarget &target() const { return m_target; }

private:
    // ssh with our options, running `script` under sh on the host.
    ProcessSpec sshSpec(const QString &script, int timeoutMs) const;
    // Why ssh failed to connect, from its last words on stderr.
    QString connectionError(const ProcessResult &r) const;
    QString missingLocalTool() const;

    SshTarget m_target;
    SshOptions m_options;
};

// Parses "ssh://[user@]host[:port]/remote/dir" into an SshRunner. Null with
// *error set for a malformed spec.
std::unique_ptr<GpuRunner> makeSshRunner(const QString &spec, QString *error, const SshOptions &options = SshOptions());

} // namespace tileport
