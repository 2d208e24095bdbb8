// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <QString>
#include <QStringList>

namespace tileport::triton {

// A parameter of a @triton.jit kernel as the front-end classifies it.
struct TritonParam {
    enum class Kind { Pointer, Scalar, Constexpr, Descriptor };
    QString name;
    Kind kind = Kind::Scalar;
    QString annotation;   // as written
    QString defaultValue; // as written
    QString scalarType;   // "int", "float" or "" (unknown) for scalars and constexprs
    bool consumed = false; // only used as a stride or mask bound: the cuTile view carries it
    bool flat = false;     // a pointer addressed through gathers: the cuTile array is the flat (1-D) tensor
    QString presenceOf;    // a flag the front-end adds: whether the launch gives this optional pointer
    QStringList strings;   // a string-valued tl.constexpr: the strings it is compared with, the cuTile int of each its index
    int line = 0, col = 0;

    static QString kindName(Kind k)
    {
        switch (k) {
        case Kind::Pointer: return QStringLiteral("pointer");
        case Kind::Scalar: return QStringLiteral("scalar");
        case Kind::Constexpr: return QStringLiteral("constexpr");
        case Kind::Descriptor: return QStringLiteral("descriptor");
        }
        return {};
    }
};

} // namespace tileport::triton
