// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <QString>

#include <optional>

namespace tileport {

class Session;

// What a session's port hands over (docs/handoff.md): the newest run's
// generated crate and host bundle, and the kernel file it ports. Read by
// `tileport package`, `tileport export` and the IDE's hand-off jobs.
struct PortArtifacts {
    int run = 0;
    QString source;    // the kernel file (session.json "source")
    QString kernel;    // the ported kernel; empty: every translated kernel
    QString crateDir;  // runs/NNN/generated/crate (stage B)
    QString bundleDir; // runs/NNN/generated/host/bundle (stage D); empty when no run built one

    // The newest run with a generated crate; its bundle too when it has
    // one. nullopt and *error when no run generated a crate.
    static std::optional<PortArtifacts> latest(const Session &session, QString *error);
};

} // namespace tileport
