// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <QString>

namespace tileport {

// The process that runs a stage, as its running record in session.json
// names it: a reader can then tell a stage still running elsewhere (the
// IDE's history while a port runs) from one whose process died (kill -9).
struct StageOwner {
    qint64 pid = 0;
    QString start; // the process's start time (/proc/PID/stat), against PID reuse

    static StageOwner self();
    // False for an owner no longer running, or none recorded.
    bool alive() const;
};

} // namespace tileport
