// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "BatchProcessText.h"

#include <QFile>
#include <QStringList>

namespace tileport::batchtext {

QString firstError(const QByteArray &text)
{
    const QStringList lines = QString::fromUtf8(text).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    for (const QString &l : lines)
        if (l.trimmed().startsWith(QLatin1String("error")))
            return l.trimmed();
    return lines.isEmpty() ? QString() : lines.first().trimmed();
}

QString failure(const QString &what, const ProcessResult &r)
{
    const QString detail = firstError(r.standardError);
    return detail.isEmpty() ? QStringLiteral("%1 %2").arg(what, r.describe())
                            : QStringLiteral("%1 %2: %3").arg(what, r.describe(), detail);
}

void writeFile(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    if (f.open(QIODevice::WriteOnly))
        f.write(bytes);
}

} // namespace tileport::batchtext
