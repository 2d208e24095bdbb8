// SPDX-License-Identifier: MIT
#include "BatchRow.h"

namespace tileport {

QString BatchRow::reason() const
{
    if (!translateReason.isEmpty())
        return translateAt.isEmpty() ? translateReason : translateAt + QStringLiteral(": ") + translateReason;
    if (!buildReason.isEmpty())
        return buildReason;
    return irReason;
}

QString BatchRow::text(Step s, const char *notRun)
{
    switch (s) {
    case Step::Yes: return QStringLiteral("yes");
    case Step::No: return QStringLiteral("no");
    case Step::NotRun: break;
    }
    return QString::fromLatin1(notRun);
}

QJsonObject BatchRow::toJson() const
{
    return QJsonObject{{QStringLiteral("file"), file},
                       {QStringLiteral("kernel"), kernel},
                       {QStringLiteral("analyzed"), text(analyzed)},
                       {QStringLiteral("translated"), text(translated)},
                       {QStringLiteral("translate_at"), translateAt},
                       {QStringLiteral("translate_reason"), translateReason},
                       {QStringLiteral("builds"), text(built, "skipped")},
                       {QStringLiteral("build_reason"), buildReason},
                       {QStringLiteral("config"), config},
                       {QStringLiteral("ir"), irVerdict},
                       {QStringLiteral("ir_reason"), irReason},
                       {QStringLiteral("time_ms"), elapsedMs}};
}

} // namespace tileport
