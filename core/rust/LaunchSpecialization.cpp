// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "LaunchSpecialization.h"

#include <QJsonArray>

#include <algorithm>
#include <limits>
#include <utility>

namespace tileport::rust {

namespace {

constexpr int kMaxDivisor = 16; // DivHint's default cap (no max_divisibility hint)

bool fitsI32(qint64 v)
{
    return v >= std::numeric_limits<qint32>::min() && v <= std::numeric_limits<qint32>::max();
}

std::optional<QList<qint64>> integers(const QJsonValue &v)
{
    if (!v.isArray())
        return std::nullopt;
    QList<qint64> out;
    for (const QJsonValue &d : v.toArray()) {
        if (!d.isDouble() || d.toDouble() != double(qint64(d.toDouble())))
            return std::nullopt;
        out << qint64(d.toDouble());
    }
    return out;
}

} // namespace

int LaunchSpecialization::divisor(qint64 value)
{
    if (value == 0)
        return kMaxDivisor;
    const quint64 bits = quint64(value);
    return int(std::min<quint64>(bits & (~bits + 1), kMaxDivisor));
}

int LaunchSpecialization::basePointerDivisor(qint64 alignment)
{
    return divisor(alignment);
}

std::optional<LaunchSpecialization::Tensor> LaunchSpecialization::forTensor(const QList<qint64> &shape,
                                                                            const QList<qint64> &strides,
                                                                            qint64 alignment, QString *error)
{
    if (shape.size() != strides.size()) {
        *error = QStringLiteral("%1 shape dimension(s) but %2 stride(s)").arg(shape.size()).arg(strides.size());
        return std::nullopt;
    }
    for (qsizetype i = 0; i < shape.size(); ++i)
        if (!fitsI32(shape[i]) || !fitsI32(strides[i]) || shape[i] < 0) {
            *error = QStringLiteral("dimension %1 (shape %2, stride %3) is not a cutile i32 shape and stride")
                         .arg(i)
                         .arg(shape[i])
                         .arg(strides[i]);
            return std::nullopt;
        }
    Tensor t;
    t.basePtrDiv = basePointerDivisor(alignment);
    for (qsizetype i = 0; i < shape.size(); ++i) {
        t.shapeDiv << divisor(shape[i]);
        t.strideDiv << divisor(strides[i]);
        t.strides << (strides[i] == 1 ? 1 : -1);
    }
    // compute_spec: sorted by (stride, shape), each stride must be positive
    // and reach past the previous axis's extent.
    QList<std::pair<qint64, qint64>> sorted;
    for (qsizetype i = 0; i < shape.size(); ++i)
        sorted << std::pair{strides[i], shape[i]};
    std::sort(sorted.begin(), sorted.end());
    t.elementsDisjoint = sorted.isEmpty() || sorted.first().first > 0;
    for (qsizetype i = 1; i < sorted.size() && t.elementsDisjoint; ++i)
        if (sorted[i].first <= 0 || sorted[i].first < sorted[i - 1].first * sorted[i - 1].second)
            t.elementsDisjoint = false;
    return t;
}

std::optional<LaunchSpecialization::Tensor> LaunchSpecialization::forParam(const QJsonObject &param, QString *error)
{
    const auto shape = integers(param.value(QStringLiteral("shape")));
    const auto strides = integers(param.value(QStringLiteral("strides")));
    if (!shape || !strides) {
        *error = QStringLiteral("'shape' and 'strides' must both be lists of integers");
        return std::nullopt;
    }
    const QJsonValue align = param.value(QStringLiteral("alignment"));
    if (!align.isUndefined() && (!align.isDouble() || align.toDouble() < 0 || align.toDouble() != double(qint64(align.toDouble())))) {
        *error = QStringLiteral("'alignment' must be a non-negative integer (bytes)");
        return std::nullopt;
    }
    return forTensor(*shape, *strides, align.isUndefined() ? 16 : qint64(align.toDouble()), error);
}

bool LaunchSpecialization::isCaptured(const QJsonObject &param)
{
    return param.value(QStringLiteral("kind")).toString() == QLatin1String("array") && param.contains(QStringLiteral("strides"));
}

bool LaunchSpecialization::unitLastStride(const QList<qint64> &shape, const QList<qint64> &strides)
{
    return !shape.isEmpty() && shape.size() == strides.size() && (strides.last() == 1 || shape.last() == 1);
}

QJsonObject LaunchSpecialization::withAssumedLayout(const QJsonObject &param)
{
    if (param.value(QStringLiteral("kind")).toString() != QLatin1String("array") || param.contains(QStringLiteral("strides")))
        return param;
    const auto shape = integers(param.value(QStringLiteral("shape")));
    if (!shape || shape->isEmpty())
        return param;
    QJsonArray strides;
    qint64 stride = 1;
    for (qsizetype i = shape->size() - 1; i >= 0; --i) {
        strides.prepend(stride);
        stride *= std::max<qint64>(shape->at(i), 1);
    }
    QJsonObject out = param;
    out.insert(QStringLiteral("strides"), strides);
    return out;
}

} // namespace tileport::rust
