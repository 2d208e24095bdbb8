// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "Session.h"

#include <QString>

namespace tileport {

// A run of a session as one document: each current (not stale) stage's
// report in stage order. markdown() joins the stages' .md reports;
// html() is a self-contained page (no scripts, no external files) with
// the verdict table, each stage's report, the IR diff op counts and, when
// stage E measured, a bar chart of the per-config ratios with the geomean
// and the 1.05 gate.
class SessionReport
{
public:
    SessionReport(const Session &session, int run);

    QString markdown() const;
    QString html() const;

private:
    const Session &m_session;
    int m_run;
};

} // namespace tileport
