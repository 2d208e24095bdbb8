// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "LauncherRules.h"

#include "LaunchSpecialization.h"

#include <QJsonArray>
#include <QJsonObject>

namespace tileport::rust {

namespace {

QList<qint64> integers(const QJsonValue &v)
{
    QList<qint64> out;
    for (const QJsonValue &d : v.toArray())
        out << d.toInteger();
    return out;
}

} // namespace

QString LauncherPromise::text() const
{
    return (kind == Kind::EqualTo ? QStringLiteral("== %1") : QStringLiteral("div_by %1")).arg(value);
}

LauncherPromise LauncherRules::pythonShape(qint64 extent)
{
    if (extent == 1)
        return LauncherPromise::equalTo(1);
    return LauncherPromise::divisibleBy(extent % 16 == 0 ? 16 : 1);
}

LauncherPromise LauncherRules::pythonStride(qint64 stride, int elementBits)
{
    if (stride == 1)
        return LauncherPromise::equalTo(1);
    if (elementBits > 0 && elementBits <= 128 && (stride * elementBits) % 128 == 0)
        return LauncherPromise::divisibleBy(128 / elementBits);
    return LauncherPromise::divisibleBy(1);
}

LauncherPromise LauncherRules::pythonBase(qint64 alignment)
{
    return LauncherPromise::divisibleBy(alignment % 16 == 0 ? 16 : 1);
}

int LauncherRules::elementBits(const QString &dtype)
{
    // cuda.tile's DType.bitwidth for the names a sidecar may use.
    const QString name = dtype.section(QLatin1Char('.'), -1);
    if (name == QLatin1String("bool_") || name == QLatin1String("int8") || name == QLatin1String("uint8")
        || name.startsWith(QLatin1String("float8_")))
        return 8;
    if (name.startsWith(QLatin1String("float4_")))
        return 4;
    for (int bits : {16, 32, 64})
        if (name == QStringLiteral("int%1").arg(bits) || name == QStringLiteral("uint%1").arg(bits)
            || name == QStringLiteral("float%1").arg(bits))
            return bits;
    if (name == QLatin1String("bfloat16"))
        return 16;
    if (name == QLatin1String("tfloat32"))
        return 32;
    return 0;
}

LauncherComparison LauncherRules::compare(const frontend::KernelConfig &config)
{
    LauncherComparison out;
    bool anyArray = false;
    for (const QJsonValue &v : config.params) {
        const QJsonObject p = v.toObject();
        anyArray = anyArray || p.value(QStringLiteral("kind")).toString() == QLatin1String("array");
        if (!LaunchSpecialization::isCaptured(p))
            continue;
        const QString name = p.value(QStringLiteral("name")).toString();
        QString why;
        const auto cutile = LaunchSpecialization::forParam(p, &why);
        const int bits = elementBits(p.value(QStringLiteral("dtype")).toString());
        if (cutile && bits == 0)
            why = QStringLiteral("unknown dtype '%1'").arg(p.value(QStringLiteral("dtype")).toString());
        if (!cutile || !why.isEmpty()) {
            out.errors << QStringLiteral("%1: %2").arg(name, why);
            continue;
        }
        const QList<qint64> shape = integers(p.value(QStringLiteral("shape")));
        const QList<qint64> strides = integers(p.value(QStringLiteral("strides")));
        const qint64 alignment = p.value(QStringLiteral("alignment")).toInteger(16);
        LauncherArrayFacts array{name, {}};
        for (qsizetype i = 0; i < shape.size(); ++i)
            array.facts << LauncherFact{QStringLiteral("shape[%1]").arg(i), shape[i], pythonShape(shape[i]),
                                        LauncherPromise::divisibleBy(cutile->shapeDiv[i])};
        for (qsizetype i = 0; i < strides.size(); ++i) {
            // The launcher's stride pattern makes a unit stride the constant 1.
            const LauncherPromise rs = cutile->strides[i] == 1 ? LauncherPromise::equalTo(1)
                                                               : LauncherPromise::divisibleBy(cutile->strideDiv[i]);
            array.facts << LauncherFact{QStringLiteral("stride[%1]").arg(i), strides[i], pythonStride(strides[i], bits), rs};
        }
        array.facts << LauncherFact{QStringLiteral("base"), alignment, pythonBase(alignment),
                                    LauncherPromise::divisibleBy(cutile->basePtrDiv)};
        for (const LauncherFact &f : array.facts)
            if (!f.agrees())
                out.disagreements << LauncherDisagreement{name, f};
        out.arrays << array;
    }
    out.assumed = anyArray && out.arrays.isEmpty() && out.errors.isEmpty();
    return out;
}

} // namespace tileport::rust
