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
