// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "SlurmJobInfo.h"

#include <QHash>
#include <QStringList>

namespace tileport {

namespace {

// "0-3,7,9-11%2" -> 0 1 2 3 7 9 10 11; the %N throttle is not a task.
QList<int> expandTasks(QString text)
{
    QList<int> tasks;
    if (const qsizetype pct = text.indexOf(QLatin1Char('%')); pct >= 0)
        text.truncate(pct);
    for (const QString &part : text.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        const QStringList ends = part.split(QLatin1Char('-'));
        bool okA = false, okB = false;
        const int a = ends.value(0).toInt(&okA);
        const int b = ends.size() > 1 ? ends.value(1).toInt(&okB) : a;
        if (!okA || (ends.size() > 1 && !okB) || b < a || b - a > 100'000)
            continue;
        for (int i = a; i <= b; ++i)
            tasks << i;
    }
    return tasks;
}

} // namespace

SlurmJobInfo::Phase SlurmJobInfo::phase() const
{
    // CONFIGURING: nodes are being booted for it; REQUEUED and friends go
    // back to pending, and the runner decides what a requeue means.
    static const QStringList pending{QStringLiteral("PENDING"), QStringLiteral("CONFIGURING"), QStringLiteral("REQUEUED"),
                                     QStringLiteral("REQUEUE_FED"), QStringLiteral("REQUEUE_HOLD"), QStringLiteral("RESV_DEL_HOLD")};
    static const QStringList running{QStringLiteral("RUNNING"), QStringLiteral("COMPLETING"), QStringLiteral("SUSPENDED"),
                                     QStringLiteral("STAGE_OUT"), QStringLiteral("SIGNALING"), QStringLiteral("RESIZING"),
                                     QStringLiteral("STOPPED")};
    if (pending.contains(state))
        return Phase::Pending;
    if (running.contains(state))
        return Phase::Running;
    return Phase::Finished;
}

bool SlurmJobInfo::endedByCommand() const
{
    return state == QLatin1String("COMPLETED") || state == QLatin1String("FAILED");
}

QString SlurmJobInfo::describe(const QString &id) const
{
    QString s = QStringLiteral("job %1 %2 %3").arg(id, phase() == Phase::Finished ? QStringLiteral("ended") : QStringLiteral("is"), state);
    if (!reason.isEmpty() && reason != QLatin1String("None"))
        s += QStringLiteral(" (%1)").arg(reason);
    if (!nodes.isEmpty() && nodes != QLatin1String("(null)"))
        s += QStringLiteral(" on %1").arg(nodes);
    return s;
}

QList<SlurmJobInfo> SlurmJobInfo::parse(const QString &scontrolOutput)
{
    QList<SlurmJobInfo> jobs;
    for (const QString &line : scontrolOutput.split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
        // Values may hold spaces (a Comment, a Command's arguments): a word
        // without '=' continues the value before it.
        QHash<QString, QString> fields;
        QString last;
        for (const QString &word : line.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
            const qsizetype eq = word.indexOf(QLatin1Char('='));
            if (eq <= 0) {
                if (!last.isEmpty())
                    fields[last] += QLatin1Char(' ') + word;
                continue;
            }
            last = word.left(eq);
            if (!fields.contains(last))
                fields.insert(last, word.mid(eq + 1));
        }
        SlurmJobInfo j;
        j.jobId = fields.value(QStringLiteral("JobId"));
        if (j.jobId.isEmpty())
            continue;
        j.name = fields.value(QStringLiteral("JobName"));
        j.arrayJobId = fields.value(QStringLiteral("ArrayJobId"));
        if (fields.contains(QStringLiteral("ArrayTaskId")))
            j.tasks = expandTasks(fields.value(QStringLiteral("ArrayTaskId")));
        j.state = fields.value(QStringLiteral("JobState"));
        j.reason = fields.value(QStringLiteral("Reason"));
        const QStringList code = fields.value(QStringLiteral("ExitCode")).split(QLatin1Char(':'));
        bool ok = false;
        j.exitCode = code.value(0).toInt(&ok);
        if (!ok)
            j.exitCode = -1;
        j.exitSignal = code.value(1).toInt();
        j.nodes = fields.value(QStringLiteral("NodeList"));
        j.restarts = fields.value(QStringLiteral("Restarts")).toInt();
        jobs << j;
    }
    return jobs;
}

} // namespace tileport
