// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "ResourceDir.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

namespace tileport {

QString findResourceDir(const QProcessEnvironment &env)
{
    const QString v = env.value(QStringLiteral("TILEPORT_RESOURCE_DIR"));
    if (!v.isEmpty())
        return v;
    // Beside the binary first, so that an installed copy never reads the
    // source tree it was built from (changed or gone since).
    if (QCoreApplication::instance()) {
        const QString installed = QDir(QCoreApplication::applicationDirPath()).absoluteFilePath(QStringLiteral("../share/tileport"));
        if (QFileInfo(installed + QStringLiteral("/python")).isDir())
            return QDir::cleanPath(installed);
    }
#ifdef TILEPORT_SOURCE_RESOURCE_DIR
    return QStringLiteral(TILEPORT_SOURCE_RESOURCE_DIR);
#else
    return QString();
#endif
}

} // namespace tileport
