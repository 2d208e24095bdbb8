// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "TritonCapturedConfigs.h"

#include <QHash>
#include <QJsonDocument>
#include <QJsonObject>
#include <QVariant>

#include <cmath>
#include <limits>
#include <optional>

namespace tileport::triton {

namespace {

// A contiguous array as its 1-D flat tensor; nullopt when it is strided.
std::optional<QJsonObject> flattened(const QJsonObject &a)
{
    const QJsonArray shape = a.value(QStringLiteral("shape")).toArray();
    const QJsonArray strides = a.value(QStringLiteral("strides")).toArray();
    if (shape.size() < 2)
        return a;
    qint64 numel = 1, expect = 1;
    for (qsizetype i = shape.size() - 1; i >= 0; --i) {
        if (!strides.isEmpty() && shape[i].toInteger() > 1 && strides[i].toInteger() != expect)
            return std::nullopt;
        expect *= shape[i].toInteger();
    }
    for (const QJsonValue &d : shape)
        numel *= d.toInteger();
    QJsonObject out = a;
    out.insert(QStringLiteral("ndim"), 1);
    out.insert(QStringLiteral("shape"), QJsonArray{numel});
    if (!strides.isEmpty())
        out.insert(QStringLiteral("strides"), QJsonArray{1});
    return out;
}

// A tl.constexpr the desugared kernel takes at run time (one only used as
// an arithmetic operand): the captured constant as the scalar Triton would
// pass, a Python float as fp32 (the capture records its dtype: JSON may
// write 0.0 as 0) and an int as i32 (i64 when it needs it).
QJsonObject asScalar(const QJsonObject &c)
{
    const QJsonValue value = c.value(QStringLiteral("value"));
    QString dtype = c.value(QStringLiteral("dtype")).toString(); // the capture's, for a float
    if (dtype.isEmpty()) {
        if (value.isBool())
            dtype = QStringLiteral("bool_");
        else if (value.toVariant().typeId() == QMetaType::Double)
            dtype = QStringLiteral("float32");
        else if (value.isDouble())
            dtype = std::abs(value.toInteger()) <= std::numeric_limits<qint32>::max() ? QStringLiteral("int32") : QStringLiteral("int64");
        else
            return c; // not a number: the configs' check names it
    }
    QJsonObject out = c;
    out.insert(QStringLiteral("kind"), QStringLiteral("scalar"));
    out.insert(QStringLiteral("dtype"), dtype);
    return out;
}

// `params` in the order of the kernel's signature, by name; nullopt when a
// parameter has no name (then nothing is changed).
std::optional<QJsonArray> fitted(const QJsonArray &params, const frontend::KernelInfo &k, const FitFacts &facts)
{
    const QSet<QString> &flat = facts.flat;
    QHash<QString, QJsonObject> byName;
    for (const QJsonValue &v : params) {
        const QString name = v.toObject().value(QStringLiteral("name")).toString();
        if (name.isEmpty())
            return std::nullopt;
        byName.insert(name, v.toObject());
    }
    QJsonArray out;
    for (const frontend::KernelParam &p : k.params) {
        // The flag the front-end adds for an optional pointer (`P__given`):
        // whether the launch passed P at all.
        const QString given = QStringLiteral("__given");
        if (!byName.contains(p.name) && p.name.endsWith(given) && byName.contains(p.name.chopped(given.size()))) {
            const bool passed = byName.value(p.name.chopped(given.size())).value(QStringLiteral("kind")).toString() != QLatin1String("none");
            out << QJsonObject{{QStringLiteral("name"), p.name}, {QStringLiteral("kind"), QStringLiteral("const")}, {QStringLiteral("value"), passed}};
            continue;
        }
        if (!byName.contains(p.name))
            continue; // a missing one: the configs' check names it
        QJsonObject v = byName.value(p.name);
        if (flat.contains(p.name) && v.value(QStringLiteral("kind")).toString() == QLatin1String("array"))
            v = flattened(v).value_or(v);
        if (const auto strings = facts.strings.constFind(p.name); strings != facts.strings.constEnd()
            && v.value(QStringLiteral("kind")).toString() == QLatin1String("const") && v.value(QStringLiteral("value")).isString()) {
            const QString given = v.value(QStringLiteral("value")).toString();
            v.insert(QStringLiteral("source_value"), given);
            v.insert(QStringLiteral("value"), int(strings->indexOf(given)));
        }
        if ((p.kind == frontend::KernelParam::Kind::Scalar || p.kind == frontend::KernelParam::Kind::Unknown) && v.value(QStringLiteral("kind")).toString() == QLatin1String("const"))
            v = asScalar(v);
        out << v;
    }
    return out;
}

} // namespace

FitHints fitHints(const TritonModule &module)
{
    FitHints out;
    for (const TritonKernel &k : module.kernels)
        for (const TritonParam &p : k.params) {
            if (p.flat)
                out[k.name].flat.insert(p.name);
            if (!p.strings.isEmpty())
                out[k.name].strings.insert(p.name, p.strings);
        }
    return out;
}

int fitToDesugared(frontend::KernelConfigFile &configs, const frontend::ModuleAnalysis &desugared, const FitHints &hints)
{
    int changed = 0;
    for (frontend::KernelConfig &c : configs.configs) {
        const frontend::KernelInfo *k = desugared.kernel(c.kernel);
        const std::optional<QJsonArray> f = k ? fitted(c.params, *k, hints.value(c.kernel)) : std::nullopt;
        if (f && *f != c.params) {
            c.params = *f;
            ++changed;
        }
    }
    return changed;
}

QByteArray fitSidecar(const QByteArray &sidecar, const frontend::ModuleAnalysis &desugared, const FitHints &hints)
{
    const QJsonDocument doc = QJsonDocument::fromJson(sidecar);
    if (!doc.isObject())
        return sidecar;
    QJsonObject root = doc.object();
    const QString fileKernel = root.value(QStringLiteral("kernel")).toString();
    QJsonArray configs = root.value(QStringLiteral("configs")).toArray();
    for (qsizetype i = 0; i < configs.size(); ++i) {
        QJsonObject c = configs[i].toObject();
        const QString kernel = c.value(QStringLiteral("kernel")).toString(fileKernel);
        const frontend::KernelInfo *k = desugared.kernel(kernel);
        if (const std::optional<QJsonArray> f = k ? fitted(c.value(QStringLiteral("params")).toArray(), *k, hints.value(kernel))
                                                  : std::nullopt) {
            c.insert(QStringLiteral("params"), *f);
            configs[i] = c;
        }
    }
    root.insert(QStringLiteral("configs"), configs);
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

} // namespace tileport::triton
