// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "HostEntry.h"

#include <QJsonArray>

namespace tileport::rust {

bool HostEntry::hasBlockOutput() const
{
    for (const Param &p : params())
        if (p.blockOutput)
            return true;
    return false;
}

QStringList HostEntry::dispatchedFamily()
{
    return {QStringLiteral("f32"), QStringLiteral("f16"), QStringLiteral("bf16")};
}

QList<QStringList> HostEntry::dispatch() const
{
    int typeGenerics = 0;
    for (const EntrySignature::Generic &g : signature.generics)
        typeGenerics += g.isType ? 1 : 0;
    QList<QStringList> out;
    if (typeGenerics == 0)
        return out;
    const QStringList family = dispatchedFamily();
    QList<int> pick(typeGenerics, 0);
    while (true) {
        QStringList types;
        for (int p : pick)
            types << family[p];
        out << types;
        int i = 0;
        while (i < pick.size() && ++pick[i] == family.size())
            pick[i++] = 0;
        if (i == pick.size())
            break;
    }
    for (const QStringList &types : extraDispatch)
        if (types.size() == typeGenerics && !out.contains(types))
            out << types;
    return out;
}

int HostEntry::tensorIndex(const QString &name) const
{
    int i = 0;
    for (const Param &p : params()) {
        if (!p.tensor)
            continue;
        if (p.name == name)
            return i;
        ++i;
    }
    return -1;
}

// The signature (with its typed params) plus where the host finds the entry.
QJsonObject HostEntry::toJson() const
{
    QJsonObject o = signature.toJson();
    o.insert(QStringLiteral("symbol"), symbol());
    o.insert(QStringLiteral("module"), module);
    QJsonArray tuples;
    for (const QStringList &t : dispatch())
        tuples.append(QJsonArray::fromStringList(t));
    if (!tuples.isEmpty())
        o.insert(QStringLiteral("dispatch"), tuples);
    return o;
}

bool HostEntry::fromSignature(const EntrySignature &signature, const QString &module, HostEntry *out, QString *error)
{
    if (signature.params.isEmpty() && (!signature.tensors.isEmpty() || !signature.runtimeFloatConstants.isEmpty())) {
        *error = QStringLiteral("entry %1: its signature lists no parameters (regenerate the crate)").arg(signature.entry);
        return false;
    }
    // A list of arrays reaches the kernel as a device table of each item's
    // base, shape and strides, which the host code does not build.
    for (const EntrySignature::Param &p : signature.params)
        if (p.list) {
            *error = QStringLiteral("entry %1: '%2' is a list of arrays; host code that builds its table of items is not generated")
                         .arg(signature.entry, p.name);
            return false;
        }
    HostEntry e;
    e.signature = signature;
    e.module = module;
    *out = e;
    return true;
}

} // namespace tileport::rust
