// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <QJsonValue>
#include <QString>

#include <functional>
#include <optional>

namespace mlir {
class Attribute;
}

namespace tileport::rust {

// A const generic the port adds for a tile dim that is arithmetic on
// ct.Constant parameters (`TILE // 2`, `BM * BN`): stable Rust cannot write
// `{ [TILE / 2] }`, so the entry takes the value as one more generic and
// whoever launches computes it from the others. The expression is JSON, as
// tileport-crate.json carries it: a parameter's name, an integer, or
// [op, lhs, rhs] with op one of + - * // %.
namespace DerivedGeneric {

// Python's value of the expression; nullopt (and *error) when a parameter
// is unknown or a division is by zero.
std::optional<qint64> evaluate(const QJsonValue &expr, const std::function<std::optional<qint64>(const QString &)> &param,
                               QString *error);
// As Python writes it: `N * 2 // D`.
QString text(const QJsonValue &expr);
// A Rust identifier naming it: `N_mul_2_div_D`.
QString name(const QJsonValue &expr);
// The kernel IR's form of it (`kir.derived_generics`: StringAttr, integer
// attr or [op, lhs, rhs] ArrayAttr) as JSON.
QJsonValue fromAttr(const mlir::Attribute &expr);

} // namespace DerivedGeneric

} // namespace tileport::rust
