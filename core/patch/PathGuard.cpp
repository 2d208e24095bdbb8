// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "PathGuard.h"

#include <QDir>
#include <QFileInfo>

namespace tileport::patch {

namespace {

std::optional<QString> refuse(QString *reason, const QString &why)
{
    if (reason)
        *reason = why;
    return std::nullopt;
}

bool inside(const QString &path, const QString &root)
{
    return path == root || path.startsWith(root.endsWith(QLatin1Char('/')) ? root : root + QLatin1Char('/'));
}

} // namespace

PathGuard::PathGuard(const QString &root)
    : m_root(QFileInfo(root).canonicalFilePath())
{
}

std::optional<QString> PathGuard::resolve(const QString &relative, QString *reason) const
{
    const QString p = relative.trimmed();
    if (m_root.isEmpty())
        return refuse(reason, QStringLiteral("the session directory does not exist"));
    if (p.isEmpty())
        return refuse(reason, QStringLiteral("empty path"));
    if (p.startsWith(QLatin1Char('/')) || p.startsWith(QLatin1Char('\\')) || p.startsWith(QLatin1Char('~'))
        || (p.size() > 1 && p[1] == QLatin1Char(':')))
        return refuse(reason, QStringLiteral("'%1' is absolute; only paths relative to the session are accepted").arg(p));
    if (p.contains(QLatin1Char('\\')) || p.contains(QChar(0)))
        return refuse(reason, QStringLiteral("'%1' contains a backslash or NUL").arg(p));
    for (const QString &part : p.split(QLatin1Char('/')))
        if (part == QLatin1String(".."))
            return refuse(reason, QStringLiteral("'%1' contains '..'").arg(p));

    // Follow links: the deepest existing ancestor (or the file itself) must
    // canonicalize to a place inside the root.
    const QString target = QDir(m_root).filePath(p);
    QString probe = target;
    while (!QFileInfo::exists(probe) && !QFileInfo(probe).isSymLink()) {
        const QString up = QFileInfo(probe).path();
        if (up == probe)
            break;
        probe = up;
    }
    const QFileInfo pi(probe);
    if (pi.isSymLink() && !pi.exists())
        return refuse(reason, QStringLiteral("'%1' goes through a dangling symbolic link").arg(p));
    const QString canonical = pi.canonicalFilePath();
    if (canonical.isEmpty() || !inside(canonical, m_root))
        return refuse(reason, QStringLiteral("'%1' resolves outside the session (%2)").arg(p, canonical.isEmpty() ? probe : canonical));
    if (QFileInfo(target).isDir())
        return refuse(reason, QStringLiteral("'%1' is a directory").arg(p));
    return QDir::cleanPath(canonical + target.mid(probe.size()));
}

} // namespace tileport::patch
