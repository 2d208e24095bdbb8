// SPDX-License-Identifier: MIT
#pragma once

#include <QJsonObject>
#include <QList>
#include <QStringList>

namespace tileport::rust {

// How to instantiate one generated entry: its generic parameters in
// declaration order (what KernelCompiler::generics() takes) and its tensor
// parameters with their ranks (what strides() takes). Written to the crate's
// tileport-crate.json so that harness arguments follow from a config.
struct EntrySignature {
    struct Generic {
        QString name;
        bool isType = false;   // an element type generic (E) ...
        QString dtypeOf;       // ... bound to this array parameter's dtype
        QString constParam;    // const generic: the Python ct.Constant parameter
    };
    struct TensorParam {
        QString name;
        int rank = 0;
        bool blockOutput = false; // &mut Tensor partition written at the block index
    };
    QString pythonKernel;
    QString entry;
    QList<Generic> generics;
    QList<TensorParam> tensors;
    QStringList runtimeFloatConstants; // ct.Constant[float] passed as f32 scalars
    bool rawTileIr = false;            // uses cutile::tileir ops (gather/scatter views)

    QJsonObject toJson() const;
};

} // namespace tileport::rust
