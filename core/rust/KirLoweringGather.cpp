// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// ct.gather / ct.scatter into the kernel IR, built as cuTile Python builds
// every one of them (never through a view): each axis's index widened to
// u64 (signed, so the unsigned bounds compare also rejects negatives) and
// brought to the common index shape; with bounds checks `index < shape`
// per axis in the mask; the offset the sum of index times stride; a mask=
// and-ed in after the bounds. kir.load_ptr / kir.store_ptr then read or
// write the array's base plus those offsets.
//
// Strides: the last axis's is 1 on both sides (a launch precondition the
// entry declares, unit_last_stride); each other axis's is an i32 parameter
// right after the array (cutile's tensor metadata keeps only the strides
// that are not 1, so no fixed position in it names an axis's).
#include "KirLowering.h"

#include "KirNames.h"
#include "RustNames.h"
#include "SyntaxNode.h"

#include <cmath>

namespace tileport::rust {

using namespace tileport::frontend;

// The array a gather or scatter reads or writes: a parameter that is not
// a block output (those are written whole, through their partition).
KirLowering::Value KirLowering::laneArray(TSNode c, const QString &what)
{
    const TSNode arrayNode = argument(c, 0, "array");
    const Value t = expr(arrayNode);
    if (t.kind != Value::Kind::Tensor && t.kind != Value::Kind::RawMemory)
        fail(arrayNode, what, QStringLiteral("expected an array parameter"));
    if (m_blockOutputs.contains(t.name))
        fail(c, what, QStringLiteral("'%1' is a block output").arg(t.name));
    return t;
}

KirLowering::Lanes KirLowering::laneAccess(TSNode c, const QString &what, const Value &t)
{
    if (t.kind == Value::Kind::RawMemory)
        return rawLanes(c, what);
    auto tensor = llvm::cast<kir::TensorType>(t.ssa.getType());
    const TSNode indexNode = node::unparen(argument(c, 1, "indices"));
    if (node::isNull(indexNode))
        fail(c, what, QStringLiteral("needs indices"));
    QList<TSNode> items;
    if (node::is(indexNode, "tuple"))
        for (TSNode i : node::children(indexNode))
            items << i;
    else
        items << indexNode;
    if (unsigned(items.size()) != tensor.getRank())
        fail(indexNode, what, QStringLiteral("%1 indices for an array of rank %2").arg(items.size()).arg(tensor.getRank()));
    Lanes g;
    g.dims = m_b.getArrayAttr({});
    for (TSNode item : items) {
        Value v = expr(item);
        if (v.kind == Value::Kind::Int) {
            v.kind = Value::Kind::Ssa;
            v.ssa = kir::ConstantOp::create(m_b, loc(), m_b.getI32Type(), m_b.getI64IntegerAttr(v.integer));
        }
        if (!v.isTile() && !v.isScalar())
            fail(item, what, QStringLiteral("an index must be an integer scalar or tile"));
        const mlir::Type e = m_solver.resolve(kir::elementTypeOf(v.ssa.getType()));
        if (m_solver.isGeneric(e)) // int32 here; an int64 entry is asked for too
            offerInt64(e, m_b.getI32Type(), item);
        if (llvm::isa<kir::VarType>(e))
            unify(e, m_b.getI32Type(), item, what);
        else if (!e.isSignlessInteger(32) && !e.isSignlessInteger(64))
            fail(item, what, QStringLiteral("the index must be int32 or int64, not %1").arg(rustElementName(e)));
        if (v.isTile())
            g.dims = broadcastDims(g.dims, llvm::cast<kir::TileType>(v.ssa.getType()).getDims(), item);
        g.index << v;
        g.indexAt << item;
    }
    laneKeywords(c, what, g);
    return g;
}

// RawArrayMemory's methods (`mem.load_offset(offset, ..)`): the lanes are
// the offset's, each an element offset from the array's base, widened to
// u64 as cuTile Python widens it; no bounds, only mask=.
KirLowering::Lanes KirLowering::rawLanes(TSNode c, const QString &what)
{
    const TSNode offsetNode = argument(c, 1, "offset");
    if (node::isNull(offsetNode))
        fail(c, what, QStringLiteral("needs an offset"));
    Value v = expr(offsetNode);
    if (v.kind == Value::Kind::Int) {
        v.kind = Value::Kind::Ssa;
        v.ssa = kir::ConstantOp::create(m_b, loc(), m_b.getI32Type(), m_b.getI64IntegerAttr(v.integer));
    }
    if (!v.isTile() && !v.isScalar())
        fail(offsetNode, what, QStringLiteral("the offset must be an integer scalar or tile"));
    const mlir::Type e = m_solver.resolve(kir::elementTypeOf(v.ssa.getType()));
    if (llvm::isa<kir::VarType>(e))
        unify(e, m_b.getI32Type(), offsetNode, what);
    else if (!isIntegerType(e) || e.isInteger(1))
        fail(offsetNode, what, QStringLiteral("the offset must be of an integer dtype, not %1").arg(rustElementName(e)));
    Lanes g;
    g.checkBounds = false;
    g.dims = v.isTile() ? llvm::cast<kir::TileType>(v.ssa.getType()).getDims() : m_b.getArrayAttr({});
    mlir::Value narrow = v.ssa;
    if (!v.isTile())
        narrow = kir::ScalarToTileOp::create(m_b, loc(), kir::TileType::get(m_ctx, m_b.getArrayAttr({}), v.ssa.getType()), v.ssa);
    const mlir::Type u64 = mlir::IntegerType::get(m_ctx, 64, mlir::IntegerType::Unsigned);
    g.rawOffset = kir::ConvertOp::create(m_b, loc(), llvm::cast<kir::TileType>(narrow.getType()).withElementType(u64), narrow);
    laneKeywords(c, what, g);
    return g;
}

// The keyword options of a lane access: mask=, padding_value= (loads),
// latency=, check_bounds= (index forms); an atomic's own are read there.
void KirLowering::laneKeywords(TSNode c, const QString &what, Lanes &g)
{
    const bool load = what == QLatin1String("ct.gather") || what == QLatin1String(".load_offset");
    const bool atomic = what.contains(QLatin1String("atomic_"));
    for (TSNode a : node::children(node::field(c, "arguments"))) {
        if (!node::is(a, "keyword_argument"))
            continue;
        const QString k = m_src->text(node::field(a, "name"));
        const TSNode value = node::field(a, "value");
        if (k == QLatin1String("latency")) {
            const Value v = expr(value);
            if (v.kind != Value::Kind::Int)
                fail(a, what, QStringLiteral("latency must be a literal int"));
            g.latency = int(v.integer);
        } else if (k == QLatin1String("check_bounds") && !g.rawOffset) {
            // Only a literal False drops the bounds: a check a config
            // decides keeps them, which reads the same in bounds.
            const Value v = expr(value);
            g.checkBounds = !v.isLiteral() || v.number != 0.0 || v.integer != 0;
        } else if (k == QLatin1String("mask")) {
            if (m_src->text(value) == QLatin1String("None"))
                continue;
            g.mask = expr(value);
            g.maskAt = value;
            if (g.mask.isScalar()) // a scalar condition masks every lane (a rank-0 tile, broadcast)
                g.mask.ssa = kir::ScalarToTileOp::create(m_b, loc(), kir::TileType::get(m_ctx, m_b.getArrayAttr({}), g.mask.ssa.getType()),
                                                         g.mask.ssa);
            if (!g.mask.isTile() || !m_solver.resolve(kir::elementTypeOf(g.mask.ssa.getType())).isInteger(1))
                fail(value, what, QStringLiteral("mask= must be a bool tile"));
            g.dims = broadcastDims(g.dims, llvm::cast<kir::TileType>(g.mask.ssa.getType()).getDims(), value);
        } else if (k == QLatin1String("padding_value") && load) {
            if (m_src->text(value) == QLatin1String("None"))
                continue;
            g.padding = expr(value);
            g.paddingAt = value;
            if (!g.padding.isLiteral())
                fail(a, what, QStringLiteral("padding_value must be a literal"));
        } else if (atomic
                   && (k == QLatin1String("update") || k == QLatin1String("memory_order") || k == QLatin1String("memory_scope")
                       || k == QLatin1String("expected") || k == QLatin1String("desired"))) {
            continue; // read by atomic()
        } else if (k != QLatin1String("array") && k != QLatin1String("indices") && k != QLatin1String("value")
                   && k != QLatin1String("offset")) {
            fail(a, what, QStringLiteral("option '%1' is not lowered").arg(k));
        }
    }
}

// The i32 parameter holding axis `axis`'s stride of the array `t`, added
// to the entry right after the array (and its earlier axes' strides).
mlir::Value KirLowering::strideParam(const Value &t, unsigned axis, TSNode at)
{
    const QString name = QStringLiteral("%1_stride%2").arg(t.name).arg(axis);
    if (m_strides.contains(name))
        return m_strides.value(name);
    if (m_vars.contains(name) && !m_strides.contains(name))
        fail(at, QStringLiteral("ct.gather"), QStringLiteral("'%1' names the stride parameter of '%2'").arg(name, t.name));
    auto array = llvm::cast<mlir::BlockArgument>(t.ssa);
    auto entry = llvm::cast<kir::EntryOp>(array.getOwner()->getParentOp());
    unsigned pos = array.getArgNumber() + 1;
    while (pos < entry.getNumArguments() && entry.getArgAttr(pos, "kir.stride_of"))
        ++pos;
    llvm::SmallVector<mlir::Attribute> attrs(entry.getArgAttrsAttr().begin(), entry.getArgAttrsAttr().end());
    attrs.insert(attrs.begin() + pos,
                 m_b.getDictionaryAttr({m_b.getNamedAttr("kir.name", m_b.getStringAttr(name.toStdString())),
                                        m_b.getNamedAttr("kir.stride_of", m_b.getStringAttr(t.name.toStdString())),
                                        m_b.getNamedAttr("kir.stride_axis", m_b.getI32IntegerAttr(int32_t(axis)))}));
    entry.setArgAttrsAttr(m_b.getArrayAttr(attrs));
    const mlir::Value stride = entry.getBody().front().insertArgument(pos, m_b.getI32Type(), entry.getLoc());
    llvm::SmallVector<mlir::Type> inputs(entry.getFunctionType().getInputs());
    inputs.insert(inputs.begin() + pos, m_b.getI32Type());
    entry.setFunctionTypeAttr(mlir::TypeAttr::get(m_b.getFunctionType(inputs, {})));
    m_strides.insert(name, stride);
    return stride;
}

// The u64 element offsets of the lanes, and in *mask the bounds and mask=
// (null where neither applies).
mlir::Value KirLowering::laneOffsets(const Value &t, const Lanes &g, TSNode at, mlir::Value *mask)
{
    if (g.rawOffset) {
        const auto bools = kir::TileType::get(m_ctx, g.dims, m_b.getI1Type());
        *mask = g.mask.kind == Value::Kind::Ssa && g.mask.ssa ? broadcastTile(g.mask.ssa, bools, g.maskAt) : mlir::Value();
        return g.rawOffset;
    }
    auto tensor = llvm::cast<kir::TensorType>(t.ssa.getType());
    const mlir::Type u64 = mlir::IntegerType::get(m_ctx, 64, mlir::IntegerType::Unsigned);
    const auto like = kir::TileType::get(m_ctx, g.dims, u64);
    const auto bools = kir::TileType::get(m_ctx, g.dims, m_b.getI1Type());
    // An int32 index widens (sign-extended), an int64 one is relabelled.
    const auto wide = [&](mlir::Value v) {
        mlir::Value narrow = v;
        if (!llvm::isa<kir::TileType>(v.getType()))
            narrow = kir::ScalarToTileOp::create(m_b, loc(), kir::TileType::get(m_ctx, m_b.getArrayAttr({}), v.getType()), v);
        auto nt = llvm::cast<kir::TileType>(narrow.getType());
        const mlir::Value w = kir::ConvertOp::create(m_b, loc(), nt.withElementType(u64), narrow);
        return broadcastTile(w, like, at);
    };
    mlir::Value offset, bounds;
    auto array = llvm::cast<mlir::BlockArgument>(t.ssa);
    auto entry = llvm::cast<kir::EntryOp>(array.getOwner()->getParentOp());
    entry.setArgAttr(array.getArgNumber(), "kir.unit_last_stride", m_b.getUnitAttr());
    for (unsigned axis = 0; axis < tensor.getRank(); ++axis) {
        const mlir::Value w = wide(g.index[int(axis)].ssa);
        if (g.checkBounds) {
            const mlir::Value n = wide(kir::DimOp::create(m_b, loc(), m_b.getI32Type(), t.ssa, m_b.getI32IntegerAttr(int32_t(axis))));
            const mlir::Value inside = kir::CmpOp::create(m_b, loc(), bools, m_b.getStringAttr("lt"), w, n);
            bounds = bounds ? mlir::Value(kir::AndOp::create(m_b, loc(), bools, bounds, inside)) : inside;
        }
        mlir::Value delta;
        if (axis + 1 == tensor.getRank()) {
            // The constant 1 stride: Python still multiplies by it.
            const mlir::Value one = kir::ConstantOp::create(m_b, loc(), like, m_b.getI64IntegerAttr(1));
            delta = kir::MulOp::create(m_b, loc(), like, w, one);
        } else {
            delta = kir::MulOp::create(m_b, loc(), like, w, wide(strideParam(t, axis, at)));
        }
        offset = offset ? mlir::Value(kir::AddOp::create(m_b, loc(), like, offset, delta)) : delta;
    }
    if (g.mask.kind == Value::Kind::Ssa && g.mask.ssa) {
        const mlir::Value custom = broadcastTile(g.mask.ssa, bools, g.maskAt);
        bounds = bounds ? mlir::Value(kir::AndOp::create(m_b, loc(), bools, bounds, custom)) : custom;
    }
    *mask = bounds;
    return offset;
}

KirLowering::Value KirLowering::gather(TSNode c)
{
    const QString what = !node::isNull(m_methodCall) && ts_node_eq(m_methodCall, c) ? QStringLiteral(".load_offset") : QStringLiteral("ct.gather");
    const Value t = laneArray(c, what);
    const Lanes g = laneAccess(c, what, t);
    mlir::Value mask;
    const mlir::Value offset = laneOffsets(t, g, c, &mask);
    // Masked-off lanes read the padding (Python's default 0). cutile takes
    // a scalar padding only through a rank-1 reshape, and folds an infinite
    // or NaN one only as a constant's value: a result of rank 2 or more and
    // such a padding load unpadded and select the padding tile instead.
    const Value pad = g.padding.isLiteral() ? g.padding : literalInt(0);
    const mlir::Type e = m_solver.resolve(llvm::cast<kir::TensorType>(t.ssa.getType()).getElementType());
    const bool zero = pad.number == 0.0 && !std::signbit(pad.number);
    if (!zero && !(isFloatType(e) || m_solver.isGeneric(e)))
        fail(g.paddingAt, what, QStringLiteral("a non-zero padding needs a float array"));
    const bool selected = mask && (g.dims.size() > 1 || std::isinf(pad.number) || std::isnan(pad.number));
    mlir::FloatAttr padding;
    bool convert = false;
    if (mask && !selected) {
        padding = m_b.getF64FloatAttr(pad.number);
        // An f32/f64 array (or a zero of an integer one) takes the literal
        // as it is; a generic or half element type an f32 literal converted.
        convert = !(e.isF32() || e.isF64() || (zero && isIntegerType(e)));
    }
    const auto type = kir::TileType::get(m_ctx, g.dims, llvm::cast<kir::TensorType>(t.ssa.getType()).getElementType());
    Value out;
    out.ssa = kir::LoadPtrOp::create(m_b, loc(), type, t.ssa, offset, mask, m_b.getI32IntegerAttr(g.latency), padding,
                                     convert ? m_b.getUnitAttr() : mlir::UnitAttr());
    if (selected)
        out.ssa = kir::SelectOp::create(m_b, loc(), type, mask, out.ssa, toTile(pad, type, g.padding.isLiteral() ? g.paddingAt : c));
    return out;
}

void KirLowering::scatter(TSNode c)
{
    const QString what = !node::isNull(m_methodCall) && ts_node_eq(m_methodCall, c) ? QStringLiteral(".store_offset") : QStringLiteral("ct.scatter");
    const Value t = laneArray(c, what);
    const Lanes g = laneAccess(c, what, t);
    const TSNode valueNode = argument(c, 2, "value");
    if (node::isNull(valueNode))
        fail(c, what, QStringLiteral("needs a value"));
    const Value v = expr(valueNode);
    const mlir::Type e = llvm::cast<kir::TensorType>(t.ssa.getType()).getElementType();
    const auto like = kir::TileType::get(m_ctx, g.dims, e);
    if (v.isTile()) {
        // The value must broadcast to the index shape.
        if (broadcastDims(llvm::cast<kir::TileType>(v.ssa.getType()).getDims(), g.dims, valueNode) != g.dims)
            fail(valueNode, what, QStringLiteral("the value does not broadcast to the index shape"));
        unify(kir::elementTypeOf(v.ssa.getType()), e, valueNode, what);
    }
    const mlir::Value value = toTile(v, like, valueNode);
    mlir::Value mask;
    const mlir::Value offset = laneOffsets(t, g, c, &mask);
    kir::StorePtrOp::create(m_b, loc(), value, t.ssa, offset, mask, m_b.getI32IntegerAttr(g.latency));
}

KirLowering::Value KirLowering::atomic(TSNode c, const QString &name)
{
    // ct.atomic_add(array, indices, ..) or mem.atomic_add_offset(offset, ..):
    // the same arguments after the array or the raw memory.
    const bool raw = name.endsWith(QLatin1String("_offset"));
    const QString what = raw ? QLatin1Char('.') + name : QStringLiteral("ct.") + name;
    const QString mode = name.mid(int(qstrlen("atomic_"))).remove(QLatin1String("_offset"));
    const Value t = laneArray(c, what);
    const Lanes g = laneAccess(c, what, t);
    // ct.atomic_cas(array, indices, expected, desired): the desired value
    // is the update, the expected one compared to the same type.
    const bool cas = mode == QLatin1String("cas");
    const TSNode expectedNode = cas ? argument(c, 2, "expected") : TSNode{};
    const TSNode valueNode = cas ? argument(c, 3, "desired") : argument(c, 2, "update");
    if (node::isNull(valueNode) || (cas && node::isNull(expectedNode)))
        fail(c, what, cas ? QStringLiteral("needs the expected and the desired values") : QStringLiteral("needs an update"));
    const Value expected = cas ? expr(expectedNode) : Value{};
    const Value v = expr(valueNode);
    const mlir::Type arrayElement = llvm::cast<kir::TensorType>(t.ssa.getType()).getElementType();
    // An array of a generic dtype takes the update's, or the kind of value
    // the operation needs: cutile picks the atomic mode by element type.
    if (m_solver.isGeneric(m_solver.resolve(arrayElement))) {
        const bool integerOnly = mode != QLatin1String("add") && mode != QLatin1String("xchg") && !cas;
        if (v.isTile() && !m_solver.isGeneric(m_solver.resolve(kir::elementTypeOf(v.ssa.getType()))))
            unify(arrayElement, m_solver.resolve(kir::elementTypeOf(v.ssa.getType())), valueNode, what);
        else if (v.kind == Value::Kind::Int || integerOnly)
            unify(arrayElement, m_b.getI32Type(), valueNode, what);
        else if (v.kind == Value::Kind::Float || mode == QLatin1String("add"))
            unify(arrayElement, m_b.getF32Type(), valueNode, what);
    }
    const mlir::Type e = m_solver.resolve(arrayElement);
    if (mode != QLatin1String("add") && mode != QLatin1String("xchg") && !cas && !isIntegerType(e) && !m_solver.isGeneric(e))
        fail(c, what, QStringLiteral("needs an integer array"));
    const auto like = kir::TileType::get(m_ctx, g.dims, e);
    // An update (or cas's expected value) brought to the lanes: a tile cast
    // to the array's dtype as Python casts it, a scalar or literal as usual.
    const auto operand = [&](const Value &x, TSNode at) -> mlir::Value {
        if (!x.isTile())
            return toTile(x, like, at);
        auto vt = llvm::cast<kir::TileType>(x.ssa.getType());
        if (broadcastDims(vt.getDims(), g.dims, at) != g.dims)
            fail(at, what, QStringLiteral("the update does not broadcast to the index shape"));
        Value converted = x;
        const mlir::Type ve = m_solver.resolve(vt.getElementType());
        if (ve != e && !m_solver.isGeneric(ve) && !m_solver.isGeneric(e))
            converted.ssa = kir::ConvertOp::create(m_b, loc(), vt.withElementType(e), x.ssa);
        else
            unify(vt.getElementType(), arrayElement, at, what);
        return toTile(converted, like, at);
    };
    const mlir::Value expectedValue = cas ? operand(expected, expectedNode) : mlir::Value();
    const mlir::Value value = operand(v, valueNode);
    QString ordering = QStringLiteral("AcqRel"), scope = QStringLiteral("Device"); // cuTile Python's defaults
    for (TSNode a : node::children(node::field(c, "arguments"))) {
        if (!node::is(a, "keyword_argument"))
            continue;
        const QString k = m_src->text(node::field(a, "name"));
        if (k != QLatin1String("memory_order") && k != QLatin1String("memory_scope"))
            continue;
        const Value o = expr(node::field(a, "value"));
        const QString item = o.kind == Value::Kind::Enum ? o.name.section(QLatin1Char('.'), -1) : QString();
        const QString marker = k == QLatin1String("memory_order") ? RustNames::memoryOrder(item) : RustNames::memoryScope(item);
        if (marker.isEmpty())
            fail(a, what, QStringLiteral("%1 '%2' is not lowered").arg(k, m_src->text(node::field(a, "value"))));
        (k == QLatin1String("memory_order") ? ordering : scope) = marker;
    }
    mlir::Value mask;
    const mlir::Value offset = laneOffsets(t, g, c, &mask);
    Value out;
    if (cas)
        out.ssa = kir::AtomicCasOp::create(m_b, loc(), like, expectedValue, value, t.ssa, offset, mask, m_b.getStringAttr(ordering.toStdString()),
                                           m_b.getStringAttr(scope.toStdString()));
    else
        out.ssa = kir::AtomicRmwOp::create(m_b, loc(), like, m_b.getStringAttr(mode.toStdString()), value, t.ssa, offset, mask,
                                           m_b.getStringAttr(ordering.toStdString()), m_b.getStringAttr(scope.toStdString()));
    return out;
}

} // namespace tileport::rust
