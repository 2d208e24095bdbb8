// SPDX-License-Identifier: MIT
#include "BatchRow.h"

#include "tileport/TileIR/Diff/DiffModel.h"

#include <QJsonArray>

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

int BatchRow::irRank(const QString &verdict)
{
    namespace td = tileir::diff;
    const td::Verdict order[] = {td::Verdict::Pass, td::Verdict::PassWithNotes, td::Verdict::FailFixable};
    for (int i = 0; i < 3; ++i)
        if (verdict == QLatin1String(td::toString(order[i])))
            return i;
    return 3;
}

int BatchRow::sassRank(const QString &verdict)
{
    static const QStringList order{QStringLiteral("SASS_IDENTICAL"), QStringLiteral("SASS_EQUIVALENT"),
                                   QStringLiteral("SASS_DIFFERS"), QStringLiteral("BLOCKED")};
    const qsizetype i = order.indexOf(verdict);
    return i < 0 ? int(order.size()) : int(i);
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
                       {QStringLiteral("sources"), sources},
                       {QStringLiteral("shared_with"), sharedWith},
                       {QStringLiteral("ir"), irVerdict},
                       {QStringLiteral("ir_reason"), irReason},
                       {QStringLiteral("ir_rules"), QJsonArray::fromStringList(irRules)},
                       {QStringLiteral("sass"), sassVerdict},
                       {QStringLiteral("sass_reason"), sassReason},
                       {QStringLiteral("sass_detail"), sassDetail},
                       {QStringLiteral("time_ms"), elapsedMs}};
}

} // namespace tileport
