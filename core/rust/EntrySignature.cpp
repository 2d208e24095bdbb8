// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "EntrySignature.h"

#include "RustNames.h"

#include "ConstantEvaluator.h"
#include "ImportTable.h"
#include "PythonSource.h"

#include <QJsonArray>

#include <algorithm>

namespace tileport::rust {

// A Python condition over constants, evaluated with the config's values;
// nullopt when it names a constant the config does not give.
std::optional<bool> EntrySignature::evaluateCondition(const QString &condition, const QJsonObject &constants)
{
    const frontend::PythonSource src(condition.toUtf8() + '\n', QStringLiteral("<condition>"));
    TSNode stmt = ts_node_named_child(src.root(), 0);
    if (ts_node_is_null(stmt) || ts_node_named_child_count(stmt) != 1)
        return std::nullopt;
    const frontend::ImportTable imports;
    const frontend::ConstantEvaluator eval(src, imports, [&](const QString &name) -> std::optional<frontend::ConstantValue> {
        const QJsonValue v = constants.value(name);
        if (v.isBool())
            return frontend::ConstantValue::ofBool(v.toBool());
        if (v.isDouble())
            return v.toDouble() == double(qint64(v.toDouble())) ? frontend::ConstantValue::ofInt(qint64(v.toDouble()))
                                                                 : frontend::ConstantValue::ofFloat(v.toDouble());
        return std::nullopt;
    });
    const auto r = eval.evaluate(ts_node_named_child(stmt, 0));
    if (!r)
        return std::nullopt;
    return r->truthy();
}

QJsonObject EntrySignature::toJson() const
{
    QJsonArray gs, ts;
    for (const Generic &g : generics) {
        QJsonObject o{{"name", g.name}, {"kind", g.isType ? "dtype" : "const"}};
        if (g.isType)
            o.insert(QStringLiteral("dtype_of"), g.dtypeOf);
        else if (g.isDerived())
            o.insert(QStringLiteral("derived"), g.derived);
        else
            o.insert(QStringLiteral("param"), g.constParam);
        gs.append(o);
    }
    for (const TensorParam &t : tensors)
        ts.append(QJsonObject{{"name", t.name}, {"rank", t.rank}, {"block_output", t.blockOutput}, {"element", t.element}, {"unit_last_stride", t.unitLastStride}});
    QJsonArray ps;
    for (const Param &p : params) {
        QJsonObject j{{"name", p.name}, {"kind", p.tensor ? "tensor" : p.list ? "list" : (p.strideOf.isEmpty() ? "scalar" : "stride")}};
        if (p.list) {
            j.insert(QStringLiteral("element"), p.element);
            j.insert(QStringLiteral("rank"), p.rank);
        } else if (p.tensor) {
            j.insert(QStringLiteral("element"), p.element);
            j.insert(QStringLiteral("rank"), p.rank);
            j.insert(QStringLiteral("block_output"), p.blockOutput);
            if (p.blockOutput)
                j.insert(QStringLiteral("partition"), QJsonArray::fromStringList(p.partition));
        } else {
            j.insert(QStringLiteral("type"), p.scalarType);
            if (!p.strideOf.isEmpty())
                j.insert(QStringLiteral("stride_of"), QJsonObject{{"array", p.strideOf}, {"axis", p.strideAxis}});
        }
        ps.append(j);
    }
    QJsonObject o{{"python_kernel", pythonKernel},
                  {"entry", entry},
                  {"generics", gs},
                  {"tensors", ts},
                  {"params", ps},
                  {"runtime_float_constants", QJsonArray::fromStringList(runtimeFloatConstants)}};
    if (!strideParams.isEmpty()) {
        QJsonArray sp;
        for (const StrideParam &p : strideParams)
            sp.append(QJsonObject{{"tensor", p.tensor}, {"axis", p.axis}, {"name", p.name}});
        o.insert(QStringLiteral("stride_params"), sp);
    }
    if (!fixedDtypes.isEmpty()) {
        QJsonObject f;
        for (auto it = fixedDtypes.cbegin(); it != fixedDtypes.cend(); ++it)
            f.insert(it.key(), it.value());
        o.insert(QStringLiteral("fixed_dtypes"), f);
    }
    if (!otherThan.isEmpty()) {
        QJsonObject f;
        for (auto it = otherThan.cbegin(); it != otherThan.cend(); ++it)
            f.insert(it.key(), QJsonArray::fromStringList(it.value()));
        o.insert(QStringLiteral("dtypes_served_elsewhere"), f);
    }
    if (minTarget != QLatin1String("sm_90"))
        o.insert(QStringLiteral("min_target"), minTarget);
    if (!constChoices.isEmpty()) {
        QJsonArray cs;
        for (const ConstChoice &c : constChoices)
            cs.append(QJsonObject{{"condition", c.condition}, {"value", c.value}});
        o.insert(QStringLiteral("const_choices"), cs);
    }
    return o;
}

EntrySignature EntrySignature::fromJson(const QJsonObject &o)
{
    EntrySignature s;
    s.pythonKernel = o.value(QStringLiteral("python_kernel")).toString();
    s.entry = o.value(QStringLiteral("entry")).toString();
    for (const QJsonValue &v : o.value(QStringLiteral("generics")).toArray()) {
        const QJsonObject g = v.toObject();
        Generic gen;
        gen.name = g.value(QStringLiteral("name")).toString();
        gen.isType = g.value(QStringLiteral("kind")).toString() == QLatin1String("dtype");
        gen.dtypeOf = g.value(QStringLiteral("dtype_of")).toString();
        gen.constParam = g.value(QStringLiteral("param")).toString();
        gen.derived = g.value(QStringLiteral("derived"));
        s.generics << gen;
    }
    for (const QJsonValue &v : o.value(QStringLiteral("tensors")).toArray()) {
        const QJsonObject t = v.toObject();
        s.tensors << TensorParam{t.value(QStringLiteral("name")).toString(), t.value(QStringLiteral("rank")).toInt(),
                                 t.value(QStringLiteral("block_output")).toBool(), t.value(QStringLiteral("element")).toString(),
                                 t.value(QStringLiteral("unit_last_stride")).toBool()};
    }
    for (const QJsonValue &v : o.value(QStringLiteral("stride_params")).toArray()) {
        const QJsonObject p = v.toObject();
        s.strideParams << StrideParam{p.value(QStringLiteral("tensor")).toString(), p.value(QStringLiteral("axis")).toInt(),
                                      p.value(QStringLiteral("name")).toString()};
    }
    for (const QJsonValue &v : o.value(QStringLiteral("params")).toArray()) {
        const QJsonObject j = v.toObject();
        Param p;
        p.name = j.value(QStringLiteral("name")).toString();
        p.tensor = j.value(QStringLiteral("kind")).toString() == QLatin1String("tensor");
        p.list = j.value(QStringLiteral("kind")).toString() == QLatin1String("list");
        p.element = j.value(QStringLiteral("element")).toString();
        p.rank = j.value(QStringLiteral("rank")).toInt();
        p.blockOutput = j.value(QStringLiteral("block_output")).toBool();
        for (const QJsonValue &d : j.value(QStringLiteral("partition")).toArray())
            p.partition << d.toString();
        p.scalarType = j.value(QStringLiteral("type")).toString();
        const QJsonObject stride = j.value(QStringLiteral("stride_of")).toObject();
        p.strideOf = stride.value(QStringLiteral("array")).toString();
        p.strideAxis = stride.isEmpty() ? -1 : stride.value(QStringLiteral("axis")).toInt();
        s.params << p;
    }
    for (const QJsonValue &v : o.value(QStringLiteral("runtime_float_constants")).toArray())
        s.runtimeFloatConstants << v.toString();
    const QJsonObject fixed = o.value(QStringLiteral("fixed_dtypes")).toObject();
    for (auto it = fixed.begin(); it != fixed.end(); ++it)
        s.fixedDtypes.insert(it.key(), it.value().toString());
    const QJsonObject elsewhere = o.value(QStringLiteral("dtypes_served_elsewhere")).toObject();
    for (auto it = elsewhere.begin(); it != elsewhere.end(); ++it)
        for (const QJsonValue &d : it.value().toArray())
            s.otherThan[it.key()] << d.toString();
    for (const QJsonValue &v : o.value(QStringLiteral("const_choices")).toArray())
        s.constChoices << ConstChoice{v.toObject().value(QStringLiteral("condition")).toString(),
                                      v.toObject().value(QStringLiteral("value")).toBool()};
    s.minTarget = o.value(QStringLiteral("min_target")).toString(QStringLiteral("sm_90"));
    return s;
}

bool EntrySignature::serves(const QHash<QString, QString> &dtypes, const QJsonObject &constants) const
{
    for (const ConstChoice &c : constChoices) {
        const std::optional<bool> v = evaluateCondition(c.condition, constants);
        if (v && *v != c.value)
            return false;
    }
    for (auto it = fixedDtypes.cbegin(); it != fixedDtypes.cend(); ++it)
        if (dtypes.value(it.key()) != it.value())
            return false;
    for (auto it = otherThan.cbegin(); it != otherThan.cend(); ++it)
        if (it.value().contains(dtypes.value(it.key())))
            return false;
    // An array whose element type the lowering made concrete (unified with
    // an f32 tile, say) takes only that dtype.
    for (const TensorParam &t : tensors) {
        const bool generic = std::any_of(generics.cbegin(), generics.cend(),
                                         [&](const Generic &g) { return g.isType && g.name == t.element; });
        const QString given = dtypes.value(t.name);
        if (!t.element.isEmpty() && !generic && !given.isEmpty() && RustNames::elementType(given) != t.element)
            return false;
    }
    return true;
}

} // namespace tileport::rust
