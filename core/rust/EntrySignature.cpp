// SPDX-License-Identifier: MIT
#include "EntrySignature.h"

#include <QJsonArray>

namespace tileport::rust {

QJsonObject EntrySignature::toJson() const
{
    QJsonArray gs, ts;
    for (const Generic &g : generics) {
        QJsonObject o{{"name", g.name}, {"kind", g.isType ? "dtype" : "const"}};
        if (g.isType)
            o.insert(QStringLiteral("dtype_of"), g.dtypeOf);
        else
            o.insert(QStringLiteral("param"), g.constParam);
        gs.append(o);
    }
    for (const TensorParam &t : tensors)
        ts.append(QJsonObject{{"name", t.name}, {"rank", t.rank}, {"block_output", t.blockOutput}});
    QJsonObject o{{"python_kernel", pythonKernel},
                  {"entry", entry},
                  {"generics", gs},
                  {"tensors", ts},
                  {"runtime_float_constants", QJsonArray::fromStringList(runtimeFloatConstants)}};
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
    return o;
}

bool EntrySignature::serves(const QHash<QString, QString> &dtypes) const
{
    for (auto it = fixedDtypes.cbegin(); it != fixedDtypes.cend(); ++it)
        if (dtypes.value(it.key()) != it.value())
            return false;
    for (auto it = otherThan.cbegin(); it != otherThan.cend(); ++it)
        if (it.value().contains(dtypes.value(it.key())))
            return false;
    return true;
}

} // namespace tileport::rust
