// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "HarnessArguments.h"

#include "DerivedGeneric.h"
#include "LaunchSpecialization.h"
#include "RustNames.h"

#include <QJsonArray>
#include <QJsonObject>

namespace tileport::rust {

namespace {

QString joined(const QList<int> &values)
{
    QStringList s;
    for (int v : values)
        s << QString::number(v);
    return s.join(QLatin1Char(','));
}

bool isIntegerDtype(const QString &dtype)
{
    static const QStringList kInts{QStringLiteral("int8"),  QStringLiteral("int16"),  QStringLiteral("int32"),
                                   QStringLiteral("int64"), QStringLiteral("uint8"),  QStringLiteral("uint16"),
                                   QStringLiteral("uint32"), QStringLiteral("uint64")};
    return kInts.contains(dtype.section(QLatin1Char('.'), -1));
}

} // namespace

QStringList HarnessArguments::forConfig(const EntrySignature &entry, const frontend::KernelConfig &config,
                                        const QString &outDir, const QString &target, const QString &version,
                                        QString *error)
{
    // A hand-written array with a shape is the contiguous, fresh tensor the
    // reference export assumes for it, and the launcher would derive its
    // facts from that tensor too.
    QJsonArray params;
    for (const QJsonValue &v : config.params)
        params.append(LaunchSpecialization::withAssumedLayout(v.toObject()));
    const auto param = [&](const QString &name) -> QJsonObject {
        for (const QJsonValue &v : params)
            if (v.toObject().value(QStringLiteral("name")).toString() == name)
                return v.toObject();
        return {};
    };
    // A ct.Constant's value as a const generic takes it: an int, a bool as 0/1.
    const auto constant = [&](const QString &name) -> std::optional<qint64> {
        const QJsonValue x = param(name).value(QStringLiteral("value"));
        if (x.isBool())
            return x.toBool() ? 1 : 0;
        if (x.isDouble() && x.toDouble() == double(qint64(x.toDouble())))
            return qint64(x.toDouble());
        return std::nullopt;
    };
    QStringList generics;
    for (const EntrySignature::Generic &g : entry.generics) {
        if (g.isType) {
            // A tensor the config passes as None is one this entry never
            // reads (KernelConfigFile admits no other): any element type
            // serves its placeholder; f32 is the one the IR then shows.
            const bool absent = param(g.dtypeOf).value(QStringLiteral("kind")).toString() == QLatin1String("none");
            const QString dt = absent ? QStringLiteral("f32")
                                      : RustNames::elementType(param(g.dtypeOf).value(QStringLiteral("dtype")).toString());
            if (dt.isEmpty()) {
                *error = QStringLiteral("config %1 gives no usable dtype for '%2'").arg(config.name, g.dtypeOf);
                return {};
            }
            generics << dt;
        } else if (g.isDerived()) {
            QString why;
            const auto v = DerivedGeneric::evaluate(g.derived, constant, &why);
            if (!v) {
                *error = QStringLiteral("config %1: %2 = %3: %4").arg(config.name, g.name, DerivedGeneric::text(g.derived), why);
                return {};
            }
            generics << QString::number(*v);
        } else {
            const auto v = constant(g.constParam);
            if (!v) {
                *error = QStringLiteral("config %1 gives no int value for '%2'").arg(config.name, g.constParam);
                return {};
            }
            generics << QString::number(*v);
        }
    }
    bool captured = false;
    for (const QJsonValue &v : params)
        captured = captured || LaunchSpecialization::isCaptured(v.toObject());

    QStringList strides, specs, strideHints;
    for (const EntrySignature::TensorParam &t : entry.tensors) {
        QJsonObject p = param(t.name);
        if (!captured || !LaunchSpecialization::isCaptured(p)) {
            QStringList dims;
            for (int i = 0; i + 1 < t.rank; ++i)
                dims << QStringLiteral("-1");
            dims << QStringLiteral("1");
            strides << RustNames::local(t.name) + QLatin1Char('=') + dims.join(QLatin1Char(','));
            continue;
        }
        QList<qint64> shape, given;
        for (const QJsonValue &d : p.value(QStringLiteral("shape")).toArray())
            shape << d.toInteger();
        for (const QJsonValue &d : p.value(QStringLiteral("strides")).toArray())
            given << d.toInteger();
        if (t.unitLastStride && !LaunchSpecialization::unitLastStride(shape, given)) {
            QStringList text;
            for (qint64 v : given)
                text << QString::number(v);
            *error = QStringLiteral("config %1, array '%2': the entry's gathers offset the last axis by stride 1, "
                                    "but the array's strides are [%3]")
                         .arg(config.name, t.name, text.join(QLatin1Char(',')));
            return {};
        }
        // The stride parameters of its other axes get the hint the launcher
        // gives an integer scalar: its value's divisor.
        for (const EntrySignature::StrideParam &s : entry.strideParams)
            if (s.tensor == t.name && s.axis < given.size())
                strideHints << QStringLiteral("%1:%2").arg(s.name).arg(LaunchSpecialization::divisor(given[s.axis]));
        QString why;
        const auto spec = LaunchSpecialization::forParam(p, &why);
        if (spec && spec->strides.size() != t.rank)
            why = QStringLiteral("rank %1, but the entry's tensor has rank %2").arg(spec->strides.size()).arg(t.rank);
        if (!spec || !why.isEmpty()) {
            *error = QStringLiteral("config %1, array '%2': %3").arg(config.name, t.name, why);
            return {};
        }
        // The harness names parameters as the Rust entry spells them.
        strides << RustNames::local(t.name) + QLatin1Char('=') + joined(spec->strides);
        specs << QStringLiteral("%1=%2/%3/%4/%5")
                     .arg(RustNames::local(t.name), joined(spec->shapeDiv), joined(spec->strideDiv))
                     .arg(spec->basePtrDiv)
                     .arg(spec->elementsDisjoint ? 1 : 0);
    }
    QStringList args{outDir, entry.entry, generics.join(QLatin1Char(',')), strides.join(QLatin1Char(';')), target, version};
    if (!captured)
        return args;
    // The launcher gives every integer scalar argument a divisibility hint
    // of its value (DivHint::from_value of the i32 it passes).
    for (const QJsonValue &v : config.params) {
        const QJsonObject p = v.toObject();
        const QJsonValue value = p.value(QStringLiteral("value"));
        if (p.value(QStringLiteral("kind")).toString() != QLatin1String("scalar")
            || !isIntegerDtype(p.value(QStringLiteral("dtype")).toString()) || !value.isDouble()
            || value.toDouble() != double(qint64(value.toDouble())))
            continue;
        specs << QStringLiteral("%1:%2").arg(RustNames::local(p.value(QStringLiteral("name")).toString()))
                     .arg(LaunchSpecialization::divisor(qint32(qint64(value.toDouble()))));
    }
    specs += strideHints;
    return args << specs.join(QLatin1Char(';'));
}

} // namespace tileport::rust
