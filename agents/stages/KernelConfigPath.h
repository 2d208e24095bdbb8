// SPDX-License-Identifier: MIT
#pragma once

#include "KernelConfigFile.h"

#include <QJsonObject>

namespace tileport {

// The session's specialization configs: the file `tileport port --config`
// named (session info "config_file"), else the sidecar beside the source.
inline QString kernelConfigPath(const QJsonObject &info)
{
    const QString explicitPath = info.value(QStringLiteral("config_file")).toString();
    return explicitPath.isEmpty() ? frontend::KernelConfigFile::pathFor(info.value(QStringLiteral("source")).toString())
                                  : explicitPath;
}

} // namespace tileport
