// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "StageOwner.h"

#include <QDateTime>
#include <QJsonObject>
#include <QString>

namespace tileport {

// One stage execution inside a run, as session.json keeps it.
struct StageRecord {
    enum class State { Running, Finished, Interrupted, Stale };

    QChar stage;
    int attempt = 1;
    State state = State::Running;
    QString verdict;   // set when Finished
    QString report;    // path of reports/stage_X.json, relative to the run dir
    QDateTime started;
    QDateTime finished;
    StageOwner owner;  // the process running it (kept while Running)

    static QString stateName(State s);
    static bool parseState(const QString &name, State &out);
    QJsonObject toJson() const;
    static bool fromJson(const QJsonObject &o, StageRecord &out, QString *error);
};

} // namespace tileport
