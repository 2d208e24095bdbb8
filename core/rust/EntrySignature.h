// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QStringList>

#include <optional>

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
        QJsonValue derived;    // or a tile dim computed from them (DerivedGeneric)
        bool isDerived() const { return derived.isString() || derived.isDouble() || derived.isArray(); }
    };
    struct TensorParam {
        QString name;
        int rank = 0;
        bool blockOutput = false; // &mut Tensor partition written at the block index
        QString element;          // its Rust element type: concrete ("f32") or a generic's name ("E0")
        // A gather/scatter offsets its last axis by the constant stride 1,
        // as cuTile Python does for a unit last stride: the launch must give
        // that (or a last axis of size 1, whose stride offsets nothing).
        bool unitLastStride = false;
    };
    // The strides of a gathered array's other axes, which the entry takes
    // as i32 parameters after the array (cutile's tensor metadata holds
    // only the strides that are not 1, so no fixed position names one):
    // the host passes the tensor's own strides, the harness their hints.
    struct StrideParam {
        QString tensor;
        int axis = 0;
        QString name; // the Rust parameter
    };
    QList<StrideParam> strideParams;
    // Every runtime parameter of the entry in declaration order, as the
    // lowering typed it: the contract the host code, the harness and the
    // bundle read (tileport-crate.json "params"), never the printed header.
    struct Param {
        QString name;
        bool tensor = false;
        // A list of arrays: the entry takes `NAME: *mut i64` (a table of
        // each item's base, shape and strides as i64 words) and `NAME_len: i32`.
        bool list = false;
        QString element;        // tensors and lists: "E", "E0", .. (a dtype generic) or a concrete type ("f32")
        int rank = 0;
        bool blockOutput = false;
        QStringList partition;  // block outputs: the tile shape, const generic names or integers
        QString scalarType;     // scalars: "f32", "i32", ...
        QString strideOf;       // a stride parameter: its array (the host passes the tensor's stride)
        int strideAxis = -1;
    };
    QList<Param> params;
    QString pythonKernel;
    QString entry;
    QList<Generic> generics;
    QList<TensorParam> tensors;
    QStringList runtimeFloatConstants; // ct.Constant[float] passed as f32 scalars
    bool storesComputeType = false;    // an array typed tf32: the entry serves no config
    // The oldest GPU target that compiles the entry: "sm_100" when it uses
    // an op of that generation (ct.mma_scaled), else sm_90. The IR harness
    // compiles for it.
    QString minTarget = QStringLiteral("sm_90");
    // A kernel that tests an array's dtype (`A.dtype == ct.float32`) gets one
    // entry per tested dtype, with that array's element type fixed, and a
    // generic entry for every other dtype.
    QHash<QString, QString> fixedDtypes;   // array parameter -> Python dtype name of this entry
    QHash<QString, QStringList> otherThan; // generic entry: array -> dtypes served by other entries

    // A kernel whose ct.Constant-driven `if` gives its arms different tile
    // types gets one entry per arm, the condition decided while lowering.
    struct ConstChoice {
        QString condition; // Python text over ct.Constant parameters
        bool value = false;
    };
    QList<ConstChoice> constChoices;

    // Whether this entry serves a config whose arrays have these dtypes
    // (array parameter -> Python dtype name, "float16") and whose constants
    // have these values (absent constants decide nothing).
    bool serves(const QHash<QString, QString> &dtypes, const QJsonObject &constants = {}) const;

    QJsonObject toJson() const;
    // The inverse of toJson() (an entry of tileport-crate.json).
    static EntrySignature fromJson(const QJsonObject &o);
    static std::optional<bool> evaluateCondition(const QString &condition, const QJsonObject &constants);
};

} // namespace tileport::rust
