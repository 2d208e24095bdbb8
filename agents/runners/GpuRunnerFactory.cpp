// SPDX-License-Identifier: MIT
#include "GpuRunner.h"
#include "LocalRunner.h"

#include <QRegularExpression>

namespace tileport {

std::unique_ptr<GpuRunner> makeGpuRunner(const QString &spec, QString *error)
{
    if (spec == QLatin1String("local"))
        return std::make_unique<LocalRunner>();
    static const QRegularExpression ssh(QStringLiteral("^ssh://([^@/]+@)?[^/:@]+(:\\d+)?/.+$"));
    if (ssh.match(spec).hasMatch()) {
        if (error)
            *error = QStringLiteral("ssh runner not available in this build");
        return nullptr;
    }
    if (error)
        *error = QStringLiteral("unknown GPU runner '%1': use 'local' or 'ssh://[user@]host[:port]/remote/dir'").arg(spec);
    return nullptr;
}

} // namespace tileport
