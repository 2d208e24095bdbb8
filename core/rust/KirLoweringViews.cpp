// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// The methods of an array parameter into the kernel IR: get_raw_memory()
// and the RawArrayMemory offset accesses (pointer lanes off the array's
// base, as ct.gather's), tiled_view() and the TiledView's load, store and
// num_tiles (what ct.load, ct.store and ct.num_tiles lower to, with the
// view's tile shape and padding).
#include "KirLowering.h"

#include "KirNames.h"
#include "RustNames.h"
#include "SyntaxNode.h"

namespace tileport::rust {

using namespace tileport::frontend;

KirLowering::Value KirLowering::arrayMethod(TSNode c, const QString &name, ApiLowering family, const Value &self)
{
    const QString what = QStringLiteral(".%1()").arg(name);
    const auto need = [&](Value::Kind kind, const char *receiver) {
        if (self.kind != kind)
            fail(c, what, QStringLiteral("needs %1 receiver").arg(QLatin1String(receiver)));
    };
    switch (family) {
    case ApiLowering::RawMemory: {
        need(Value::Kind::Tensor, "an array parameter as");
        if (m_blockOutputs.contains(self.name))
            fail(c, what, QStringLiteral("'%1' is a block output").arg(self.name));
        Value raw = self;
        raw.kind = Value::Kind::RawMemory;
        return raw;
    }
    case ApiLowering::RawOffset:
        need(Value::Kind::RawMemory, "a RawArrayMemory (array.get_raw_memory()) as");
        if (name == QLatin1String("load_offset"))
            return gather(c);
        if (name == QLatin1String("store_offset")) {
            scatter(c);
            return noValue();
        }
        return atomic(c, name);
    case ApiLowering::TiledView:
        need(Value::Kind::Tensor, "an array parameter as");
        return tiledView(c, self);
    case ApiLowering::ViewAccess:
        need(Value::Kind::View, "a TiledView (array.tiled_view(..)) as");
        return viewAccess(c, name, self);
    default:
        fail(c, what, QStringLiteral("is not a method of an array; '%1' is an array").arg(self.name));
    }
}

// array.tiled_view(tile_shape, padding_mode=, traversal_steps=): a name
// for the array, its tile shape and padding; nothing is emitted until a
// load or store (cuTile Python materializes the view there too).
KirLowering::Value KirLowering::tiledView(TSNode c, const Value &array)
{
    const QString what = QStringLiteral(".tiled_view()");
    auto tensor = llvm::cast<kir::TensorType>(array.ssa.getType());
    mlir::ArrayAttr shape = shapeArgument(argument(c, 1, "tile_shape"));
    if (shape.empty() && tensor.getRank() > 0) // `()`: one element per tile
        shape = m_b.getArrayAttr(llvm::SmallVector<mlir::Attribute>(tensor.getRank(), kir::literalDim(m_ctx, 1)));
    if (shape.size() != tensor.getRank())
        fail(c, what, QStringLiteral("the tile shape must have the array's rank %1").arg(tensor.getRank()));
    Value view = array;
    view.kind = Value::Kind::View;
    view.shape = shape;
    view.padding = QStringLiteral("None");
    if (const TSNode p = argument(c, 2, "padding_mode"); !node::isNull(p)) {
        const Value mode = expr(p);
        view.padding = RustNames::paddingMode(mode.kind == Value::Kind::Enum ? mode.name : QString());
        if (view.padding.isEmpty())
            fail(p, QStringLiteral(".tiled_view padding_mode"), QStringLiteral("'%1' is not a known mode").arg(m_src->text(p)));
    }
    if (const TSNode steps = argument(c, 3, "traversal_steps"); !node::isNull(steps) && m_src->text(steps) != QLatin1String("None")) {
        // Steps equal to the tile shape are the plain partition.
        if (shapeArgument(steps) != shape)
            fail(steps, QStringLiteral(".tiled_view traversal_steps"),
                 QStringLiteral("steps other than the tile shape need cutile's tileir::make_strided_view and "
                                "load_strided_view_tko (Tile IR 13.3), which the port does not emit"));
    }
    return view;
}

KirLowering::Value KirLowering::viewAccess(TSNode c, const QString &name, const Value &view)
{
    const QString what = QStringLiteral("TiledView.%1").arg(name);
    auto tensor = llvm::cast<kir::TensorType>(view.ssa.getType());
    if (name == QLatin1String("num_tiles")) {
        const Value axis = expr(argument(c, 1, "axis"));
        const qint64 rank = qint64(tensor.getRank());
        if (axis.kind != Value::Kind::Int || axis.integer < -rank || axis.integer >= rank)
            fail(c, what, QStringLiteral("the axis must be a literal in range"));
        Value out;
        out.ssa = kir::NumTilesOp::create(m_b, loc(), m_b.getI32Type(), view.ssa,
                                          m_b.getI32IntegerAttr(int32_t(axis.integer < 0 ? axis.integer + rank : axis.integer)), view.shape);
        return out;
    }
    const TSNode indexNode = argument(c, 1, "index");
    if (node::isNull(indexNode))
        fail(c, what, QStringLiteral("needs an index"));
    if (name == QLatin1String("load")) {
        MemoryOptions o = memoryOptions(c, QStringLiteral("ct.load"), tensor);
        o.padding = view.padding;
        return loadTile(c, what, view, indexArgument(indexNode), view.shape, o);
    }
    if (name == QLatin1String("store")) {
        const TSNode tileNode = argument(c, 2, "tile");
        if (node::isNull(tileNode))
            fail(c, what, QStringLiteral("needs a tile"));
        storeTile(c, what, view, indexArgument(indexNode), tileNode, memoryOptions(c, QStringLiteral("ct.store"), tensor), view.shape);
        return noValue();
    }
    // atomic_store_<mode>(index, update): the update broadcast to the tile
    // shape and cast to the array's dtype, reduced relaxed at device scope.
    const QString mode = name.mid(int(qstrlen("atomic_store_")));
    const TSNode updateNode = argument(c, 2, "update");
    if (node::isNull(updateNode))
        fail(c, what, QStringLiteral("needs an update tile"));
    const auto index = indexArgument(indexNode);
    if (index.size() != tensor.getRank())
        fail(indexNode, what, QStringLiteral("the index must have the array's rank %1").arg(tensor.getRank()));
    const Value u = expr(updateNode);
    if (!u.isTile())
        fail(updateNode, what, QStringLiteral("the update must be a tile"));
    auto ut = llvm::cast<kir::TileType>(u.ssa.getType());
    const mlir::Type arrayElement = tensor.getElementType();
    if (m_solver.isGeneric(m_solver.resolve(arrayElement)))
        unify(arrayElement, ut.getElementType(), updateNode, what);
    // cutile picks the atomic mode by element type: a dtype no use fixes
    // is the one the operation needs (f32 to add, i32 otherwise), as for
    // ct.atomic_*.
    if (m_solver.isGeneric(m_solver.resolve(arrayElement)))
        unify(arrayElement, mode == QLatin1String("add") ? mlir::Type(m_b.getF32Type()) : mlir::Type(m_b.getI32Type()), updateNode, what);
    const mlir::Type e = m_solver.resolve(arrayElement);
    const bool integer = isIntegerType(e) && !e.isInteger(1) && e.getIntOrFloatBitWidth() >= 32;
    const bool addable = integer || e.isF16() || e.isBF16() || e.isF32() || e.isF64();
    if (!m_solver.isGeneric(e) && !(mode == QLatin1String("add") ? addable : integer))
        fail(c, what, QStringLiteral("has no form for %1 elements (cuTile Python takes %2)")
                          .arg(rustElementName(e), mode == QLatin1String("add") ? QStringLiteral("32/64-bit ints and floats")
                                                                                 : QStringLiteral("32/64-bit ints")));
    mlir::Value update = u.ssa;
    if (m_solver.resolve(ut.getElementType()) != e && !m_solver.isGeneric(e)) {
        ut = ut.withElementType(e);
        update = kir::ConvertOp::create(m_b, loc(), ut, update);
    }
    const auto like = kir::TileType::get(m_ctx, view.shape, ut.getElementType());
    if (ut.getDims() != view.shape)
        update = broadcastTile(update, like, updateNode);
    kir::AtomicRedViewOp::create(m_b, loc(), m_b.getStringAttr(mode.toStdString()), update, view.ssa, index);
    return noValue();
}

} // namespace tileport::rust
