// SPDX-License-Identifier: MIT
#include "GpuRunner.h"
#include "LocalRunner.h"
#include "SshRunner.h"

namespace tileport {

std::unique_ptr<GpuRunner> makeGpuRunner(const QString &spec, QString *error)
{
    if (spec == QLatin1String("local"))
        return std::make_unique<LocalRunner>();
    if (spec.startsWith(QLatin1String("ssh://")))
        return makeSshRunner(spec, error); // the user's ssh config, keys and agent
    if (error)
        *error = QStringLiteral("unknown GPU runner '%1': use 'local' or 'ssh://[user@]host[:port]/remote/dir'").arg(spec);
    return nullptr;
}

} // namespace tileport
