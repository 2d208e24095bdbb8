// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "DerivedGeneric.h"

#include <QJsonArray>

#include <mlir/IR/BuiltinAttributes.h>

namespace tileport::rust::DerivedGeneric {

namespace {

int precedence(const QString &op) { return op == QLatin1String("+") || op == QLatin1String("-") ? 1 : 2; }

QString word(const QString &op)
{
    return op == QLatin1String("+")    ? QStringLiteral("plus")
           : op == QLatin1String("-")  ? QStringLiteral("minus")
           : op == QLatin1String("*")  ? QStringLiteral("mul")
           : op == QLatin1String("//") ? QStringLiteral("div")
                                       : QStringLiteral("mod");
}

} // namespace

std::optional<qint64> evaluate(const QJsonValue &expr, const std::function<std::optional<qint64>(const QString &)> &param,
                               QString *error)
{
    if (expr.isString()) {
        const auto v = param(expr.toString());
        if (!v && error)
            *error = QStringLiteral("no int value for '%1'").arg(expr.toString());
        return v;
    }
    if (expr.isDouble())
        return qint64(expr.toDouble());
    const QJsonArray a = expr.toArray();
    if (a.size() != 3) {
        if (error)
            *error = QStringLiteral("malformed derived generic");
        return std::nullopt;
    }
    const auto x = evaluate(a[1], param, error), y = evaluate(a[2], param, error);
    if (!x || !y)
        return std::nullopt;
    const QString op = a[0].toString();
    if (op == QLatin1String("+"))
        return *x + *y;
    if (op == QLatin1String("-"))
        return *x - *y;
    if (op == QLatin1String("*"))
        return *x * *y;
    if ((op == QLatin1String("//") || op == QLatin1String("%")) && *y != 0) {
        // Python floors; C++ truncates toward zero.
        const qint64 q = *x / *y - ((*x % *y != 0) && ((*x < 0) != (*y < 0)) ? 1 : 0);
        return op == QLatin1String("//") ? q : *x - q * *y;
    }
    if (error)
        *error = op == QLatin1String("//") || op == QLatin1String("%") ? QStringLiteral("division by zero in %1").arg(text(expr))
                                                                        : QStringLiteral("unknown operator '%1'").arg(op);
    return std::nullopt;
}

QString text(const QJsonValue &expr)
{
    if (expr.isString())
        return expr.toString();
    if (expr.isDouble())
        return QString::number(qint64(expr.toDouble()));
    const QJsonArray a = expr.toArray();
    if (a.size() != 3)
        return QStringLiteral("?");
    const QString op = a[0].toString();
    const auto side = [&](const QJsonValue &v, bool right) {
        const QString t = text(v);
        if (!v.isArray())
            return t;
        const int inner = precedence(v.toArray()[0].toString());
        // Left-associative: a right operand of equal precedence keeps its parentheses.
        return inner < precedence(op) || (right && inner == precedence(op)) ? QStringLiteral("(%1)").arg(t) : t;
    };
    return QStringLiteral("%1 %2 %3").arg(side(a[1], false), op, side(a[2], true));
}

QString name(const QJsonValue &expr)
{
    if (expr.isDouble() && expr.toDouble() < 0)
        return QStringLiteral("neg%1").arg(-qint64(expr.toDouble()));
    if (!expr.isArray())
        return text(expr);
    const QJsonArray a = expr.toArray();
    if (a.size() != 3)
        return QStringLiteral("derived");
    return QStringLiteral("%1_%2_%3").arg(name(a[1]), word(a[0].toString()), name(a[2]));
}

QJsonValue fromAttr(const mlir::Attribute &expr)
{
    if (auto s = llvm::dyn_cast<mlir::StringAttr>(expr))
        return QString::fromStdString(s.getValue().str());
    if (auto i = llvm::dyn_cast<mlir::IntegerAttr>(expr))
        return double(i.getInt());
    QJsonArray out;
    if (auto a = llvm::dyn_cast<mlir::ArrayAttr>(expr))
        for (mlir::Attribute e : a)
            out.append(fromAttr(e));
    return out;
}

} // namespace tileport::rust::DerivedGeneric
