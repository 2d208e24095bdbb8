// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "TileGymExport.h"

namespace tileport {

// `tileport export --tilegym` and the IDE's "Export to TileGym" job: a
// session's newest port (PortArtifacts, the run's analysis for the kernel's
// parameter order) as the TileGymPort that core/handoff plans from.
struct SessionExport {
    static bool port(const QString &sessionDir, handoff::TileGymPort *port, QString *error);
};

} // namespace tileport
