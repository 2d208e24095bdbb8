// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <QString>

#include <cstdint>

namespace tileport::frontend {

// A compile-time Python value: int (64-bit), float or bool.
struct ConstantValue {
    enum class Type { Int, Float, Bool };
    Type type = Type::Int;
    int64_t i = 0;
    double f = 0.0;
    bool b = false;

    static ConstantValue ofInt(int64_t v) { ConstantValue c; c.type = Type::Int; c.i = v; return c; }
    static ConstantValue ofFloat(double v) { ConstantValue c; c.type = Type::Float; c.f = v; return c; }
    static ConstantValue ofBool(bool v) { ConstantValue c; c.type = Type::Bool; c.b = v; return c; }

    bool isNumber() const { return type != Type::Bool; }
    double asDouble() const { return type == Type::Float ? f : type == Type::Int ? double(i) : (b ? 1.0 : 0.0); }
    // Python truthiness.
    bool truthy() const { return type == Type::Float ? f != 0.0 : type == Type::Int ? i != 0 : b; }
    QString typeName() const { return type == Type::Int ? QStringLiteral("int") : type == Type::Float ? QStringLiteral("float") : QStringLiteral("bool"); }
    // Python's repr of the value ("True", "1e-05", "inf", "-inf", "nan").
    QString toString() const;
};

} // namespace tileport::frontend
