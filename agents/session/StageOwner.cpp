// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "StageOwner.h"

#include <QCoreApplication>
#include <QFile>
#include <QList>

namespace tileport {

namespace {

// Field 22 of /proc/PID/stat (clock ticks after boot); empty when PID is gone.
QString startTimeOf(qint64 pid)
{
    QFile f(QStringLiteral("/proc/%1/stat").arg(pid));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    const QByteArray line = f.readAll();
    // "pid (comm) state ppid ...": comm may hold spaces and parentheses.
    const QList<QByteArray> rest = line.mid(line.lastIndexOf(')') + 2).split(' ');
    if (rest.size() < 20 || rest[0] == "Z" || rest[0] == "X")
        return {};
    return QString::fromLatin1(rest[19]);
}

} // namespace

StageOwner StageOwner::self()
{
    const qint64 pid = QCoreApplication::applicationPid();
    return {pid, startTimeOf(pid)};
}

bool StageOwner::alive() const
{
    return pid > 0 && !start.isEmpty() && startTimeOf(pid) == start;
}

} // namespace tileport
