// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "EntrySignature.h"
#include "TranslationResult.h"

#include <QJsonObject>
#include <QList>
#include <QStringList>

namespace tileport::rust {

// One generated entry as the host side sees it: its signature (every
// runtime parameter in declaration order with its type, as the lowering
// recorded it in tileport-crate.json) and the module that holds it.
struct HostEntry {
    using Param = EntrySignature::Param;
    EntrySignature signature;
    QString module;             // the #[cutile::module] holding the entry
    // Element-type tuples (one Rust type per type generic) the configs use
    // beyond the f32/f16/bf16 combinations every dispatch has: an int32
    // index array bound to a generic, say.
    QList<QStringList> extraDispatch;

    // The C symbol of the entry's host function.
    QString symbol() const { return QStringLiteral("tileport_") + signature.entry; }
    const QList<Param> &params() const { return signature.params; }
    bool hasBlockOutput() const;
    // The element-type tuples (one Rust type per type generic, in order)
    // the host function dispatches: every combination of the f32/f16/bf16
    // family, then the configs' other tuples; empty when the entry has no
    // type generic. ffi.rs prints one arm per tuple and bundle.json lists
    // them ("dispatch"), so a caller can refuse a dtype before the call.
    QList<QStringList> dispatch() const;
    static QStringList dispatchedFamily(); // f32, f16, bf16
    int tensorIndex(const QString &name) const; // among tensor params, -1 if none
    QJsonObject toJson() const;

    // The entry an EntrySignature describes; false and *error when the
    // signature records no parameter list (a crate from an older TilePort).
    static bool fromSignature(const EntrySignature &signature, const QString &module, HostEntry *out, QString *error);
};

} // namespace tileport::rust
