// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "SourceRange.h"

#include <QStringList>

namespace tileport::frontend {

// One kernel parameter, classified from its annotation and its uses.
struct KernelParam {
    enum class Kind { Unknown, Array, Scalar, Constant, List };

    QString name;
    int index = 0;
    Kind kind = Kind::Unknown;
    QString annotation;   // as written
    QString defaultValue; // as written
    // Array: rank (-1 unknown), fixed dtype when usage pins it, else the
    // dtype variable it shares with other arrays ("T0", "T1", ...).
    int rank = -1;
    int minRank = 0;
    QString dtype;        // cuTile dtype name ("float16") when fixed; scalars: "int32", "float32", "bool", or empty
    QString dtypeVar;
    bool loaded = false;  // read through load/gather/...
    bool stored = false;  // written through store/scatter/atomics
    bool shapeRead = false;
    bool stridesRead = false;
    // Constant: "int", "float", "bool" or empty when the annotation gives no type.
    QString constantType;
    QStringList evidence; // "line:col: why" for each fact the kind/rank/dtype rests on
    SourceRange range;

    static QString kindName(Kind k)
    {
        switch (k) {
        case Kind::Array: return QStringLiteral("array");
        case Kind::Scalar: return QStringLiteral("scalar");
        case Kind::Constant: return QStringLiteral("constant");
        case Kind::List: return QStringLiteral("list");
        case Kind::Unknown: break;
        }
        return QStringLiteral("unknown");
    }
};

} // namespace tileport::frontend
