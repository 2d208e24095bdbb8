// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "HostEntry.h"

#include <QJsonArray>

namespace tileport::rust {

bool HostEntry::hasBlockOutput() const
{
    for (const Param &p : params)
        if (p.blockOutput)
            return true;
    return false;
}

int HostEntry::tensorIndex(const QString &name) const
{
    int i = 0;
    for (const Param &p : params) {
        if (!p.tensor)
            continue;
        if (p.name == name)
            return i;
        ++i;
    }
    return -1;
}

QJsonObject HostEntry::toJson() const
{
    QJsonArray ps;
    for (const Param &p : params) {
        QJsonObject o{{"name", p.name}, {"kind", p.tensor ? "tensor" : (p.strideOf.isEmpty() ? "scalar" : "stride")}};
        if (p.tensor) {
            o.insert(QStringLiteral("element"), p.element);
            o.insert(QStringLiteral("rank"), p.rank);
            o.insert(QStringLiteral("block_output"), p.blockOutput);
            if (p.blockOutput)
                o.insert(QStringLiteral("partition"), QJsonArray::fromStringList(p.partition));
        } else {
            o.insert(QStringLiteral("type"), p.scalarType);
            if (!p.strideOf.isEmpty())
                o.insert(QStringLiteral("stride_of"), QJsonObject{{"array", p.strideOf}, {"axis", p.strideAxis}});
        }
        ps.append(o);
    }
    QJsonObject o = signature.toJson();
    o.insert(QStringLiteral("symbol"), symbol());
    o.insert(QStringLiteral("module"), module);
    o.insert(QStringLiteral("params"), ps);
    return o;
}

bool HostEntry::fromSignature(const EntrySignature &signature, const QString &module, HostEntry *out, QString *error)
{
    if (signature.params.isEmpty() && (!signature.tensors.isEmpty() || !signature.runtimeFloatConstants.isEmpty())) {
        *error = QStringLiteral("entry %1: its signature lists no parameters (regenerate the crate)").arg(signature.entry);
        return false;
    }
    HostEntry e;
    e.signature = signature;
    e.module = module;
    e.params = signature.params;
    *out = e;
    return true;
}

} // namespace tileport::rust
