// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "CutileTarget.h"

#include <QDir>

namespace tileport {

QStringList CutileTarget::supported()
{
    return {QStringLiteral("0.5.0"), QStringLiteral("0.4.0")};
}

QString CutileTarget::defaultVersion()
{
    return supported().first();
}

QString CutileTarget::resolve(const QString &spec, QString *error)
{
    const QString s = spec.trimmed();
    for (const QString &v : supported())
        if (s == v || s + QStringLiteral(".0") == v)
            return v;
    if (error)
        *error = QStringLiteral("cutile %1 is not a target; choose %2")
                     .arg(s.isEmpty() ? QStringLiteral("''") : s, supported().join(QStringLiteral(" or ")));
    return {};
}

CutileTarget CutileTarget::of(const QString &version)
{
    return CutileTarget{version};
}

QString CutileTarget::probeDir(const QString &resourceDir) const
{
    const QString name = version == defaultVersion() ? QStringLiteral("tileport-probe")
                                                     : QStringLiteral("tileport-probe-") + version.section(QLatin1Char('.'), 0, 1);
    return QDir(resourceDir).filePath(QStringLiteral("rust/") + name);
}

QString CutileTarget::probeBinary() const
{
    return version == defaultVersion() ? QStringLiteral("tileport-probe")
                                       : QStringLiteral("tileport-probe-cutile") + version.section(QLatin1Char('.'), 0, 1).remove(QLatin1Char('.'));
}

bool CutileTarget::contextApi() const
{
    return version != QLatin1String("0.4.0");
}

QString CutileTarget::contextType() const
{
    return contextApi() ? QStringLiteral("Context") : QStringLiteral("Device");
}

} // namespace tileport
