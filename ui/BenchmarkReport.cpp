// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "BenchmarkReport.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <cmath>

namespace tileport::ui {

BenchmarkReport BenchmarkReport::load(const QString &path)
{
    BenchmarkReport r;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        r.error = QStringLiteral("%1: %2").arg(path, f.errorString());
        return r;
    }
    QJsonParseError pe;
    const QJsonObject doc = QJsonDocument::fromJson(f.readAll(), &pe).object();
    if (pe.error != QJsonParseError::NoError) {
        r.error = QStringLiteral("%1: offset %2: %3").arg(path).arg(pe.offset).arg(pe.errorString());
        return r;
    }
    // A stage report keeps the results under "evidence".
    const bool stageReport = doc.contains(QStringLiteral("evidence"));
    const QJsonObject body = stageReport ? doc.value(QStringLiteral("evidence")).toObject() : doc;
    const QJsonArray rows = body.value(stageReport ? QStringLiteral("results") : QStringLiteral("configs")).toArray();
    if (rows.isEmpty()) {
        r.error = QStringLiteral("%1: no benchmark rows (not a stage E report or tileport-results/1 file)").arg(path);
        return r;
    }
    double logSum = 0;
    int measured = 0;
    for (const QJsonValue &v : rows) {
        const QJsonObject o = v.toObject();
        Row row{o.value(QStringLiteral("config")).toString(), o.value(QStringLiteral("kernel")).toString(),
                o.value(QStringLiteral("status")).toString(), o.value(QStringLiteral("ref_ms")).toDouble(),
                o.value(QStringLiteral("rust_ms")).toDouble(), o.value(QStringLiteral("ratio")).toDouble()};
        if (row.ratio > 0) {
            logSum += std::log(row.ratio);
            ++measured;
        }
        r.rows << row;
    }
    r.geomean = body.value(QStringLiteral("geomean_ratio")).toDouble(measured ? std::exp(logSum / measured) : 0.0);
    r.gate = body.value(QStringLiteral("gate")).toDouble(1.05);
    r.gpu = body.value(QStringLiteral("environment")).toObject().value(QStringLiteral("gpu")).toString();
    return r;
}

BenchmarkComparison BenchmarkComparison::of(const BenchmarkReport &current, const QString &currentName,
                                            const BenchmarkReport *earlier, const QString &earlierName)
{
    BenchmarkComparison c;
    c.currentName = currentName;
    c.gate = current.gate;
    c.geomean = current.geomean;
    double top = std::max({1.0, c.gate, c.geomean});
    for (const BenchmarkReport::Row &r : current.rows) {
        c.configs << r.config;
        c.current << r.ratio;
        top = std::max(top, r.ratio);
    }
    if (earlier && earlier->error.isEmpty()) {
        c.earlierName = earlierName;
        c.earlierGeomean = earlier->geomean;
        for (const QString &config : std::as_const(c.configs)) {
            double v = 0;
            for (const BenchmarkReport::Row &r : earlier->rows)
                if (r.config == config)
                    v = r.ratio;
            c.earlier << v;
            top = std::max(top, v);
        }
    }
    // Room past the longest bar for its value label.
    c.top = top * 1.18;
    return c;
}

} // namespace tileport::ui
