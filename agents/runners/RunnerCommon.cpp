// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "RunnerCommon.h"

#include <QDateTime>
#include <QDir>
#include <QRandomGenerator>
#include <QStringList>

namespace tileport::runner {

QString lastLine(const QByteArray &text)
{
    const QStringList lines = QString::fromUtf8(text).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    for (auto it = lines.crbegin(); it != lines.crend(); ++it) {
        if (!it->trimmed().isEmpty())
            return it->trimmed();
    }
    return {};
}

QString uniqueJobName()
{
    return QStringLiteral("tileport-%1-%2")
        .arg(QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyyMMdd-HHmmss")))
        .arg(QRandomGenerator::global()->generate(), 8, 16, QLatin1Char('0'));
}

bool cleanRelativePath(const QString &p)
{
    if (p.isEmpty() || QDir::isAbsolutePath(p))
        return false;
    const QString clean = QDir::cleanPath(p);
    return clean != QLatin1String(".") && clean != QLatin1String("..") && !clean.startsWith(QLatin1String("../"));
}

RunnerOutcome outcome(RunnerOutcome::Status status, QString reason, QString log, int exitCode)
{
    RunnerOutcome o;
    o.status = status;
    o.reason = std::move(reason);
    o.log = std::move(log);
    o.exitCode = exitCode;
    return o;
}

} // namespace tileport::runner
