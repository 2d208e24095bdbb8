// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "HintDiff.h"

#include <QJsonArray>
#include <QRegularExpression>
#include <QSet>

namespace tileport {

namespace {

// Attributes that change the code tileiras emits, not what it computes.
const QSet<QString> &hintAttributes()
{
    static const QSet<QString> names{QStringLiteral("optimization_hints"), QStringLiteral("rounding_mode"),
                                     QStringLiteral("flush_to_zero"),      QStringLiteral("memory_ordering_semantics"),
                                     QStringLiteral("memory_scope"),       QStringLiteral("propagate_nan")};
    return names;
}

// Op kinds whose count matters for speed when it differs.
const QSet<QString> &countedOps()
{
    static const QSet<QString> ops{QStringLiteral("assume"),        QStringLiteral("load_view_tko"),
                                   QStringLiteral("store_view_tko"), QStringLiteral("load_ptr_tko"),
                                   QStringLiteral("store_ptr_tko"),  QStringLiteral("mmaf"),
                                   QStringLiteral("mmai"),           QStringLiteral("ftof"),
                                   QStringLiteral("make_partition_view"), QStringLiteral("reduce"),
                                   QStringLiteral("scan"),          QStringLiteral("for"),
                                   QStringLiteral("loop")};
    return ops;
}

// "optimization_hints<default = {}>" and no attribute at all mean the same.
QString normalizeHint(const QJsonValue &v)
{
    if (v.isNull() || v.isUndefined())
        return {};
    const QString s = v.toString();
    static const QRegularExpression empty(QStringLiteral("^optimization_hints<(\\w+ = \\{\\}(, )?)*>$"));
    return empty.match(s).hasMatch() ? QString() : s;
}

QString location(const QJsonObject &opRef)
{
    const QJsonObject loc = opRef.value(QStringLiteral("loc")).toObject();
    if (loc.isEmpty())
        return {};
    return QStringLiteral("%1:%2:%3")
        .arg(loc.value(QStringLiteral("file")).toString())
        .arg(loc.value(QStringLiteral("line")).toInt())
        .arg(loc.value(QStringLiteral("col")).toInt());
}

} // namespace

HintDiff HintDiff::fromReport(const QJsonObject &report)
{
    HintDiff d;
    for (const QJsonValue &fv : report.value(QStringLiteral("functions")).toArray()) {
        for (const QJsonValue &ev : fv.toObject().value(QStringLiteral("edits")).toArray()) {
            const QJsonObject e = ev.toObject();
            if (e.value(QStringLiteral("kind")).toString() != QLatin1String("changed"))
                continue;
            const QJsonObject ref = e.value(QStringLiteral("ref")).toObject();
            for (const QJsonValue &cv : e.value(QStringLiteral("changes")).toArray()) {
                const QJsonObject c = cv.toObject();
                const QString name = c.value(QStringLiteral("name")).toString();
                if (c.value(QStringLiteral("kind")).toString() != QLatin1String("attribute") || !hintAttributes().contains(name))
                    continue;
                const QString r = normalizeHint(c.value(QStringLiteral("ref"))), g = normalizeHint(c.value(QStringLiteral("gen")));
                if (r == g)
                    continue;
                d.items << Item{QStringLiteral("hint"), ref.value(QStringLiteral("op")).toString(), name, r, g, location(ref)};
            }
        }
    }
    for (const QJsonValue &cv : report.value(QStringLiteral("op_counts")).toArray()) {
        const QJsonObject c = cv.toObject();
        const QString op = c.value(QStringLiteral("op")).toString();
        const int r = c.value(QStringLiteral("ref")).toInt(), g = c.value(QStringLiteral("gen")).toInt();
        if (countedOps().contains(op) && r != g)
            d.items << Item{QStringLiteral("count"), op, QString(), QString::number(r), QString::number(g), QString()};
    }
    return d;
}

QJsonObject HintDiff::toJson() const
{
    QJsonArray out;
    for (const Item &i : items)
        out << QJsonObject{{QStringLiteral("kind"), i.kind}, {QStringLiteral("op"), i.op},   {QStringLiteral("name"), i.name},
                           {QStringLiteral("ref"), i.ref},   {QStringLiteral("gen"), i.gen}, {QStringLiteral("where"), i.where}};
    return QJsonObject{{QStringLiteral("differences"), out}};
}

} // namespace tileport
