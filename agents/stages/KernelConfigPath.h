// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "KernelConfigFile.h"
#include "Session.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonObject>

namespace tileport {

// Session info "config_capture" ({tests, calls, target, discover}): the
// kernel file had no sidecar when the session was made, so stage A captures
// its configs from the code (ConfigCapture) into this file.
inline QString capturedConfigPath(const Session &session)
{
    const QString source = session.info().value(QStringLiteral("source")).toString();
    return QDir(session.directory()).filePath(QStringLiteral("configs/%1.tileport.json").arg(QFileInfo(source).completeBaseName()));
}

inline bool capturesConfigs(const Session &session)
{
    return session.info().contains(QStringLiteral("config_capture")) && !session.info().contains(QStringLiteral("config_file"));
}

// The session's specialization configs: the file `tileport port --config`
// named (session info "config_file"), the captured sidecar, else the sidecar
// beside the source.
inline QString kernelConfigPath(const Session &session)
{
    const QJsonObject info = session.info();
    const QString explicitPath = info.value(QStringLiteral("config_file")).toString();
    if (!explicitPath.isEmpty())
        return explicitPath;
    if (capturesConfigs(session))
        return capturedConfigPath(session);
    return frontend::KernelConfigFile::pathFor(info.value(QStringLiteral("source")).toString());
}

} // namespace tileport
