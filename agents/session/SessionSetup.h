// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "Session.h"
#include "Toolchains.h"

#include <optional>

namespace tileport {

// The one place a session is made: what `tileport port` and the IDE's Run
// record in session.json (the source, the kernel, its configs or how stage
// A captures them, the toolchains), and the check that an existing session
// ports the same file.
struct SessionSetup {
    QString source;       // absolute path of the kernel file
    QString kernel;
    QString configsFile;  // the sidecar whose configs are recorded ("configs"); empty when stage A captures them
    QString configFile;   // recorded as "config_file" (a sidecar named or captured before the run); empty: none
    bool capture = false; // stage A captures the configs with these settings:
    QStringList tests;
    QStringList calls;
    QString target = QStringLiteral("h200");
    bool discover = true;
    QString project;
    std::optional<QString> gpu; // the runner `rerun` reuses
    Toolchains tools;

    QJsonObject info() const;
    // The session in `dir`: opened when it exists (it must port `source`),
    // else created with info(). *created says which.
    std::optional<Session> openOrCreate(const QString &dir, Session::Access access, QString *error, bool *created = nullptr) const;
};

} // namespace tileport
