// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "SessionWheel.h"

#include "PortArtifacts.h"
#include "Session.h"

namespace tileport {

QString SessionWheel::python()
{
    return qEnvironmentVariable("TILEPORT_HANDOFF_PYTHON", QStringLiteral("python3"));
}

handoff::WheelPackager::Result SessionWheel::build(const Options &o)
{
    handoff::WheelPackager::Result refused;
    refused.blocked = true;
    handoff::WheelPackager::Options w;
    for (const QString &dir : o.sessions) {
        QString error;
        const auto session = Session::open(dir, &error, Session::Access::ReadOnly);
        const auto artifacts = session ? PortArtifacts::latest(*session, &error) : std::nullopt;
        if (!artifacts) {
            refused.error = error;
            return refused;
        }
        if (artifacts->bundleDir.isEmpty()) {
            refused.error = QStringLiteral("%1: run %2 built no host bundle (run `tileport rerun %1 --stage D`, or port with --stages A-D)")
                                .arg(dir)
                                .arg(artifacts->run);
            return refused;
        }
        w.bundles << artifacts->bundleDir;
    }
    w.outDir = o.outDir;
    w.distribution = o.distribution;
    w.version = o.version;
    w.python = python();
    w.resourceDir = o.resourceDir;
    w.cancel = o.cancel;
    w.progress = o.progress;
    return handoff::WheelPackager::build(w);
}

} // namespace tileport
