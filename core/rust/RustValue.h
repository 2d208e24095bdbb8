// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <QList>
#include <QStringList>

namespace tileport::rust {

// What a lowered Python expression is on the Rust side: a device scalar
// (i32/f32 local), a tile with a static (possibly const-generic) shape, a
// Python literal not yet given a type, a tensor parameter, a dtype, or a
// tuple of those, or a cuTile enum member (expr is its qualified name,
// "cuda.tile.PaddingMode.ZERO"). `expr` is the Rust text that denotes the value.
struct RustValue {
    enum class Kind { Scalar, Tile, IntLiteral, FloatLiteral, BoolLiteral, Tensor, DType, Tuple, BlockId, Enum };
    Kind kind = Kind::Scalar;
    QString expr;
    QString dtype;     // Rust element type: "E", "f32", "i32", "bool", ...
    QStringList shape; // tile dims as Rust const expressions ("TILE_N", "1")
    double number = 0.0;
    qint64 integer = 0;
    QString param;     // Tensor: the parameter name; BlockId: unused
    int rank = 0;      // Tensor rank
    int axis = 0;      // BlockId: which grid axis
    QList<RustValue> items;

    bool isTile() const { return kind == Kind::Tile; }
    bool isLiteral() const
    {
        return kind == Kind::IntLiteral || kind == Kind::FloatLiteral || kind == Kind::BoolLiteral;
    }
    bool isScalarLike() const { return kind == Kind::Scalar || kind == Kind::BlockId || isLiteral(); }

    static QString tileType(const QString &dtype, const QStringList &shape)
    {
        return QStringLiteral("Tile<%1, { [%2] }>").arg(dtype, shape.join(QStringLiteral(", ")));
    }
    static QString shapeMacro(const QStringList &shape)
    {
        return QStringLiteral("shape![%1]").arg(shape.join(QStringLiteral(", ")));
    }
    QString typeText() const { return isTile() ? tileType(dtype, shape) : dtype; }
};

} // namespace tileport::rust
