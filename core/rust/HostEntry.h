// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "EntrySignature.h"
#include "TranslationResult.h"

#include <QJsonObject>
#include <QList>
#include <QStringList>

namespace tileport::rust {

// One generated entry as the host side sees it: every runtime parameter in
// declaration order with its Rust type, read back from the entry's header
// lines (the signature records generics and ranks, not element types or the
// partition shape of a block output).
struct HostEntry {
    struct Param {
        QString name;
        bool tensor = false;
        QString element;        // tensors: "E", "E0", .. (a dtype generic) or a concrete type ("f32")
        int rank = 0;
        bool blockOutput = false;
        QStringList partition;  // block outputs: the tile shape, const generic names or integers
        QString scalarType;     // scalars: "f32" or "i32"
        QString strideOf;       // a stride parameter: its array (the host passes the tensor's stride)
        int strideAxis = -1;
    };
    EntrySignature signature;
    QString module;             // the #[cutile::module] holding the entry
    QList<Param> params;
    // Element-type tuples (one Rust type per type generic) the configs use
    // beyond the f32/f16/bf16 combinations every dispatch has: an int32
    // index array bound to a generic, say.
    QList<QStringList> extraDispatch;

    // The C symbol of the entry's host function.
    QString symbol() const { return QStringLiteral("tileport_") + signature.entry; }
    bool hasBlockOutput() const;
    int tensorIndex(const QString &name) const; // among tensor params, -1 if none
    QJsonObject toJson() const;

    // Reads the parameters of `kernel`; returns false and sets *error when a
    // header line does not have a form the host writer knows.
    static bool fromKernel(const TranslatedKernel &kernel, const QString &module, HostEntry *out, QString *error);
};

} // namespace tileport::rust
