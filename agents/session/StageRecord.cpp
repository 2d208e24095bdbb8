// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "StageRecord.h"

namespace tileport {

QString StageRecord::stateName(State s)
{
    switch (s) {
    case State::Running:
        return QStringLiteral("running");
    case State::Finished:
        return QStringLiteral("finished");
    case State::Interrupted:
        return QStringLiteral("interrupted");
    case State::Stale:
        return QStringLiteral("stale");
    }
    return {};
}

bool StageRecord::parseState(const QString &name, State &out)
{
    for (State s : {State::Running, State::Finished, State::Interrupted, State::Stale}) {
        if (stateName(s) == name) {
            out = s;
            return true;
        }
    }
    return false;
}

QJsonObject StageRecord::toJson() const
{
    QJsonObject o{{QStringLiteral("stage"), QString(stage)},
                  {QStringLiteral("attempt"), attempt},
                  {QStringLiteral("state"), stateName(state)},
                  {QStringLiteral("started"), started.toString(Qt::ISODateWithMs)}};
    if (!verdict.isEmpty())
        o.insert(QStringLiteral("verdict"), verdict);
    if (!report.isEmpty())
        o.insert(QStringLiteral("report"), report);
    if (finished.isValid())
        o.insert(QStringLiteral("finished"), finished.toString(Qt::ISODateWithMs));
    if (state == State::Running && owner.pid > 0) {
        o.insert(QStringLiteral("pid"), owner.pid);
        o.insert(QStringLiteral("pid_start"), owner.start);
    }
    return o;
}

bool StageRecord::fromJson(const QJsonObject &o, StageRecord &out, QString *error)
{
    const QString stage = o.value(QStringLiteral("stage")).toString();
    if (stage.size() != 1 || stage[0] < QLatin1Char('A') || stage[0] > QLatin1Char('F')) {
        *error = QStringLiteral("stage record has no valid \"stage\" (A-F): '%1'").arg(stage);
        return false;
    }
    out.stage = stage[0];
    out.attempt = o.value(QStringLiteral("attempt")).toInt(1);
    if (!parseState(o.value(QStringLiteral("state")).toString(), out.state)) {
        *error = QStringLiteral("stage %1: unknown state '%2'").arg(stage, o.value(QStringLiteral("state")).toString());
        return false;
    }
    out.verdict = o.value(QStringLiteral("verdict")).toString();
    out.report = o.value(QStringLiteral("report")).toString();
    out.started = QDateTime::fromString(o.value(QStringLiteral("started")).toString(), Qt::ISODateWithMs);
    out.finished = QDateTime::fromString(o.value(QStringLiteral("finished")).toString(), Qt::ISODateWithMs);
    out.owner = {qint64(o.value(QStringLiteral("pid")).toDouble()), o.value(QStringLiteral("pid_start")).toString()};
    return true;
}

} // namespace tileport
