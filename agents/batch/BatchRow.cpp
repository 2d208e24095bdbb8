// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "BatchRow.h"

#include "tileport/TileIR/Diff/DiffModel.h"
#include "Verdict.h"

#include <QJsonArray>

namespace tileport {

QString BatchRow::reason() const
{
    if (!translateReason.isEmpty())
        return translateAt.isEmpty() ? translateReason : translateAt + QStringLiteral(": ") + translateReason;
    if (!buildReason.isEmpty())
        return buildReason;
    if (!irReason.isEmpty())
        return irReason;
    return gpuReason.isEmpty() ? benchReason : gpuReason;
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
    return verdictRank(verdict);
}

int BatchRow::sassRank(const QString &verdict)
{
    static const QStringList order{QStringLiteral("SASS_IDENTICAL"), QStringLiteral("SASS_EQUIVALENT"),
                                   QStringLiteral("SASS_DIFFERS"), verdictName(Verdict::Blocked)};
    const qsizetype i = order.indexOf(verdict);
    return i < 0 ? int(order.size()) : int(i);
}

int BatchRow::gpuRank(const QString &check)
{
    if (check == QLatin1String("pass"))
        return 0;
    if (check == QLatin1String("fail"))
        return 1;
    if (check.startsWith(verdictName(Verdict::Fail)))
        return 2;
    if (check.startsWith(verdictName(Verdict::Blocked)))
        return 3;
    return check == QLatin1String("-") ? 5 : 4; // another harness status (skipped, ...) before "not run"
}

QJsonObject BatchRow::toJson() const
{
    QJsonObject o{{QStringLiteral("file"), file},
                       {QStringLiteral("kernel"), kernel},
                       {QStringLiteral("analyzed"), text(analyzed)},
                       {QStringLiteral("translated"), text(translated)},
                       {QStringLiteral("translate_at"), translateAt},
                       {QStringLiteral("translate_reason"), translateReason},
                       {QStringLiteral("builds"), text(built, "skipped")},
                       {QStringLiteral("build_reason"), buildReason},
                       {QStringLiteral("config"), config},
                       {QStringLiteral("sources"), sources},
                       {QStringLiteral("config_from"), configFrom},
                       {QStringLiteral("shared_with"), sharedWith},
                       {QStringLiteral("ir"), irVerdict},
                       {QStringLiteral("ir_reason"), irReason},
                       {QStringLiteral("ir_rules"), QJsonArray::fromStringList(irRules)},
                       {QStringLiteral("sass"), sassVerdict},
                       {QStringLiteral("sass_reason"), sassReason},
                       {QStringLiteral("sass_detail"), sassDetail},
                       {QStringLiteral("time_ms"), elapsedMs}};
    if (gpuCheck != QLatin1String("-") || ratio > 0) {
        o.insert(QStringLiteral("gpu_check"), gpuCheck);
        o.insert(QStringLiteral("gpu_reason"), gpuReason);
        o.insert(QStringLiteral("gpu_job"), gpuJob);
        if (maxAbsErr >= 0)
            o.insert(QStringLiteral("max_abs_err"), maxAbsErr);
        if (ratio > 0) {
            o.insert(QStringLiteral("ref_ms"), refMs);
            o.insert(QStringLiteral("rust_ms"), rustMs);
            o.insert(QStringLiteral("ratio"), ratio);
        }
        o.insert(QStringLiteral("bench_reason"), benchReason);
    }
    if (!crashSignal.isEmpty()) {
        o.insert(QStringLiteral("crash_signal"), crashSignal);
        o.insert(QStringLiteral("crash_stage"), crashStage);
    }
    return o;
}

namespace {

BatchRow::Step step(const QJsonValue &v)
{
    const QString s = v.toString();
    if (s == QLatin1String("yes"))
        return BatchRow::Step::Yes;
    if (s == QLatin1String("no"))
        return BatchRow::Step::No;
    return BatchRow::Step::NotRun;
}

} // namespace

BatchRow BatchRow::fromJson(const QJsonObject &o)
{
    BatchRow r;
    r.file = o.value(QLatin1String("file")).toString();
    r.kernel = o.value(QLatin1String("kernel")).toString(QStringLiteral("-"));
    r.analyzed = step(o.value(QLatin1String("analyzed")));
    r.translated = step(o.value(QLatin1String("translated")));
    r.translateAt = o.value(QLatin1String("translate_at")).toString();
    r.translateReason = o.value(QLatin1String("translate_reason")).toString();
    r.built = step(o.value(QLatin1String("builds")));
    r.buildReason = o.value(QLatin1String("build_reason")).toString();
    r.config = o.value(QLatin1String("config")).toString();
    r.sources = o.value(QLatin1String("sources")).toInt();
    r.configFrom = o.value(QLatin1String("config_from")).toString();
    r.sharedWith = o.value(QLatin1String("shared_with")).toString();
    r.irVerdict = o.value(QLatin1String("ir")).toString(QStringLiteral("-"));
    r.irReason = o.value(QLatin1String("ir_reason")).toString();
    for (const QJsonValue &v : o.value(QLatin1String("ir_rules")).toArray())
        r.irRules << v.toString();
    r.sassVerdict = o.value(QLatin1String("sass")).toString(QStringLiteral("-"));
    r.sassReason = o.value(QLatin1String("sass_reason")).toString();
    r.sassDetail = o.value(QLatin1String("sass_detail")).toObject();
    r.gpuCheck = o.value(QLatin1String("gpu_check")).toString(QStringLiteral("-"));
    r.gpuReason = o.value(QLatin1String("gpu_reason")).toString();
    r.gpuJob = o.value(QLatin1String("gpu_job")).toString();
    r.maxAbsErr = o.value(QLatin1String("max_abs_err")).toDouble(-1);
    r.refMs = o.value(QLatin1String("ref_ms")).toDouble();
    r.rustMs = o.value(QLatin1String("rust_ms")).toDouble();
    r.ratio = o.value(QLatin1String("ratio")).toDouble();
    r.benchReason = o.value(QLatin1String("bench_reason")).toString();
    r.elapsedMs = o.value(QLatin1String("time_ms")).toInteger();
    r.crashSignal = o.value(QLatin1String("crash_signal")).toString();
    r.crashStage = o.value(QLatin1String("crash_stage")).toString();
    return r;
}

} // namespace tileport
