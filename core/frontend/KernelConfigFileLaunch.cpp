// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// KernelConfigFile: the fields a captured sidecar adds (the launch seen:
// grid, hints, sources, the autotuned candidate; each array's strides and
// alignment), checked where they are written.
#include "KernelConfigFile.h"

#include <QJsonArray>
#include <QRegularExpression>

#include <cmath>

namespace tileport::frontend {

namespace {

bool integral(const QJsonValue &v) { return v.isDouble() && std::isfinite(v.toDouble()) && std::floor(v.toDouble()) == v.toDouble(); }

QString key(const char *name) { return QStringLiteral("\"%1\"\\s*:").arg(QLatin1String(name)); }

} // namespace

void KernelConfigFile::readLaunchFields(const QJsonObject &c, KernelConfig &kc, qsizetype from, qsizetype to)
{
    const QString prefix = QStringLiteral("config '%1': ").arg(kc.name);
    const auto at = [&](const char *name) {
        const qsizetype p = find(key(name), from, to);
        return p >= 0 ? p : from;
    };
    if (c.contains(QStringLiteral("grid"))) {
        const QJsonArray g = c.value(QStringLiteral("grid")).toArray();
        bool good = c.value(QStringLiteral("grid")).isArray() && !g.isEmpty() && g.size() <= 3;
        for (const QJsonValue &v : g) {
            good = good && integral(v) && v.toDouble() >= 1 && v.toDouble() <= 2147483647.0;
            if (good) // converted only once known to fit
                kc.grid.append(qint64(v.toDouble()));
        }
        if (!good) {
            kc.grid.clear();
            error(at("grid"), prefix + QStringLiteral("\"grid\" must list 1 to 3 positive integers"));
        }
    }
    if (c.contains(QStringLiteral("hints"))) {
        const QJsonValue h = c.value(QStringLiteral("hints"));
        if (!h.isObject()) {
            error(at("hints"), prefix + QStringLiteral("\"hints\" must be an object"));
        } else {
            kc.hints = h.toObject();
            for (const char *name : {"occupancy", "num_ctas"}) {
                const QJsonValue v = kc.hints.value(QLatin1String(name));
                if (!v.isUndefined() && (!integral(v) || v.toDouble() < 1))
                    error(at("hints"), prefix + QStringLiteral("hint \"%1\" must be a positive integer").arg(QLatin1String(name)));
            }
        }
    }
    if (c.contains(QStringLiteral("sources"))) {
        const QJsonValue s = c.value(QStringLiteral("sources"));
        bool good = s.isArray();
        for (const QJsonValue &v : s.toArray()) {
            good = good && v.isString();
            kc.sources.append(v.toString());
        }
        if (!good) {
            kc.sources.clear();
            error(at("sources"), prefix + QStringLiteral("\"sources\" must be a list of strings"));
        }
    }
    if (c.contains(QStringLiteral("tuned_launch"))) {
        const QJsonObject t = c.value(QStringLiteral("tuned_launch")).toObject();
        const QJsonValue site = t.value(QStringLiteral("site")), cand = t.value(QStringLiteral("candidate")), of = t.value(QStringLiteral("of"));
        if (!site.isString() || site.toString().isEmpty() || !integral(cand) || !integral(of) || of.toDouble() < 1
            || of.toDouble() > 2147483647.0 || cand.toDouble() < 0 || cand.toDouble() >= of.toDouble()) {
            error(at("tuned_launch"), prefix + QStringLiteral("\"tuned_launch\" needs a \"site\", and a \"candidate\" index "
                                                              "from 0 below \"of\" (the number of candidates)"));
        } else {
            kc.tunedLaunch = TunedLaunch{site.toString(), cand.toInt(), of.toInt()};
        }
    }
}

void KernelConfigFile::readArrayLayouts(const KernelConfig &kc, qsizetype from, qsizetype to)
{
    // Each parameter's fields are looked for from its "name" on, so a
    // diagnostic points into the parameter that has the problem.
    qsizetype cursor = from;
    for (qsizetype i = 0; i < kc.params.size(); ++i) {
        const QJsonObject p = kc.params[i].toObject();
        const QString name = p.value(QStringLiteral("name")).toString();
        qsizetype paramAt = -1;
        if (!name.isEmpty())
            paramAt = find(QStringLiteral("\"name\"\\s*:\\s*\"%1\"").arg(QRegularExpression::escape(name)), cursor, to);
        if (paramAt >= 0)
            cursor = paramAt + 1;
        qsizetype paramEnd = to;
        for (qsizetype j = i + 1; j < kc.params.size(); ++j) {
            const QString next = kc.params[j].toObject().value(QStringLiteral("name")).toString();
            const qsizetype n = next.isEmpty() ? -1 : find(QStringLiteral("\"name\"\\s*:\\s*\"%1\"").arg(QRegularExpression::escape(next)), cursor, to);
            if (n >= 0) {
                paramEnd = n;
                break;
            }
        }
        const auto at = [&](const char *field) {
            const qsizetype k = paramAt >= 0 ? find(key(field), paramAt, paramEnd) : -1;
            return k >= 0 ? k : (paramAt >= 0 ? paramAt : from);
        };
        const QString where = QStringLiteral("config '%1': parameter %2%3: ")
                                  .arg(kc.name).arg(i).arg(name.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(name));
        if (p.contains(QStringLiteral("strides"))) {
            const QJsonValue sv = p.value(QStringLiteral("strides"));
            bool good = sv.isArray();
            for (const QJsonValue &v : sv.toArray())
                good = good && integral(v) && v.toDouble() >= 0;
            if (!good)
                error(at("strides"), where + QStringLiteral("\"strides\" must list non-negative integers (elements)"));
            else if (p.contains(QStringLiteral("ndim")) && sv.toArray().size() != p.value(QStringLiteral("ndim")).toInt(-1))
                error(at("strides"), where + QStringLiteral("%1 stride(s) for ndim %2")
                                               .arg(sv.toArray().size()).arg(p.value(QStringLiteral("ndim")).toInt(-1)));
            // The export derives its constraints from both (export_tileir.py).
            else if (p.value(QStringLiteral("shape")).toArray().size() != sv.toArray().size())
                error(at("strides"), where + QStringLiteral("\"strides\" need a \"shape\" with as many entries"));
        }
        if (p.contains(QStringLiteral("alignment"))) {
            const QJsonValue a = p.value(QStringLiteral("alignment"));
            // Converted only in range: a double past 2^62 does not fit qint64.
            const qint64 v = integral(a) && a.toDouble() >= 1 && a.toDouble() <= 0x1p62 ? qint64(a.toDouble()) : 0;
            if (v < 1 || (v & (v - 1)) != 0)
                error(at("alignment"), where + QStringLiteral("\"alignment\" must be a power of two (bytes)"));
        }
    }
}

} // namespace tileport::frontend
