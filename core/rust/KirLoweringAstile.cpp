// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// ct.astile(value, dtype=) into the kernel IR, built as cuTile Python
// builds it: a scalar is converted to a rank-0 tile (ct.astype's
// lowering); a (nested) tuple of literals is one constant tile (cutile's
// constant splats one value, so the literals must agree); any other tuple
// has each item converted, reshaped to [1] and concatenated pairwise, and
// the result reshaped to the nesting's shape.
#include "KirLowering.h"

#include "KirNames.h"
#include "SyntaxNode.h"

#include <functional>

namespace tileport::rust {

using namespace tileport::frontend;

KirLowering::Value KirLowering::astile(TSNode c)
{
    const QString what = QStringLiteral("ct.astile");
    const TSNode valueNode = argument(c, 0, "value");
    const TSNode dtypeNode = argument(c, 1, "dtype");
    if (node::isNull(valueNode) || node::isNull(dtypeNode))
        fail(c, what, QStringLiteral("needs a value and dtype="));
    const Value v = expr(valueNode);
    const mlir::Type to = dtypeArgument(dtypeNode);
    const auto rank0 = kir::TileType::get(m_ctx, m_b.getArrayAttr({}), to);
    // One scalar (a literal, a scalar or a rank-0 tile) as a rank-0 tile of `to`.
    const auto element = [&](const Value &x, TSNode at) -> mlir::Value {
        if (x.isLiteral())
            return toTile(x, rank0, at);
        Value t = x;
        if (x.isScalar())
            t = scalarAsRank0(x, at, what);
        if (!t.isTile() || llvm::cast<kir::TileType>(t.ssa.getType()).getRank() != 0)
            fail(at, what, QStringLiteral("expected a scalar or a (nested) tuple of scalars"));
        auto tt = llvm::cast<kir::TileType>(t.ssa.getType());
        if (m_solver.resolve(tt.getElementType()) == m_solver.resolve(to))
            return t.ssa;
        return kir::ConvertOp::create(m_b, loc(), tt.withElementType(to), t.ssa);
    };
    if (v.kind != Value::Kind::Tuple) {
        Value out;
        out.ssa = element(v, valueNode);
        return out;
    }
    // The nesting's shape and its items in order; false where sibling
    // tuples differ in length.
    QList<qint64> shape;
    QList<Value> items;
    std::function<bool(const Value &, int)> flatten = [&](const Value &x, int depth) {
        if (x.kind != Value::Kind::Tuple) {
            items.append(x);
            return depth == shape.size();
        }
        if (depth == shape.size())
            shape.append(x.items.size());
        else if (depth > shape.size() || shape[depth] != x.items.size())
            return false;
        return std::all_of(x.items.cbegin(), x.items.cend(), [&](const Value &item) { return flatten(item, depth + 1); });
    };
    if (!flatten(v, 0))
        fail(valueNode, what, QStringLiteral("sibling tuples must have one length"));
    llvm::SmallVector<mlir::Attribute> dims;
    for (qint64 n : shape) {
        if (n <= 0 || (n & (n - 1)) != 0)
            fail(valueNode, what, QStringLiteral("every tuple's length must be a power of two, not %1").arg(n));
        dims.push_back(kir::literalDim(m_ctx, n));
    }
    const auto full = kir::TileType::get(m_ctx, m_b.getArrayAttr(dims), to);
    if (std::all_of(items.cbegin(), items.cend(), [](const Value &x) { return x.isLiteral(); })) {
        for (const Value &x : std::as_const(items))
            if (x.number != items.front().number || x.integer != items.front().integer)
                fail(valueNode, what,
                     QStringLiteral("a constant tile of differing values has no cutile form: its constant() splats one value"));
        Value out;
        out.ssa = toTile(items.front(), full, valueNode);
        return out;
    }
    // Every item converted first, then a pairwise concatenation of [1]
    // tiles, halves first, as cuTile Python builds it.
    llvm::SmallVector<mlir::Value> converted;
    for (const Value &x : std::as_const(items))
        converted.push_back(element(x, valueNode));
    std::function<mlir::Value(int, int)> catRange = [&](int from, int count) -> mlir::Value {
        if (count == 1)
            return kir::ReshapeOp::create(m_b, loc(), kir::TileType::get(m_ctx, m_b.getArrayAttr({kir::literalDim(m_ctx, 1)}), to),
                                          converted[size_t(from)]);
        const mlir::Value left = catRange(from, count / 2);
        const mlir::Value right = catRange(from + count / 2, count / 2);
        return kir::CatOp::create(m_b, loc(), kir::TileType::get(m_ctx, m_b.getArrayAttr({kir::literalDim(m_ctx, count)}), to), left, right,
                                  m_b.getI32IntegerAttr(0));
    };
    Value out;
    out.ssa = catRange(0, int(items.size()));
    if (shape.size() != 1)
        out.ssa = kir::ReshapeOp::create(m_b, loc(), full, out.ssa);
    return out;
}

} // namespace tileport::rust
