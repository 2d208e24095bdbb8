// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// ct.load and ct.astype into the kernel IR, and the shape, index and dtype
// arguments cuTile calls take.
#include "KirLowering.h"

#include "DerivedGeneric.h"
#include "RustNames.h"
#include "SyntaxNode.h"

namespace tileport::rust {

using namespace tileport::frontend;

mlir::ArrayAttr KirLowering::shapeArgument(TSNode n, bool inferred)
{
    n = node::unparen(n);
    if (node::isNull(n))
        fail(m_function, QStringLiteral("tile shape"), QStringLiteral("missing"));
    llvm::SmallVector<mlir::Attribute> dims;
    // A tuple written out, or a tuple value (`t.shape`), or one dim.
    QList<QPair<Value, TSNode>> parts;
    if (node::is(n, "tuple")) {
        for (TSNode c : node::children(n))
            parts.append({expr(c), c});
    } else {
        const Value v = expr(n);
        if (v.kind == Value::Kind::Tuple)
            for (const Value &item : v.items)
                parts.append({item, n});
        else
            parts.append({v, n});
    }
    for (const auto &[v, c] : std::as_const(parts)) {
        if (v.isScalar()) {
            if (auto param = v.ssa.getDefiningOp<kir::ConstParamOp>()) { // a helper's parameter bound to one
                dims.push_back(kir::symbolDim(m_ctx, param.getParam().str()));
                continue;
            }
            if (const mlir::Attribute e = derivedExpr(v.ssa)) {
                dims.push_back(kir::symbolDim(m_ctx, derivedGeneric(e).toStdString()));
                continue;
            }
        }
        if (inferred && v.kind == Value::Kind::Int && v.integer == -1
            && std::none_of(dims.begin(), dims.end(), [&](mlir::Attribute d) { return d == kir::literalDim(m_ctx, -1); })) {
            dims.push_back(kir::literalDim(m_ctx, -1));
            continue;
        }
        if (v.kind != Value::Kind::Int || v.integer <= 0)
            fail(c, QStringLiteral("tile shape"),
                 QStringLiteral("a dimension must be a positive int known when compiling: a literal, an int "
                                "ct.Constant parameter, or arithmetic on them"));
        dims.push_back(kir::literalDim(m_ctx, v.integer));
    }
    if (dims.size() > 6)
        fail(n, QStringLiteral("tile shape"), QStringLiteral("rank above 6 (cuTile Rust's shapes stop at 6)"));
    return m_b.getArrayAttr(dims);
}

mlir::Attribute KirLowering::derivedExpr(mlir::Value v, int depth)
{
    if (depth > 16 || !v.getType().isSignlessInteger(32))
        return {};
    mlir::Operation *def = v.getDefiningOp();
    if (!def)
        return {};
    if (auto p = llvm::dyn_cast<kir::ConstParamOp>(def))
        return m_b.getStringAttr(p.getParam());
    if (auto c = llvm::dyn_cast<kir::ConstantOp>(def))
        if (auto i = llvm::dyn_cast<mlir::IntegerAttr>(c.getValue()))
            return m_b.getI64IntegerAttr(i.getInt());
    if (auto r = llvm::dyn_cast<kir::RebindOp>(def)) // a named local: `half = TILE // 2`
        return derivedExpr(r->getOperand(0), depth + 1);
    const auto binary = [&](llvm::StringRef op, mlir::Value a, mlir::Value b) -> mlir::Attribute {
        const mlir::Attribute x = derivedExpr(a, depth + 1), y = derivedExpr(b, depth + 1);
        if (!x || !y)
            return {};
        return m_b.getArrayAttr({m_b.getStringAttr(op), x, y});
    };
    if (llvm::isa<kir::AddOp>(def))
        return binary("+", def->getOperand(0), def->getOperand(1));
    if (llvm::isa<kir::SubOp>(def))
        return binary("-", def->getOperand(0), def->getOperand(1));
    if (llvm::isa<kir::MulOp>(def))
        return binary("*", def->getOperand(0), def->getOperand(1));
    // `//` of i32 scalars goes through rank-0 tiles (binaryValues).
    if (auto s = llvm::dyn_cast<kir::TileToScalarOp>(def))
        if (auto d = s->getOperand(0).getDefiningOp<kir::FloorDivOp>()) {
            auto a = d->getOperand(0).getDefiningOp<kir::ScalarToTileOp>(), b = d->getOperand(1).getDefiningOp<kir::ScalarToTileOp>();
            if (a && b)
                return binary("//", a->getOperand(0), b->getOperand(0));
        }
    return {};
}

mlir::Attribute KirLowering::dimExpr(mlir::Attribute dim) const
{
    if (auto s = llvm::dyn_cast<mlir::StringAttr>(dim))
        for (const auto &[name, e] : m_derived)
            if (name.toStdString() == s.getValue().str())
                return e;
    return dim;
}

mlir::Attribute KirLowering::quotientDim(mlir::ArrayAttr total, llvm::ArrayRef<mlir::Attribute> known, TSNode at)
{
    // Each side a monomial: an integer times generics (a derived one is a
    // symbol of its own).
    qint64 num = 1, den = 1;
    QStringList symbols;
    for (mlir::Attribute d : total) {
        if (auto i = llvm::dyn_cast<mlir::IntegerAttr>(d))
            num *= i.getInt();
        else
            symbols << QString::fromStdString(llvm::cast<mlir::StringAttr>(d).getValue().str());
    }
    for (mlir::Attribute d : known) {
        if (auto i = llvm::dyn_cast<mlir::IntegerAttr>(d)) {
            den *= i.getInt();
            continue;
        }
        const QString s = QString::fromStdString(llvm::cast<mlir::StringAttr>(d).getValue().str());
        if (!symbols.removeOne(s))
            fail(at, QStringLiteral("ct.reshape"), QStringLiteral("the -1 dim is not a whole quotient of the tile's dims by '%1'").arg(s));
    }
    if (den <= 0 || (symbols.isEmpty() && num % den != 0))
        fail(at, QStringLiteral("ct.reshape"), QStringLiteral("the -1 dim is not a whole quotient of the tile's dims"));
    // A whole coefficient stays one; else the generics' product floor-
    // divided by it, which Python's reshape checks divides evenly.
    const bool whole = num % den == 0;
    const qint64 coefficient = whole ? num / den : num;
    if (symbols.isEmpty())
        return kir::literalDim(m_ctx, coefficient);
    if (symbols.size() == 1 && coefficient == 1 && whole)
        return kir::symbolDim(m_ctx, symbols.front().toStdString());
    mlir::Attribute e = coefficient == 1 ? mlir::Attribute() : mlir::Attribute(m_b.getI64IntegerAttr(coefficient));
    for (const QString &s : symbols) {
        const mlir::Attribute f = dimExpr(kir::symbolDim(m_ctx, s.toStdString()));
        e = e ? mlir::Attribute(m_b.getArrayAttr({m_b.getStringAttr("*"), e, f})) : f;
    }
    if (!whole)
        e = m_b.getArrayAttr({m_b.getStringAttr("//"), e, m_b.getI64IntegerAttr(den)});
    return kir::symbolDim(m_ctx, derivedGeneric(e).toStdString());
}

QString KirLowering::derivedGeneric(mlir::Attribute expr)
{
    for (const auto &[name, e] : std::as_const(m_derived))
        if (e == expr)
            return name;
    const QJsonValue json = DerivedGeneric::fromAttr(expr);
    QString name = DerivedGeneric::name(json);
    if (!name.isEmpty() && name.front().isDigit())
        name.prepend(QLatin1Char('D')); // `4 * TILE`: a Rust identifier starts with a letter
    const QString base = name;
    for (int i = 2; m_constParams.contains(name) || std::any_of(m_derived.begin(), m_derived.end(), [&](const auto &d) { return d.first == name; }); ++i)
        name = QStringLiteral("%1_%2").arg(base).arg(i);
    m_derived.append({name, expr});
    return name;
}

llvm::SmallVector<mlir::Value> KirLowering::indexArgument(TSNode n)
{
    n = node::unparen(n);
    llvm::SmallVector<mlir::Value> out;
    if (!node::is(n, "tuple")) {
        // A tuple local (`idx = (ct.bid(0),)`) gives its items; anything
        // else is the 1-D form's single index.
        const Value v = expr(n);
        if (v.kind == Value::Kind::Tuple) {
            for (const Value &item : v.items)
                out.push_back(scalar(item, n));
            return out;
        }
        out.push_back(scalar(v, n));
        return out;
    }
    for (TSNode c : node::children(n))
        out.push_back(scalar(expr(c), c));
    return out;
}

mlir::Type KirLowering::dtypeArgument(TSNode n)
{
    const Value v = expr(n);
    if (v.kind != Value::Kind::DType || !v.dtype)
        fail(n, QStringLiteral("dtype"), QStringLiteral("expected ct.<dtype> or array.dtype"));
    return v.dtype;
}

KirLowering::Value KirLowering::load(TSNode c)
{
    const TSNode arrayNode = argument(c, 0, "array");
    if (node::isNull(arrayNode))
        fail(c, QStringLiteral("array argument"), QStringLiteral("missing"));
    const Value array = expr(arrayNode);
    if (array.kind != Value::Kind::Tensor)
        fail(arrayNode, QStringLiteral("array argument"), QStringLiteral("expected an array parameter"));
    if (m_blockOutputs.contains(array.name))
        fail(c, QStringLiteral("ct.load"), QStringLiteral("'%1' is a block output").arg(array.name));
    const MemoryOptions o = memoryOptions(c, QStringLiteral("ct.load"), llvm::cast<kir::TensorType>(array.ssa.getType()));
    const auto index = indexArgument(argument(c, 1, "index"));
    return loadTile(c, QStringLiteral("ct.load"), array, index, shapeArgument(argument(c, 2, "shape")), o);
}

// One tile of `array` at a tile index: ct.load's and a tiled view's load.
KirLowering::Value KirLowering::loadTile(TSNode c, const QString &what, const Value &array, const llvm::SmallVector<mlir::Value> &index,
                                         mlir::ArrayAttr shape, const MemoryOptions &o)
{
    auto tensor = llvm::cast<kir::TensorType>(array.ssa.getType());
    // `shape=()`: one element, loaded as a tile of ones of the array's rank
    // and reshaped to rank 0, as cuTile Python does.
    const bool element = shape.empty() && tensor.getRank() > 0;
    if (element)
        shape = m_b.getArrayAttr(llvm::SmallVector<mlir::Attribute>(tensor.getRank(), kir::literalDim(m_ctx, 1)));
    if (index.size() != tensor.getRank() || shape.size() != tensor.getRank())
        fail(c, what, QStringLiteral("index and shape must have the array's rank %1").arg(tensor.getRank()));
    Value out;
    auto load = kir::LoadOp::create(m_b, loc(), kir::TileType::get(m_ctx, shape, tensor.getElementType()), array.ssa, index,
                                    m_b.getStringAttr(o.padding.toStdString()), o.latency,
                                    o.tma == QLatin1String("Enabled") ? mlir::StringAttr() : m_b.getStringAttr(o.tma.toStdString()), o.order,
                                    o.ordering, o.scope);
    out.ssa = load;
    if (element)
        out.ssa = kir::ReshapeOp::create(m_b, loc(), kir::TileType::get(m_ctx, m_b.getArrayAttr({}), tensor.getElementType()), load);
    return out;
}

KirLowering::Value KirLowering::numTiles(TSNode c)
{
    const TSNode arrayNode = argument(c, 0, "array");
    const Value array = node::isNull(arrayNode) ? Value{} : expr(arrayNode);
    if (array.kind != Value::Kind::Tensor)
        fail(c, QStringLiteral("array argument"), QStringLiteral("expected an array parameter"));
    auto tensor = llvm::cast<kir::TensorType>(array.ssa.getType());
    const Value axis = expr(argument(c, 1, "axis"));
    const mlir::ArrayAttr dims = shapeArgument(argument(c, 2, "shape"));
    if (axis.kind != Value::Kind::Int || axis.integer < 0 || axis.integer >= tensor.getRank())
        fail(c, QStringLiteral("ct.num_tiles"), QStringLiteral("the axis must be a literal in range"));
    if (dims.size() != tensor.getRank())
        fail(c, QStringLiteral("ct.num_tiles"), QStringLiteral("the shape must have the array's rank"));
    if (m_blockOutputs.contains(array.name))
        fail(c, QStringLiteral("ct.num_tiles"), QStringLiteral("'%1' is a block output").arg(array.name));
    Value out;
    out.ssa = kir::NumTilesOp::create(m_b, loc(), m_b.getI32Type(), array.ssa, m_b.getI32IntegerAttr(int32_t(axis.integer)), dims);
    return out;
}

// A scalar of a known dtype as a rank-0 tile of it, as cuTile Python reads
// the operand of ct.astype and ct.bitcast.
KirLowering::Value KirLowering::scalarAsRank0(const Value &x, TSNode c, const QString &what)
{
    mlir::Type from = m_solver.resolve(x.ssa.getType());
    if (llvm::isa<kir::VarType>(from) && llvm::cast<kir::VarType>(from).getScalar()) {
        // A runtime scalar parameter converted before anything types it: a
        // Python int argument, which cuTile Python passes as int32.
        unify(from, m_b.getI32Type(), c, what);
        from = m_b.getI32Type();
    }
    if (llvm::isa<kir::VarType>(from))
        fail(c, what, QStringLiteral("the scalar's dtype is not known here"));
    Value out;
    out.ssa = kir::ScalarToTileOp::create(m_b, loc(), kir::TileType::get(m_ctx, m_b.getArrayAttr({}), from), x.ssa);
    return out;
}

// ct.astype(x, dtype) and x.astype(dtype): the identity where the types
// already agree (as cuTile Python's is), else a conversion.
KirLowering::Value KirLowering::astype(TSNode c, TSNode receiver)
{
    const bool method = !node::isNull(receiver);
    const TSNode xNode = method ? receiver : argument(c, 0, "x");
    const Value x = expr(xNode);
    const mlir::Type to = dtypeArgument(argument(c, method ? 0 : 1, "dtype"));
    // rounding_mode=: cuTile Python's float-to-float conversion (ftof) takes
    // it; the other conversions ignore it there, and so here.
    mlir::StringAttr rounding;
    for (TSNode a : node::children(node::field(c, "arguments"))) {
        if (!node::is(a, "keyword_argument") || m_src->text(node::field(a, "name")) != QLatin1String("rounding_mode"))
            continue;
        const TSNode valueNode = node::field(a, "value");
        if (m_src->text(valueNode) == QLatin1String("None"))
            continue;
        const Value v = expr(valueNode);
        const QString item = v.kind == Value::Kind::Enum ? v.name.section(QLatin1Char('.'), -1) : QString();
        QString mode = RustNames::roundingMode(v.kind == Value::Kind::Enum ? v.name : QString());
        if (item == QLatin1String("RA"))
            mode = QStringLiteral("NearestAway");
        if (item == QLatin1String("RZI"))
            fail(a, QStringLiteral("ct.astype rounding_mode"),
                 QStringLiteral("RZI has no form in cutile's ftof (its rounding modes: RN, RZ, RM, RP, RA, FULL, APPROX)"));
        if (mode.isEmpty())
            fail(a, QStringLiteral("ct.astype rounding_mode"), QStringLiteral("must be a ct.RoundingMode member"));
        if (mode != QLatin1String("NearestEven")) // the default, as cuTile Python's
            rounding = m_b.getStringAttr(mode.toStdString());
    }
    if (x.isScalar()) {
        // A scalar becomes a rank-0 tile, then converts (never `as`).
        Value out = scalarAsRank0(x, c, QStringLiteral("ct.astype"));
        const auto rank0 = llvm::cast<kir::TileType>(out.ssa.getType());
        if (m_solver.resolve(rank0.getElementType()) != m_solver.resolve(to))
            out.ssa = kir::ConvertOp::create(m_b, loc(), rank0.withElementType(to), out.ssa, rounding);
        return out;
    }
    if (x.isLiteral()) {
        // A Python number (`ct.astype(0.0, y.dtype)`): a rank-0 tile of it in that type.
        Value out;
        out.ssa = toTile(x, kir::TileType::get(m_ctx, m_b.getArrayAttr({}), to), c);
        return out;
    }
    if (!x.isTile())
        fail(c, QStringLiteral("ct.astype"), QStringLiteral("operand must be a tile, a scalar or a number"));
    auto tile = llvm::cast<kir::TileType>(x.ssa.getType());
    const mlir::Type from = m_solver.resolve(tile.getElementType());
    if (from == m_solver.resolve(to))
        return x;
    // Integer widening (exti, keeping the source's sign) and narrowing
    // (trunci) are convert ops of their own in the printer.
    Value out;
    out.ssa = kir::ConvertOp::create(m_b, loc(), tile.withElementType(to), x.ssa, rounding);
    return out;
}

// padding_mode= (loads), latency=, allow_tma= and order= of ct.load and
// ct.store.
KirLowering::MemoryOptions KirLowering::memoryOptions(TSNode c, const QString &what, kir::TensorType tensorType)
{
    MemoryOptions o;
    QString orderItem = QStringLiteral("WEAK"), scopeItem = QStringLiteral("NONE"); // cuTile Python's defaults
    TSNode orderNode = c;
    for (TSNode a : node::children(node::field(c, "arguments"))) {
        if (!node::is(a, "keyword_argument"))
            continue;
        const QString k = m_src->text(node::field(a, "name"));
        const TSNode valueNode = node::field(a, "value");
        if (k == QLatin1String("array") || k == QLatin1String("index") || k == QLatin1String("shape") || k == QLatin1String("tile"))
            continue;
        const auto constParam = [&]() {
            const TSNode v = node::unparen(valueNode);
            return node::is(v, "identifier") && m_constParams.contains(m_src->text(v)) && !m_vars.contains(m_src->text(v))
                       ? m_src->text(v)
                       : QString();
        };
        if (k == QLatin1String("latency")) {
            if (const QString p = constParam(); !p.isEmpty()) {
                o.latency = m_b.getStringAttr(p.toStdString());
                continue;
            }
            if (m_src->text(valueNode) == QLatin1String("None"))
                continue;
            const Value v = expr(valueNode);
            if (v.kind != Value::Kind::Int)
                fail(a, QStringLiteral("%1 latency").arg(what), QStringLiteral("must be a literal int or an int ct.Constant"));
            o.latency = m_b.getI32IntegerAttr(int32_t(v.integer));
            continue;
        }
        if (k == QLatin1String("allow_tma")) {
            if (const QString p = constParam(); !p.isEmpty()) {
                o.tma = p; // both forms, chosen by the const generic
                continue;
            }
            const Value v = expr(valueNode);
            if (v.kind != Value::Kind::Bool)
                fail(a, QStringLiteral("%1 allow_tma").arg(what), QStringLiteral("must be a literal bool or a ct.Constant[bool]"));
            o.tma = v.integer ? QStringLiteral("Enabled") : QStringLiteral("Disabled");
            continue;
        }
        if (k == QLatin1String("order")) {
            const TSNode v = constantArm(valueNode);
            const QString text = m_src->text(v);
            llvm::SmallVector<int32_t> axes;
            if (text == QLatin1String("\"C\"") || text == QLatin1String("'C'"))
                continue;
            if (text == QLatin1String("\"F\"") || text == QLatin1String("'F'")) {
                for (int i = int(tensorType.getRank()) - 1; i >= 0; --i)
                    axes.push_back(i);
            } else if (node::is(v, "tuple")) {
                for (TSNode item : node::children(v)) {
                    const Value ax = expr(item);
                    if (ax.kind != Value::Kind::Int)
                        fail(item, QStringLiteral("order="), QStringLiteral("axes must be literal ints"));
                    axes.push_back(int32_t(ax.integer));
                }
            } else {
                fail(v, QStringLiteral("order="), QStringLiteral("must be \"C\", \"F\" or a tuple of axes"));
            }
            llvm::SmallVector<int32_t> sorted(axes);
            llvm::sort(sorted);
            for (size_t i = 0; i < sorted.size(); ++i)
                if (sorted[i] != int32_t(i) || sorted.size() != tensorType.getRank())
                    fail(v, QStringLiteral("order="), QStringLiteral("must be a permutation of the %1 axes").arg(tensorType.getRank()));
            bool identity = true;
            for (size_t i = 0; i < axes.size(); ++i)
                identity = identity && axes[i] == int32_t(i);
            if (!identity && what == QLatin1String("ct.store"))
                fail(a, QStringLiteral("ct.store order"),
                     QStringLiteral("only the identity order can be stored: cuTile Rust's mutable partitions take no dim_map"));
            if (!identity)
                o.order = m_b.getDenseI32ArrayAttr(axes);
            continue;
        }
        if (k == QLatin1String("memory_order") || k == QLatin1String("memory_scope")) {
            const Value v = expr(valueNode);
            const QString item = v.kind == Value::Kind::Enum ? v.name.section(QLatin1Char('.'), -1) : QString();
            (k == QLatin1String("memory_order") ? orderItem : scopeItem) = item;
            if (item.isEmpty())
                fail(a, QStringLiteral("%1 %2").arg(what, k), QStringLiteral("must be a ct.%1 member").arg(k == QLatin1String("memory_order") ? QStringLiteral("MemoryOrder") : QStringLiteral("MemoryScope")));
            orderNode = k == QLatin1String("memory_order") ? a : orderNode;
            continue;
        }
        if (k == QLatin1String("check_bounds")) {
            const Value v = expr(valueNode);
            if (v.kind == Value::Kind::Bool && v.integer)
                continue; // the default
            fail(a, QStringLiteral("%1 check_bounds").arg(what),
                 QStringLiteral("only True is lowered: check_bounds=False needs Tile IR 13.4, which cutile 0.4.0 does not emit"));
        }
        if (k != QLatin1String("padding_mode") || what != QLatin1String("ct.load"))
            fail(a, what, QStringLiteral("option '%1' is not lowered to the kernel IR yet").arg(k));
        const Value mode = expr(valueNode);
        o.padding = RustNames::paddingMode(mode.kind == Value::Kind::Enum ? mode.name : QString());
        if (o.padding.isEmpty())
            fail(a, QStringLiteral("ct.load padding_mode"), QStringLiteral("'%1' is not a known mode").arg(m_src->text(valueNode)));
    }
    // memory_order= and memory_scope= as cuTile Python checks them: weak
    // takes no scope, any other ordering one; a load may acquire, a store
    // release.
    const bool isLoad = what == QLatin1String("ct.load");
    const QString directed = isLoad ? QStringLiteral("ACQUIRE") : QStringLiteral("RELEASE");
    if (orderItem == QLatin1String("WEAK")) {
        if (scopeItem != QLatin1String("NONE"))
            fail(orderNode, what, QStringLiteral("a weak memory_order takes memory_scope=ct.MemoryScope.NONE"));
    } else if (orderItem != QLatin1String("RELAXED") && orderItem != directed) {
        fail(orderNode, QStringLiteral("%1 memory_order").arg(what),
             QStringLiteral("must be WEAK, RELAXED or %1, not %2").arg(directed, orderItem));
    } else if (RustNames::memoryScope(scopeItem).isEmpty()) {
        fail(orderNode, QStringLiteral("%1 memory_scope").arg(what),
             QStringLiteral("a %1 memory_order needs BLOCK, DEVICE or SYS, not %2").arg(orderItem, scopeItem));
    } else {
        o.ordering = m_b.getStringAttr(RustNames::memoryOrder(orderItem).toStdString());
        o.scope = m_b.getStringAttr(RustNames::memoryScope(scopeItem).toStdString());
    }
    return o;
}

} // namespace tileport::rust
