// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "GpuRunner.h"

#include <QJsonObject>
#include <QString>

#include "Verdict.h"

#include <optional>

namespace tileport {

// What one run of a host bundle's `sh run.sh MODE` came to, read the same
// way by stages D and E (GpuJob) and by `tileport batch --gpu`: the runner's
// outcome and the bundle's results/MODE.json together.
struct BundleOutcome {
    QJsonObject results; // results/MODE.json; empty unless ok()
    std::optional<Verdict> verdict; // none when ok; else Blocked or Fail
    std::optional<Owner> owner;
    QString reason;

    bool ok() const { return !verdict; }

    // BLOCKED(env) for an unavailable runner or a time-out, and when the
    // harness says the environment cannot run it ("blocked" owned by env);
    // FAIL(host) for missing or invalid results or a failed command.
    static BundleOutcome read(const RunnerOutcome &ran, const QString &bundleDir, const QString &mode,
                              const QString &runner);
    // BUNDLE/results/MODE.json; an empty object and *error when absent or not an object.
    static QJsonObject readResults(const QString &bundleDir, const QString &mode, QString *error);
    // One config of a check: "" when it passed, else why not (its reason,
    // or the tolerances it fell outside).
    static QString checkFailure(const QJsonObject &configRow);
};

} // namespace tileport
