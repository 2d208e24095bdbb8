// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "StageContext.h"
#include "StageReport.h"

#include <QStringList>

namespace tileport {

// The directory a GpuRunner executes for stages D and E
// (generated/host/bundle): the crate's cdylib, the Python wrapper and
// harness (tileport_host.py), the kernel's Python source and configs,
// bundle.json (entries, their C ABI, the launch sites) and run.sh.
// Results come back under results/.
class HostBundle
{
public:
    // Writes ffi.rs into stage B's crate, builds it as a cdylib and
    // assembles the bundle. On failure returns false with `report`'s
    // verdict, owner and reason set (BLOCKED env without cargo, BLOCKED
    // kernel without B's crate, FAIL host when the host code does not
    // build); validators are appended either way.
    static bool prepare(StageContext &ctx, StageReport &report, HostBundle *out);

    QString dir;          // absolute path of the bundle
    QStringList configs;  // the configs of the session's kernel
    QString library;      // bundle-relative path of the cdylib

    // The command a runner executes inside the bundle for `mode`
    // ("check" or "bench").
    static QStringList command(const QString &mode);
    // Reads results/<mode>.json; empty object (and *error) when absent or invalid.
    QJsonObject readResults(const QString &mode, QString *error) const;
};

} // namespace tileport
