// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "PipelineEvent.h"

#include <array>

namespace tileport {

namespace {

constexpr std::array kNames{"run_started", "stage_started", "progress", "log", "verdict", "stage_finished",
                            "benchmark_row", "run_finished"};

} // namespace

QString PipelineEvent::kindName(Kind k)
{
    return QString::fromLatin1(kNames[size_t(k)]);
}

QJsonObject PipelineEvent::toJson() const
{
    QJsonObject o{{QStringLiteral("event"), kindName(kind)},
                  {QStringLiteral("run"), run},
                  {QStringLiteral("time"), time.toString(Qt::ISODateWithMs)}};
    if (!stage.isNull())
        o.insert(QStringLiteral("stage"), QString(stage));
    if (!text.isEmpty())
        o.insert(QStringLiteral("text"), text);
    if (!verdict.isEmpty())
        o.insert(QStringLiteral("verdict"), verdict);
    if (!owner.isEmpty())
        o.insert(QStringLiteral("owner"), owner);
    if (fraction >= 0)
        o.insert(QStringLiteral("fraction"), fraction);
    if (elapsedMs >= 0)
        o.insert(QStringLiteral("elapsed_ms"), elapsedMs);
    if (!data.isEmpty())
        o.insert(QStringLiteral("data"), data);
    return o;
}

bool PipelineEvent::fromJson(const QJsonObject &o, PipelineEvent &out)
{
    const QString name = o.value(QStringLiteral("event")).toString();
    bool known = false;
    for (size_t i = 0; i < kNames.size(); ++i)
        if (name == QLatin1String(kNames[i])) {
            out.kind = Kind(i);
            known = true;
        }
    if (!known)
        return false;
    out.run = o.value(QStringLiteral("run")).toInt();
    const QString stage = o.value(QStringLiteral("stage")).toString();
    out.stage = stage.size() == 1 ? stage[0] : QChar();
    out.text = o.value(QStringLiteral("text")).toString();
    out.verdict = o.value(QStringLiteral("verdict")).toString();
    out.owner = o.value(QStringLiteral("owner")).toString();
    out.fraction = o.value(QStringLiteral("fraction")).toDouble(-1);
    out.elapsedMs = qint64(o.value(QStringLiteral("elapsed_ms")).toDouble(-1));
    out.data = o.value(QStringLiteral("data")).toObject();
    out.time = QDateTime::fromString(o.value(QStringLiteral("time")).toString(), Qt::ISODateWithMs);
    return true;
}

} // namespace tileport
