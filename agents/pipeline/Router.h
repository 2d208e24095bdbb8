// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "StageOutcome.h"

#include <QList>
#include <QSet>

#include <optional>

namespace tileport {

// The next step of a run, or the end of it with the reason.
struct RouteDecision {
    std::optional<QChar> stage; // empty: the run is over
    QString reason;             // why this stage, or why the run ends
    bool complete = false;      // ended normally (PIPELINE_COMPLETE) rather than stopped
};

// The routing table and semantic-run caps of the porting pipeline
// (docs/pipeline.md): A→B→D→E on the happy path, C as the diagnostic after a
// kernel-side D failure or an E INVESTIGATE, one respawn of B and of D, and
// caps A 1, B 2, C 1, D 2, E 2, F 1. One addition: when D or E is blocked by
// the environment (no GPU), C still runs, since it needs only the CPU.
//
// With a subset of stages selected, the run walks the selected stages in
// pipeline order and stops at the first verdict that is not a success.
class Router
{
public:
    static int cap(QChar stage);
    static bool isSuccess(QChar stage, Verdict verdict);
    // The same for a verdict's string form (session.json, events).
    static bool isSuccess(QChar stage, const QString &verdict);
    static RouteDecision next(const QList<StageOutcome> &history, const QSet<QChar> &selected = allStages());
    static QSet<QChar> allStages();
    // "A-E", "A,C", "C" -> the set; empty with `error` set on bad input.
    static QSet<QChar> parseStages(const QString &spec, QString *error);
};

} // namespace tileport
