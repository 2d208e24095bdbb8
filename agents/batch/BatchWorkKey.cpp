// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "BatchWorkKey.h"

#include "LaunchSpecialization.h"

#include <QCryptographicHash>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <cmath>

namespace tileport {

namespace {

using rust::LaunchSpecialization;

constexpr double kI32Max = 2147483647.0;

qint64 lowestBit(qint64 v)
{
    const quint64 bits = quint64(v);
    return qint64(bits & (~bits + 1));
}

QString fact(const QJsonValue &v, qint64 cap)
{
    if (!v.isDouble() || v.toDouble() != double(qint64(v.toDouble())))
        return QStringLiteral("?") + QString::fromUtf8(QJsonDocument(QJsonArray{v}).toJson(QJsonDocument::Compact));
    const qint64 n = qint64(v.toDouble());
    if (n == 0 || n == 1)
        return QStringLiteral("=%1").arg(n);
    return QStringLiteral("d%1").arg(std::min(lowestBit(n), cap));
}

QJsonArray facts(const QJsonValue &dims, qint64 cap)
{
    QJsonArray out;
    for (const QJsonValue &d : dims.toArray())
        out << fact(d, cap);
    return out;
}

} // namespace

QJsonArray BatchWorkKey::exportSignature(const QJsonArray &params)
{
    QJsonArray out;
    for (const QJsonValue &v : params) {
        QJsonObject p = v.toObject();
        const QString kind = p.value(QStringLiteral("kind")).toString();
        if (kind == QLatin1String("array")) {
            if (LaunchSpecialization::isCaptured(p)) {
                QString why;
                const auto spec = LaunchSpecialization::forParam(p, &why);
                p[QStringLiteral("disjoint")] = spec ? QJsonValue(spec->elementsDisjoint) : QJsonValue(why);
                // The reference indexes with int64 once an axis reaches past i32.
                const QJsonArray shape = p.value(QStringLiteral("shape")).toArray();
                const QJsonArray strides = p.value(QStringLiteral("strides")).toArray();
                bool wide = false;
                for (qsizetype i = 0; i < shape.size(); ++i) {
                    const double d = shape[i].toDouble(), s = i < strides.size() ? std::abs(strides[i].toDouble()) : 0.0;
                    wide = wide || d > kI32Max || s * std::max(d - 1, 0.0) > kI32Max;
                }
                p[QStringLiteral("extent_over_i32")] = wide;
                p[QStringLiteral("strides")] = facts(strides, 32);
            }
            if (p.contains(QStringLiteral("shape")))
                p[QStringLiteral("shape")] = facts(p.value(QStringLiteral("shape")), 16);
            if (p.contains(QStringLiteral("alignment")))
                p[QStringLiteral("alignment")] = fact(p.value(QStringLiteral("alignment")), 16);
        } else if (kind == QLatin1String("scalar") && p.contains(QStringLiteral("value"))) {
            const QString dtype = p.value(QStringLiteral("dtype")).toString();
            if (dtype.contains(QLatin1String("int")))
                p[QStringLiteral("value")] = fact(p.value(QStringLiteral("value")), 16);
            else
                p.remove(QStringLiteral("value"));
        }
        out << p;
    }
    return out;
}

QByteArray BatchWorkKey::of(const QString &kernelFile, const QString &kernel, const QJsonArray &params,
                            const QStringList &harnessArgsWithoutOutDir)
{
    const QJsonObject key{{QStringLiteral("file"), kernelFile},
                          {QStringLiteral("kernel"), kernel},
                          {QStringLiteral("signature"), exportSignature(params)},
                          {QStringLiteral("harness"), QJsonArray::fromStringList(harnessArgsWithoutOutDir)}};
    return QCryptographicHash::hash(QJsonDocument(key).toJson(QJsonDocument::Compact), QCryptographicHash::Sha1).toHex();
}

} // namespace tileport
