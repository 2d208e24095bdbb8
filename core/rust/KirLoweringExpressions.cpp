// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// Expressions into the kernel IR: names, literals, arithmetic with Python's
// broadcasts made explicit, and the cuTile calls.
#include "KirLowering.h"

#include "ConstantEvaluator.h"
#include "KirNames.h"
#include "RustNames.h"
#include "SyntaxNode.h"

#include <cmath>

namespace tileport::rust {

using namespace tileport::frontend;

TSNode KirLowering::argument(TSNode call, int pos, const char *keyword) const
{
    for (TSNode a : node::children(node::field(call, "arguments")))
        if (node::is(a, "keyword_argument") && m_src->text(node::field(a, "name")) == QLatin1String(keyword))
            return node::field(a, "value");
    if (!node::isNull(m_methodCall) && ts_node_eq(call, m_methodCall)) {
        if (pos == 0)
            return m_methodSelf;
        return pos > 0 ? node::positional(call, pos - 1) : TSNode{};
    }
    return pos >= 0 ? node::positional(call, pos) : TSNode{};
}

KirLowering::Value KirLowering::literal(const ConstantValue &c) const
{
    Value v;
    switch (c.type) {
    case ConstantValue::Type::Int:
        v.kind = Value::Kind::Int;
        v.integer = c.i;
        v.number = double(c.i);
        break;
    case ConstantValue::Type::Float:
        v.kind = Value::Kind::Float;
        v.number = c.f;
        break;
    case ConstantValue::Type::Bool:
        v.kind = Value::Kind::Bool;
        v.integer = c.b ? 1 : 0;
        break;
    }
    return v;
}

KirLowering::Value KirLowering::expr(TSNode n)
{
    n = node::unparen(n);
    if (!node::isNull(m_methodSelf) && ts_node_eq(n, m_methodSelf))
        return m_methodSelfValue; // a method's receiver, lowered once
    // Literal arithmetic over literals and module constants folds here.
    const ConstantEvaluator eval(*m_src, *m_imports, [this](const QString &name) -> std::optional<ConstantValue> {
        if (m_vars.contains(name) || m_constParams.contains(name))
            return std::nullopt;
        for (const ModuleConstant &c : m_analysis->constants)
            if (c.name == name && !c.reassigned)
                return c.value;
        return std::nullopt;
    });
    if (!node::is(n, "call") || m_imports->resolve(*m_src, node::field(n, "function")).isEmpty())
        if (const auto c = eval.evaluate(n))
            return literal(*c);
    const auto type = node::type(n);
    if (type == "identifier")
        return identifier(n);
    if (type == "none")
        return Value{Value::Kind::Enum}; // `None`: no value (an option not given)
    if (type == "call")
        return call(n);
    if (type == "binary_operator")
        return binary(n);
    if (type == "attribute")
        return attribute(n);
    if (type == "subscript")
        return subscript(n);
    if (type == "unary_operator")
        return unary(n);
    if (type == "comparison_operator")
        return comparison(n);
    if (type == "boolean_operator")
        return booleanOperator(n);
    if (type == "conditional_expression")
        return conditional(n);
    if (type == "tuple" || type == "expression_list") {
        Value t; // evaluated left to right, as Python does
        t.kind = Value::Kind::Tuple;
        for (TSNode item : node::children(n))
            t.items << expr(item);
        return t;
    }
    if (type == "not_operator")
        return negated(node::field(n, "argument"));
    fail(n, QString::fromUtf8(type.data(), qsizetype(type.size())).replace(QLatin1Char('_'), QLatin1Char(' ')),
         QStringLiteral("not lowered to the kernel IR yet"));
}

KirLowering::Value KirLowering::identifier(TSNode n)
{
    const QString name = m_src->text(n);
    if (m_vars.contains(name))
        return m_vars.value(name);
    if (m_pinned.contains(name))
        return literalInt(m_pinned.value(name)); // fixed by this entry's decided condition
    if (m_constParams.contains(name)) {
        Value v;
        v.ssa = kir::ConstParamOp::create(m_b, loc(), m_b.getI32Type(), m_b.getStringAttr(name.toStdString()));
        return v;
    }
    for (const ModuleConstant &c : m_analysis->constants)
        if (c.name == name) {
            if (c.reassigned)
                fail(n, QStringLiteral("module constant"), QStringLiteral("'%1' is bound more than once").arg(name));
            return literal(c.value);
        }
    // `PAD = ct.PaddingMode.ZERO` at module level: an alias of the member.
    for (TSNode stmt : node::children(m_src->root())) {
        if (!node::is(stmt, "expression_statement") || node::children(stmt).size() != 1)
            continue;
        const TSNode a = node::children(stmt).front();
        if (node::is(a, "assignment") && node::is(node::field(a, "left"), "identifier") && m_src->text(node::field(a, "left")) == name
            && node::is(node::field(a, "right"), "attribute")
            && m_imports->resolve(*m_src, node::field(a, "right")).startsWith(QLatin1String("cuda.tile.")))
            return attribute(node::field(a, "right"));
    }
    // A name imported from cuda.tile (`from cuda.tile import float16 as
    // half`): the member it names, as `ct.float16` is.
    if (m_imports->resolve(*m_src, n).startsWith(QLatin1String("cuda.tile.")))
        return attribute(n);
    fail(n, QStringLiteral("name"), QStringLiteral("'%1' is not defined here (or only inside a loop body)").arg(name));
}

KirLowering::Value KirLowering::attribute(TSNode n)
{
    const QString q = m_imports->resolve(*m_src, n);
    for (const QString &prefix : {QStringLiteral("torch."), QStringLiteral("numpy.")}) {
        // Host-side dtypes spelled through torch or numpy mean the same
        // element type (their `bool` is cuTile's `bool_`).
        QString dt = q.startsWith(prefix) ? q.mid(prefix.size()) : QString();
        if (dt == QLatin1String("bool"))
            dt = QStringLiteral("bool_");
        if (!dt.isEmpty() && !RustNames::elementType(dt).isEmpty()) {
            Value v;
            v.kind = Value::Kind::DType;
            v.dtype = elem(RustNames::elementType(dt));
            return v;
        }
    }
    if (q.startsWith(QLatin1String("cuda.tile."))) {
        const QString enumClass = q.section(QLatin1Char('.'), 2, 2);
        if (q.count(QLatin1Char('.')) == 3
            && (enumClass.endsWith(QLatin1String("Mode")) || enumClass == QLatin1String("MemoryOrder") || enumClass == QLatin1String("MemoryScope"))) {
            Value v;
            v.kind = Value::Kind::Enum;
            v.name = q;
            return v;
        }
        if (const QString dt = RustNames::elementType(q); !dt.isEmpty()) {
            Value v;
            v.kind = Value::Kind::DType;
            v.dtype = elem(dt);
            return v;
        }
    }
    // The math and numpy constants a kernel reads as Python floats.
    static const QHash<QString, double> floats{{QStringLiteral("math.inf"), HUGE_VAL},   {QStringLiteral("numpy.inf"), HUGE_VAL},
                                               {QStringLiteral("math.nan"), NAN},        {QStringLiteral("numpy.nan"), NAN},
                                               {QStringLiteral("math.pi"), M_PI},        {QStringLiteral("numpy.pi"), M_PI},
                                               {QStringLiteral("math.e"), M_E},          {QStringLiteral("numpy.e"), M_E}};
    if (floats.contains(q)) {
        Value v;
        v.kind = Value::Kind::Float;
        v.number = floats.value(q);
        return v;
    }
    const TSNode object = node::field(n, "object");
    const QString member = m_src->text(node::field(n, "attribute"));
    if (node::is(object, "identifier") && (member == QLatin1String("shape") || member == QLatin1String("ndim"))) {
        // `rows, cols = x.shape` and `x.ndim`: launch metadata, as x.shape[i].
        const Value t = expr(object);
        if (t.kind == Value::Kind::Tensor && !m_blockOutputs.contains(t.name)) {
            const unsigned rank = llvm::cast<kir::TensorType>(t.ssa.getType()).getRank();
            Value v;
            if (member == QLatin1String("ndim")) {
                v.kind = Value::Kind::Int;
                v.integer = rank;
                return v;
            }
            v.kind = Value::Kind::Tuple;
            for (unsigned i = 0; i < rank; ++i) {
                Value d;
                d.ssa = kir::DimOp::create(m_b, loc(), m_b.getI32Type(), t.ssa, m_b.getI32IntegerAttr(int32_t(i)));
                v.items << d;
            }
            return v;
        }
        if (t.isTile()) {
            auto tile = llvm::cast<kir::TileType>(t.ssa.getType());
            if (member == QLatin1String("ndim"))
                return literalInt(tile.getRank());
            return staticShape(tile.getDims());
        }
    }
    if (node::is(object, "identifier") && (member == QLatin1String("tile_shape") || member == QLatin1String("traversal_steps"))) {
        // A tiled view's tile shape (its steps are the same: other steps are
        // refused where the view is made).
        const Value t = expr(object);
        if (t.kind == Value::Kind::View)
            return staticShape(t.shape);
    }
    if (node::is(object, "identifier") && member == QLatin1String("dtype")) {
        const Value t = expr(object);
        if (t.kind == Value::Kind::Tensor || t.kind == Value::Kind::View || t.kind == Value::Kind::RawMemory || t.isTile()) {
            Value v;
            v.kind = Value::Kind::DType;
            v.dtype = m_solver.resolve(kir::elementTypeOf(t.ssa.getType()));
            return v;
        }
    }
    fail(n, QStringLiteral("attribute"), QStringLiteral("'%1' is not lowered to the kernel IR yet").arg(m_src->flatText(n)));
}

// A static shape as a tuple: literals, and the const generics (derived
// ones included) its dims name.
KirLowering::Value KirLowering::staticShape(mlir::ArrayAttr dims)
{
    Value v;
    v.kind = Value::Kind::Tuple;
    for (mlir::Attribute d : dims) {
        if (auto i = llvm::dyn_cast<mlir::IntegerAttr>(d)) {
            v.items << literalInt(i.getInt());
            continue;
        }
        Value s;
        s.ssa = kir::ConstParamOp::create(m_b, loc(), m_b.getI32Type(), llvm::cast<mlir::StringAttr>(d).getValue());
        v.items << s;
    }
    return v;
}

// An i32 index component: a block id, an i32 scalar, or an int literal.
mlir::Value KirLowering::scalar(const Value &v, TSNode at)
{
    if (v.kind == Value::Kind::Int)
        return kir::ConstantOp::create(m_b, loc(), m_b.getI32Type(), m_b.getI64IntegerAttr(v.integer));
    if (v.isScalar()) {
        unify(v.ssa.getType(), m_b.getI32Type(), at, QStringLiteral("scalar"));
        return v.ssa;
    }
    if (v.isTile()) { // a rank-0 int32 tile is a scalar in Python
        auto t = llvm::cast<kir::TileType>(v.ssa.getType());
        if (t.getRank() == 0 && m_solver.isGeneric(m_solver.resolve(t.getElementType())))
            unify(t.getElementType(), m_b.getI32Type(), at, QStringLiteral("scalar")); // an index read from an array of any dtype
        if (t.getRank() == 0 && m_solver.resolve(t.getElementType()).isSignlessInteger(32))
            return kir::TileToScalarOp::create(m_b, loc(), m_b.getI32Type(), v.ssa);
    }
    fail(at, QStringLiteral("scalar"), QStringLiteral("an i32 scalar is needed here"));
}

// A literal or scalar brought to a tile of `like`'s dims and element type.
mlir::Value KirLowering::toTile(const Value &v, kir::TileType like, TSNode at)
{
    const mlir::Type dt = m_solver.resolve(like.getElementType());
    if (v.isTile())
        return broadcastTile(v.ssa, like, at);
    if (v.isLiteral()) {
        if (auto f8 = llvm::dyn_cast<mlir::FloatType>(dt); f8 && f8.getWidth() == 8 && v.kind != Value::Kind::Bool) {
            // An 8-bit float has no Rust literal, and an f32 conversion to
            // some (f8E8M0FNU) needs Tile IR 13.4: the literal rounded here
            // (to nearest even, as Python rounds it), its bits an i8
            // constant read as the float type.
            llvm::APFloat value(v.number);
            bool lost = false;
            value.convert(f8.getFloatSemantics(), llvm::APFloat::rmNearestTiesToEven, &lost);
            const mlir::Type i8 = m_b.getIntegerType(8);
            const mlir::Value bits = kir::ConstantOp::create(m_b, loc(), like.withElementType(i8),
                                                             m_b.getI64IntegerAttr(value.bitcastToAPInt().getSExtValue()));
            return kir::BitcastOp::create(m_b, loc(), like, bits);
        }
        if (m_solver.isGeneric(dt) || dt.isF16() || dt.isBF16() || (isFloatType(dt) && dt.getIntOrFloatBitWidth() < 16)) {
            // A literal meeting a dtype-generic, half or 4-bit float tile
            // (no Rust literal of them): an f32 constant converted to the
            // tile's type, as Python rounds it.
            if (v.kind == Value::Kind::Bool)
                fail(at, QStringLiteral("literal"), QStringLiteral("a bool literal meets a float tile"));
            const mlir::Value f = kir::ConstantOp::create(m_b, loc(), like.withElementType(m_b.getF32Type()), m_b.getF64FloatAttr(v.number));
            return kir::ConvertOp::create(m_b, loc(), like, f);
        }
        if (llvm::isa<kir::VarType>(dt))
            fail(at, QStringLiteral("literal operand"), QStringLiteral("a literal meets a tile whose dtype nothing decides yet"));
        mlir::Attribute value;
        if (isFloatType(dt))
            value = m_b.getF64FloatAttr(v.number);
        else if (isIntegerType(dt) && v.kind == Value::Kind::Int)
            value = m_b.getI64IntegerAttr(v.integer);
        else if (dt.isInteger(1) && (v.kind == Value::Kind::Bool || v.kind == Value::Kind::Int))
            value = m_b.getBoolAttr(v.integer != 0); // ct.zeros / ct.ones of bool_
        else
            fail(at, QStringLiteral("literal"), QStringLiteral("a Python literal meets a tile it cannot be converted to"));
        return kir::ConstantOp::create(m_b, loc(), like, value);
    }
    if (!v.isScalar())
        fail(at, QStringLiteral("operand"), QStringLiteral("a tile, scalar or literal is needed here"));
    mlir::Type st = m_solver.resolve(v.ssa.getType());
    const bool generic = m_solver.isGeneric(dt);
    if (generic && llvm::isa<kir::VarType>(st) && llvm::cast<kir::VarType>(st).getScalar()) {
        // A runtime scalar that nothing else types meets an array's generic
        // dtype (`alpha * x`): a Python float argument, which cuTile Python
        // passes as float32, converted to the tile's type as below.
        unify(st, m_b.getF32Type(), at, QStringLiteral("scalar operand"));
        st = m_b.getF32Type();
    }
    if (generic && llvm::isa<kir::VarType>(st)) {
        // A scalar of an array's dtype (`x.item()`) meeting a tile of one:
        // the dtypes unify, as Python's promotion of equal dtypes.
        unify(st, dt, at, QStringLiteral("scalar operand"));
        return kir::BroadcastOp::create(m_b, loc(), like, v.ssa);
    }
    if (generic && !st.isSignlessInteger(32) && !st.isF32())
        fail(at, QStringLiteral("scalar operand"), QStringLiteral("a %1 scalar meets a dtype-generic tile").arg(rustElementName(st)));
    if ((generic || st.isSignlessInteger(32)) && (generic || isFloatType(dt) || (isIntegerType(dt) && !dt.isSignlessInteger(32)))) {
        // Python converts a scalar to the type of the tile it meets (a
        // generic element type included): a rank-0 tile, converted, then
        // brought to the shape.
        const mlir::Value s0 = kir::ScalarToTileOp::create(m_b, loc(), kir::TileType::get(m_ctx, m_b.getArrayAttr({}), st), v.ssa);
        const mlir::Value s1 = kir::ConvertOp::create(m_b, loc(), kir::TileType::get(m_ctx, m_b.getArrayAttr({}), like.getElementType()), s0);
        return broadcastTile(s1, like, at);
    }
    unify(st, dt, at, QStringLiteral("scalar operand"));
    return kir::BroadcastOp::create(m_b, loc(), like, v.ssa);
}

// A tile brought to `like`'s dims by Python's rule: leading 1s first (a
// reshape), then a broadcast where the dims still differ.
mlir::Value KirLowering::broadcastTile(mlir::Value v, kir::TileType like, TSNode at)
{
    auto t = llvm::cast<kir::TileType>(v.getType());
    const mlir::Type ea = m_solver.resolve(t.getElementType()), eb = m_solver.resolve(like.getElementType());
    // A tile whose dtype Python promotes to the one asked for converts first.
    if (ea != eb && promotion(ea, eb) == eb) {
        v = kir::ConvertOp::create(m_b, loc(), t.withElementType(eb), v);
        t = llvm::cast<kir::TileType>(v.getType());
    }
    unify(t.getElementType(), like.getElementType(), at, QStringLiteral("mixed dtypes"));
    if (t.getDims() == like.getDims())
        return v;
    if (t.getRank() > like.getRank())
        fail(at, QStringLiteral("broadcast"), QStringLiteral("a rank-%1 tile cannot broadcast to rank %2").arg(t.getRank()).arg(like.getRank()));
    mlir::Value cur = v;
    if (t.getRank() < like.getRank()) {
        llvm::SmallVector<mlir::Attribute> padded(like.getRank() - t.getRank(), kir::literalDim(m_ctx, 1));
        padded.append(t.getDims().begin(), t.getDims().end());
        t = kir::TileType::get(m_ctx, m_b.getArrayAttr(padded), t.getElementType());
        cur = kir::ReshapeOp::create(m_b, loc(), t, cur);
    }
    if (t.getDims() != like.getDims())
        cur = kir::BroadcastOp::create(m_b, loc(), like.withElementType(t.getElementType()), cur);
    return cur;
}

// Python's broadcast of two shapes, dim by dim from the right: equal, or 1
// on one side.
mlir::ArrayAttr KirLowering::broadcastDims(mlir::ArrayAttr a, mlir::ArrayAttr b, TSNode at)
{
    const size_t rank = std::max(a.size(), b.size());
    const mlir::Attribute one = kir::literalDim(m_ctx, 1);
    llvm::SmallVector<mlir::Attribute> out;
    for (size_t i = 0; i < rank; ++i) {
        const long ia = long(a.size()) - long(rank) + long(i), ib = long(b.size()) - long(rank) + long(i);
        const mlir::Attribute da = ia >= 0 ? a[size_t(ia)] : one, db = ib >= 0 ? b[size_t(ib)] : one;
        if (da == db || db == one)
            out.push_back(da);
        else if (da == one)
            out.push_back(db);
        else
            fail(at, QStringLiteral("broadcast"), QStringLiteral("the tile shapes are not provably compatible"));
    }
    return m_b.getArrayAttr(out);
}

KirLowering::Value KirLowering::binary(TSNode n)
{
    const QString op = QString::fromUtf8(node::operatorOf(n).data(), qsizetype(node::operatorOf(n).size()));
    static const QStringList ops{QStringLiteral("+"), QStringLiteral("-"), QStringLiteral("*"), QStringLiteral("/"),
                                 QStringLiteral("//"), QStringLiteral("&"), QStringLiteral("|"), QStringLiteral("^"),
                                 QStringLiteral("<<"), QStringLiteral(">>"), QStringLiteral("%"), QStringLiteral("@"),
                                 QStringLiteral("**")};
    if (!ops.contains(op))
        fail(n, QStringLiteral("operator %1").arg(op), QStringLiteral("not lowered to the kernel IR yet"));
    const TSNode ln = node::unparen(node::field(n, "left")), rn = node::unparen(node::field(n, "right"));
    const auto isMul = [](TSNode x) { return node::is(x, "binary_operator") && node::operatorOf(x) == "*"; };
    if ((op == QLatin1String("+") || op == QLatin1String("-")) && (isMul(ln) || isMul(rn)))
        return productSum(op, n, ln, rn);
    const Value a = expr(ln);
    const Value b = expr(rn);
    if (op == QLatin1String("@")) {
        if (!a.isTile() || !b.isTile())
            fail(n, QStringLiteral("operator @"), QStringLiteral("both operands must be tiles"));
        return matmulProduct(a, b, n);
    }
    return binaryValues(op, a, b, n, ln, rn);
}

// Python's `%` on integer tiles: remi takes the dividend's sign, Python's
// the divisor's, so the divisor is added back where the two signs differ
// and the remainder is not 0.
mlir::Value KirLowering::pythonMod(kir::TileType t, mlir::Value a, mlir::Value b)
{
    const auto bools = t.withElementType(m_b.getI1Type());
    const mlir::Value r = kir::RemOp::create(m_b, loc(), t, a, b);
    const mlir::Value zero = kir::ConstantOp::create(m_b, loc(), t, m_b.getI64IntegerAttr(0));
    const mlir::Value rNeg = kir::CmpOp::create(m_b, loc(), bools, m_b.getStringAttr("lt"), r, zero);
    const mlir::Value bNeg = kir::CmpOp::create(m_b, loc(), bools, m_b.getStringAttr("lt"), b, zero);
    const mlir::Value differ = kir::XorOp::create(m_b, loc(), bools, rNeg, bNeg);
    const mlir::Value nonZero = kir::CmpOp::create(m_b, loc(), bools, m_b.getStringAttr("ne"), r, zero);
    const mlir::Value fix = kir::AndOp::create(m_b, loc(), bools, differ, nonZero);
    const mlir::Value adjusted = kir::AddOp::create(m_b, loc(), t, r, b);
    return kir::SelectOp::create(m_b, loc(), t, fix, adjusted, r);
}

// A tile product: what a later sum could contract (a product of scalars is
// plain index arithmetic).

// `a*b ± c` and `c ± a*b`, evaluated as cuTile Python's contraction sees
// them: the product's operands, then the other side, then each brought to
// the common tile, then the mul and the sum, which contract-fma makes one
// fma on float tiles. A product of scalars is plain arithmetic, lowered in
// source order.
KirLowering::Value KirLowering::productSum(const QString &op, TSNode n, TSNode ln, TSNode rn)
{
    const auto isMul = [](TSNode x) { return node::is(x, "binary_operator") && node::operatorOf(x) == "*"; };
    const bool productOnLeft = isMul(ln);
    const TSNode mulNode = productOnLeft ? ln : rn, otherNode = productOnLeft ? rn : ln;
    const TSNode an = node::unparen(node::field(mulNode, "left")), bn = node::unparen(node::field(mulNode, "right"));
    mlir::Block *block = m_b.getInsertionBlock();
    mlir::Operation *mark = block->empty() ? nullptr : &block->back();
    const Value a = expr(an);
    const Value b = expr(bn);
    if (!a.isTile() && !b.isTile()) {
        // Not a tile product: nothing contracts; lowered again in source order.
        while (!block->empty() && &block->back() != mark)
            block->back().erase();
        const Value l = expr(ln);
        const Value r = expr(rn);
        return binaryValues(op, l, r, n, ln, rn);
    }
    const mlir::Type pe = m_solver.resolve(kir::elementTypeOf((a.isTile() ? a : b).ssa.getType()));
    const auto productThenSum = [&](const Value &c) {
        const Value product = binaryValues(QStringLiteral("*"), a, b, mulNode, an, bn);
        return productOnLeft ? binaryValues(op, product, c, n, mulNode, otherNode) : binaryValues(op, c, product, n, otherNode, mulNode);
    };
    if (isIntegerType(pe) || pe.isInteger(1)) {
        // An integer product does not contract: the product, then the sum,
        // each as Python evaluates it.
        return productThenSum(expr(otherNode));
    }
    const Value c = expr(otherNode);
    if (c.isTile()) {
        // A product that the sum broadcasts (`t - ct.sum(t) * s`) reaches
        // the sum through a broadcast, which Python's contraction does not
        // look through: the product at its own shape, then the sum.
        mlir::ArrayAttr productDims;
        for (const Value *v : {&a, &b})
            if (v->isTile()) {
                const auto d = llvm::cast<kir::TileType>(v->ssa.getType()).getDims();
                productDims = productDims ? broadcastDims(productDims, d, mulNode) : d;
            }
        const auto cDims = llvm::cast<kir::TileType>(c.ssa.getType()).getDims();
        if (broadcastDims(productDims, cDims, n) != productDims)
            return productThenSum(c);
    }
    // The common tile of the operands: one shape, one element type.
    kir::TileType like;
    for (const Value *v : {&a, &b, &c}) {
        if (!v->isTile())
            continue;
        auto t = llvm::cast<kir::TileType>(v->ssa.getType());
        if (!like) {
            like = t;
            continue;
        }
        if (t.getDims() != like.getDims()) // the product and sum broadcast to one shape
            like = kir::TileType::get(m_ctx, broadcastDims(like.getDims(), t.getDims(), n), like.getElementType());
        like = like.withElementType(commonElement(like.getElementType(), t.getElementType(), n));
    }
    const mlir::Value ta = toTile(a, like, an), tb = toTile(b, like, bn), tc = toTile(c, like, otherNode);
    const mlir::Value product = kir::MulOp::create(m_b, loc(), like, ta, tb);
    const mlir::Value lhs = productOnLeft ? product : tc, rhs = productOnLeft ? tc : product;
    Value out;
    out.ssa = op == QLatin1String("+") ? mlir::Value(kir::AddOp::create(m_b, loc(), like, lhs, rhs))
                                       : mlir::Value(kir::SubOp::create(m_b, loc(), like, lhs, rhs));
    return out;
}

// `a op b` of lowered operands: `at` the whole expression, `ln` / `rn` the
// operands' syntax (for their locations and the contraction test).
// `a OP b` of two Python literals (`math.pi / 4`, `2 * 3`), as Python
// computes it: ints stay ints (`/` gives a float, `//` and `%` floor),
// anything with a float is a float.
KirLowering::Value KirLowering::foldLiterals(const QString &op, const Value &a, const Value &b, TSNode n)
{
    Value out;
    const bool ints = a.kind != Value::Kind::Float && b.kind != Value::Kind::Float;
    if (ints && op == QLatin1String("**") && b.integer >= 0 && b.integer < 64) {
        out.kind = Value::Kind::Int;
        out.integer = 1;
        for (qint64 i = 0; i < b.integer; ++i)
            out.integer *= a.integer;
        return out;
    }
    if (ints && op != QLatin1String("/") && op != QLatin1String("**")) {
        const qint64 x = a.integer, y = b.integer;
        if ((op == QLatin1String("//") || op == QLatin1String("%")) && y == 0)
            fail(n, QStringLiteral("literal arithmetic"), QStringLiteral("division by zero"));
        const qint64 q = (op == QLatin1String("//") || op == QLatin1String("%")) ? (x / y - ((x % y != 0) && ((x < 0) != (y < 0)) ? 1 : 0)) : 0;
        static const QStringList known{QStringLiteral("+"), QStringLiteral("-"), QStringLiteral("*"), QStringLiteral("//"), QStringLiteral("%"),
                                       QStringLiteral("&"), QStringLiteral("|"), QStringLiteral("^"), QStringLiteral("<<"), QStringLiteral(">>")};
        if (!known.contains(op) || ((op == QLatin1String("<<") || op == QLatin1String(">>")) && (y < 0 || y > 62)))
            fail(n, QStringLiteral("literal arithmetic"), QStringLiteral("operator %1 on literals is not folded").arg(op));
        out.kind = Value::Kind::Int;
        out.integer = op == QLatin1String("+")    ? x + y
                      : op == QLatin1String("-")  ? x - y
                      : op == QLatin1String("*")  ? x * y
                      : op == QLatin1String("//") ? q
                      : op == QLatin1String("%")  ? x - q * y
                      : op == QLatin1String("&")  ? (x & y)
                      : op == QLatin1String("|")  ? (x | y)
                      : op == QLatin1String("^")  ? (x ^ y)
                      : op == QLatin1String("<<") ? (x << y)
                                                  : (x >> y);
        return out;
    }
    const double x = a.kind == Value::Kind::Float ? a.number : double(a.integer);
    const double y = b.kind == Value::Kind::Float ? b.number : double(b.integer);
    out.kind = Value::Kind::Float;
    if (op == QLatin1String("+"))
        out.number = x + y;
    else if (op == QLatin1String("-"))
        out.number = x - y;
    else if (op == QLatin1String("*"))
        out.number = x * y;
    else if (op == QLatin1String("/") && y != 0.0)
        out.number = x / y;
    else if (op == QLatin1String("**"))
        out.number = std::pow(x, y);
    else
        fail(n, QStringLiteral("literal arithmetic"), QStringLiteral("operator %1 on these literals is not folded").arg(op));
    return out;
}

KirLowering::Value KirLowering::binaryValues(const QString &op, const Value &a, const Value &b, TSNode n, TSNode ln, TSNode rn)
{
    const bool integerOp = op == QLatin1String("//") || op == QLatin1String("%") || op == QLatin1String("&") || op == QLatin1String("|")
                           || op == QLatin1String("^") || op == QLatin1String("<<") || op == QLatin1String(">>");
    const auto build = [&](mlir::Type t, mlir::Value x, mlir::Value y) -> mlir::Value {
        if (op == QLatin1String("%"))
            return pythonMod(llvm::cast<kir::TileType>(t), x, y);
        if (op == QLatin1String("//"))
            return kir::FloorDivOp::create(m_b, loc(), t, x, y);
        if (op == QLatin1String("&"))
            return kir::AndOp::create(m_b, loc(), t, x, y);
        if (op == QLatin1String("|"))
            return kir::OrOp::create(m_b, loc(), t, x, y);
        if (op == QLatin1String("^"))
            return kir::XorOp::create(m_b, loc(), t, x, y);
        if (op == QLatin1String("<<"))
            return kir::ShlOp::create(m_b, loc(), t, x, y);
        if (op == QLatin1String(">>"))
            return kir::ShrOp::create(m_b, loc(), t, x, y);
        if (op == QLatin1String("+"))
            return kir::AddOp::create(m_b, loc(), t, x, y);
        if (op == QLatin1String("-"))
            return kir::SubOp::create(m_b, loc(), t, x, y);
        if (op == QLatin1String("*"))
            return kir::MulOp::create(m_b, loc(), t, x, y);
        if (op == QLatin1String("**"))
            return kir::PowOp::create(m_b, loc(), t, x, y);
        if (op == QLatin1String("atan2"))
            return kir::Atan2Op::create(m_b, loc(), t, x, y);
        return kir::DivOp::create(m_b, loc(), t, x, y);
    };
    Value out;
    if (integerOp && (a.isTile() || b.isTile())) {
        // An integer-only operator on an array's generic dtype makes it i32,
        // the type every Python int operand here already has.
        for (const Value *v : {&a, &b})
            if (v->isTile() && m_solver.isGeneric(kir::elementTypeOf(v->ssa.getType())))
                unify(kir::elementTypeOf(v->ssa.getType()), m_b.getI32Type(), n, QStringLiteral("operator %1").arg(op));
    }
    if (a.isTile() || b.isTile()) {
        kir::TileType like;
        if (a.isTile() && b.isTile()) {
            auto ta = llvm::cast<kir::TileType>(a.ssa.getType()), tb = llvm::cast<kir::TileType>(b.ssa.getType());
            const mlir::Type ea = m_solver.resolve(ta.getElementType()), eb = m_solver.resolve(tb.getElementType());
            like = kir::TileType::get(m_ctx, broadcastDims(ta.getDims(), tb.getDims(), n), commonElement(ea, eb, n));
        } else {
            like = llvm::cast<kir::TileType>((a.isTile() ? a : b).ssa.getType());
            const Value &other = a.isTile() ? b : a;
            // An integer tile meeting a float literal promotes to f32, as
            // cuTile Python promotes a loosely typed float.
            if (other.kind == Value::Kind::Float && isIntegerType(m_solver.resolve(like.getElementType())))
                like = like.withElementType(m_b.getF32Type());
        }
        if (op == QLatin1String("/") && !isFloatType(m_solver.resolve(like.getElementType())) && !m_solver.isGeneric(like.getElementType()))
            fail(n, QStringLiteral("operator /"), QStringLiteral("true division of integer tiles is not lowered"));
        if (op == QLatin1String("**") && !isFloatType(m_solver.resolve(like.getElementType())) && !m_solver.isGeneric(like.getElementType()))
            fail(n, QStringLiteral("operator **"), QStringLiteral("integer powers are not lowered (cutile's pow takes float tiles)"));
        if (op == QLatin1String("atan2") && !isFloatType(m_solver.resolve(like.getElementType())) && !m_solver.isGeneric(like.getElementType()))
            fail(n, QStringLiteral("ct.atan2"), QStringLiteral("needs float tiles, as cuTile Python's does"));
        if (integerOp) {
            const mlir::Type e = m_solver.resolve(like.getElementType());
            const bool bitwise = op == QLatin1String("&") || op == QLatin1String("|") || op == QLatin1String("^");
            if (!isIntegerType(e) && !(e.isInteger(1) && bitwise))
                fail(n, QStringLiteral("operator %1").arg(op), QStringLiteral("needs integer tiles"));
        }
        const mlir::Value x = toTile(a, like, ln), y = toTile(b, like, rn);
        out.ssa = build(like, x, y);
        return out;
    }
    if (a.isLiteral() && b.isLiteral())
        return foldLiterals(op, a, b, n);
    const auto isFloatScalar = [&](const Value &v) {
        return v.kind == Value::Kind::Float || (v.isScalar() && isFloatType(m_solver.resolve(v.ssa.getType())));
    };
    if (op == QLatin1String("**") && !isFloatScalar(a) && !isFloatScalar(b))
        fail(n, QStringLiteral("operator **"), QStringLiteral("integer powers are not lowered (cutile's pow takes float tiles)"));
    if (isFloatScalar(a) || isFloatScalar(b) || op == QLatin1String("/")) {
        // Float scalar arithmetic (a runtime scale times a module constant):
        // the float side's dtype, f32 for a literal; an int side converts,
        // as Python promotes it. True division of two ints is float32
        // division of both converted, as cuTile Python's promotion forces.
        if (op != QLatin1String("+") && op != QLatin1String("-") && op != QLatin1String("*") && op != QLatin1String("/")
            && op != QLatin1String("**"))
            fail(n, QStringLiteral("operator %1").arg(op), QStringLiteral("not lowered on float scalars"));
        const mlir::Type dt = a.isScalar() && isFloatScalar(a) ? m_solver.resolve(a.ssa.getType())
                              : b.isScalar() && isFloatScalar(b) ? m_solver.resolve(b.ssa.getType()) : mlir::Type(m_b.getF32Type());
        const auto side = [&](const Value &v, TSNode at) -> mlir::Value {
            if (v.kind == Value::Kind::Int || v.kind == Value::Kind::Float)
                return kir::ConstantOp::create(m_b, loc(), dt, m_b.getF64FloatAttr(v.number));
            if (!v.isScalar())
                fail(at, QStringLiteral("operator %1").arg(op), QStringLiteral("a scalar or literal is needed here"));
            const mlir::Type t = m_solver.resolve(v.ssa.getType());
            if (t == dt)
                return v.ssa;
            if (t.isSignlessInteger(32) || llvm::isa<kir::VarType>(t)) {
                if (llvm::isa<kir::VarType>(t))
                    unify(t, m_b.getI32Type(), at, QStringLiteral("scalar"));
                return kir::ConvertOp::create(m_b, loc(), dt, v.ssa);
            }
            fail(n, QStringLiteral("operator %1").arg(op),
                 QStringLiteral("mixed scalar types %1 and %2").arg(rustElementName(t), rustElementName(dt)));
        };
        const mlir::Value x = side(a, ln), y = side(b, rn);
        if (op == QLatin1String("**")) {
            // A power of scalars is cuTile Python's pow on rank-0 tiles.
            const auto rank0 = kir::TileType::get(m_ctx, m_b.getArrayAttr({}), dt);
            const mlir::Value tx = kir::ScalarToTileOp::create(m_b, loc(), rank0, x);
            const mlir::Value ty = kir::ScalarToTileOp::create(m_b, loc(), rank0, y);
            out.ssa = build(rank0, tx, ty);
            return out;
        }
        out.ssa = build(dt, x, y);
        return out;
    }
    const auto boolScalar = [&](const Value &v) { return v.isScalar() && m_solver.resolve(v.ssa.getType()).isInteger(1); };
    if (boolScalar(a) && boolScalar(b) && (op == QLatin1String("&") || op == QLatin1String("|") || op == QLatin1String("^"))) {
        // `(i >= 0) & (i < n)`: bitwise operators of two conditions.
        out.ssa = build(m_b.getI1Type(), a.ssa, b.ssa);
        return out;
    }
    const mlir::Value x = scalar(a, ln), y = scalar(b, rn);
    if (op == QLatin1String("//") || op == QLatin1String("%")) {
        // i32 scalars go through rank-0 tiles, as cuTile Python's scalars are.
        const auto rank0 = kir::TileType::get(m_ctx, m_b.getArrayAttr({}), m_b.getI32Type());
        const mlir::Value ta = kir::ScalarToTileOp::create(m_b, loc(), rank0, x);
        const mlir::Value tb = kir::ScalarToTileOp::create(m_b, loc(), rank0, y);
        const mlir::Value r = build(rank0, ta, tb);
        out.ssa = kir::TileToScalarOp::create(m_b, loc(), m_b.getI32Type(), r);
        return out;
    }
    out.ssa = build(m_b.getI32Type(), x, y);
    return out;
}

KirLowering::ApiLowering KirLowering::loweringOf(const QString &qualified)
{
    // The one table of cuTile Python's API (CuTileApi.td) says which family
    // lowers each callable.
    static const QHash<QString, ApiLowering> table = [] {
        QHash<QString, ApiLowering> t;
#define TILEPORT_CUTILE_FUNCTION(name, category, shapeArg, shapeKeyword, lowering) \
    t.insert(QLatin1String("cuda.tile.") + QLatin1String(name), ApiLowering::lowering);
#include "tileport/CuTileApi.inc"
        return t;
    }();
    return table.value(qualified, ApiLowering::None);
}

KirLowering::ApiLowering KirLowering::methodLoweringOf(const QString &name)
{
    static const QHash<QString, ApiLowering> table = [] {
        QHash<QString, ApiLowering> t;
#define TILEPORT_CUTILE_METHOD(name, category, shapeArg, shapeKeyword, lowering) t.insert(QLatin1String(name), ApiLowering::lowering);
#include "tileport/CuTileApi.inc"
        return t;
    }();
    return table.value(name, ApiLowering::None);
}

// `t.m(...)`: the tile method's family, with the receiver as argument 0.
KirLowering::Value KirLowering::method(TSNode n)
{
    const TSNode fn = node::field(n, "function");
    const TSNode object = node::field(fn, "object");
    const QString name = m_src->text(node::field(fn, "attribute"));
    const ApiLowering family = methodLoweringOf(name);
    if (family == ApiLowering::None)
        fail(n, QStringLiteral("method call"), QStringLiteral("'.%1()' is not lowered to the kernel IR yet").arg(name));
    if (family == ApiLowering::Astype)
        return astype(n, object);
    const Value self = expr(object);
    if (self.isScalar() && family == ApiLowering::Item)
        return self; // a scalar's .item() is the scalar itself, as in cuTile Python
    const bool arrayLike = self.kind == Value::Kind::Tensor || self.kind == Value::Kind::RawMemory || self.kind == Value::Kind::View;
    if (!self.isTile() && !arrayLike)
        fail(n, QStringLiteral("method call"), QStringLiteral("'.%1()' needs a tile receiver").arg(name));
    // Restored on every exit: a refusal unwinds through here too.
    struct Restore {
        KirLowering *l;
        TSNode call, self;
        Value value;
        ~Restore() { l->m_methodCall = call, l->m_methodSelf = self, l->m_methodSelfValue = value; }
    } restore{this, m_methodCall, m_methodSelf, m_methodSelfValue};
    m_methodCall = n;
    m_methodSelf = object;
    m_methodSelfValue = self;
    if (arrayLike)
        return arrayMethod(n, name, family, self);
    return callFamily(n, family, name);
}

KirLowering::Value KirLowering::call(TSNode n)
{
    const TSNode fn = node::field(n, "function");
    const QString q = m_imports->resolve(*m_src, fn);
    for (TSNode a : node::children(node::field(n, "arguments")))
        if (node::is(a, "list_splat") || node::is(a, "dictionary_splat"))
            fail(a, QStringLiteral("splat argument"), QStringLiteral("not lowered"));
    if (q.isEmpty() && node::is(fn, "attribute"))
        return method(n);
    if (q.isEmpty() && node::is(fn, "identifier") && (m_src->text(fn) == QLatin1String("min") || m_src->text(fn) == QLatin1String("max"))
        && !m_imports->binds(m_src->text(fn))) {
        // Python's min/max of two values: one lowering with ct.minimum/maximum.
        const auto args = node::children(node::field(n, "arguments"));
        if (args.size() != 2 || node::is(args[0], "keyword_argument") || node::is(args[1], "keyword_argument"))
            fail(n, QStringLiteral("%1()").arg(m_src->text(fn)), QStringLiteral("only the two-argument form is lowered"));
        return extremum(n, m_src->text(fn) == QLatin1String("max"));
    }
    if (q.isEmpty() && node::is(fn, "identifier") && m_src->text(fn) == QLatin1String("len") && !m_imports->binds(m_src->text(fn))
        && !m_analysis->helper(m_src->text(fn))) {
        // len() of a list parameter (its length argument) or of a tuple.
        const auto args = node::children(node::field(n, "arguments"));
        if (args.size() != 1 || node::is(args[0], "keyword_argument"))
            fail(n, QStringLiteral("len()"), QStringLiteral("takes one argument"));
        const Value x = expr(args[0]);
        if (x.kind == Value::Kind::Tuple)
            return literalInt(x.items.size());
        if (x.kind != Value::Kind::List)
            fail(n, QStringLiteral("len()"), QStringLiteral("only a list parameter's or a tuple's length is lowered"));
        Value v;
        v.ssa = kir::ListLenOp::create(m_b, loc(), m_b.getI32Type(), x.ssa);
        return v;
    }
    if (q.isEmpty() && node::is(fn, "identifier") && m_src->text(fn) == QLatin1String("divmod") && !m_imports->binds(m_src->text(fn))
        && !m_analysis->helper(m_src->text(fn)))
        return divmodPair(n); // Python's divmod, as ct.divmod
    if (!q.isEmpty() && node::is(fn, "identifier")) {
        if (const frontend::ImportedHelper *h = m_analysis->importedHelper(m_src->text(fn))) {
            const Value v = inlineHelper(n, h->name, h);
            if (v.kind == Value::Kind::Enum && v.name.isEmpty())
                fail(n, QStringLiteral("helper call"), QStringLiteral("'%1' returns no value").arg(m_src->text(fn)));
            return v;
        }
    }
    // A helper of this module (in an imported helper's module, any of its
    // functions: its own kernels need not call them).
    if (q.isEmpty() && node::is(fn, "identifier")
        && (m_analysis->helper(m_src->text(fn)) || (m_src != m_kernelSrc && !node::isNull(moduleFunction(m_src->text(fn)))))) {
        const Value v = inlineHelper(n, m_src->text(fn));
        if (v.kind == Value::Kind::Enum && v.name.isEmpty())
            fail(n, QStringLiteral("helper call"), QStringLiteral("'%1' returns no value").arg(m_src->text(fn)));
        return v;
    }
    return callFamily(n, loweringOf(q), q.mid(10)); // the name after "cuda.tile."
}

KirLowering::Value KirLowering::callFamily(TSNode n, ApiLowering family, const QString &name)
{
    const TSNode fn = node::field(n, "function");
    switch (family) {
    case ApiLowering::Bid: {
        const Value axis = expr(argument(n, 0, "axis"));
        if (axis.kind != Value::Kind::Int || axis.integer < 0 || axis.integer > 2)
            fail(n, QStringLiteral("ct.bid"), QStringLiteral("the axis must be a literal 0, 1 or 2"));
        Value v;
        v.ssa = kir::BidOp::create(m_b, loc(), m_b.getI32Type(), m_b.getI32IntegerAttr(int32_t(axis.integer)));
        return v;
    }
    case ApiLowering::NumBlocks: {
        const Value axis = expr(argument(n, 0, "axis"));
        if (axis.kind != Value::Kind::Int || axis.integer < 0 || axis.integer > 2)
            fail(n, QStringLiteral("ct.num_blocks"), QStringLiteral("axis must be a literal 0, 1 or 2"));
        Value v;
        v.ssa = kir::NumBlocksOp::create(m_b, loc(), m_b.getI32Type(), m_b.getI32IntegerAttr(int32_t(axis.integer)));
        return v;
    }
    case ApiLowering::CeilDiv: {
        const TSNode a = node::positional(n, 0), b = node::positional(n, 1);
        if (node::isNull(a) || node::isNull(b))
            fail(n, QStringLiteral("ct.cdiv"), QStringLiteral("takes two positional arguments"));
        const mlir::Value x = scalar(expr(a), a);
        const mlir::Value y = scalar(expr(b), b);
        Value v;
        v.ssa = kir::CeilDivOp::create(m_b, loc(), m_b.getI32Type(), x, y);
        return v;
    }
    case ApiLowering::NumTiles:
        return numTiles(n);
    case ApiLowering::Load:
        return load(n);
    case ApiLowering::Astype:
        return astype(n, TSNode{});
    case ApiLowering::Creation:
        return creation(n, name);
    case ApiLowering::Reduce:
        return reduction(n, name);
    case ApiLowering::Reshape:
        return reshape(n, false);
    case ApiLowering::Transpose:
        if (!node::isNull(argument(n, 1, "axis0")))
            return permute(n, QStringLiteral("transpose"));
        return reshape(n, true);
    case ApiLowering::Mma:
        return mma(n);
    case ApiLowering::MmaScaled:
        return mmaScaled(n);
    case ApiLowering::Math:
        return unaryMath(n, name);
    case ApiLowering::Extremum:
        return extremum(n, name == QLatin1String("maximum"));
    case ApiLowering::Where:
        return where(n);
    case ApiLowering::Gather:
        return gather(n);
    case ApiLowering::Item:
        return item(n);
    case ApiLowering::Permute:
        return permute(n, name);
    case ApiLowering::ExpandDims:
        return expandDims(n);
    case ApiLowering::BroadcastTo:
        return broadcastTo(n);
    case ApiLowering::Arith:
        return arithFunction(n, name);
    case ApiLowering::Compare:
    case ApiLowering::Unary:
        return operatorFunction(n, name);
    case ApiLowering::Bitcast:
        return bitcast(n);
    case ApiLowering::PackBytes:
        return packBytes(n);
    case ApiLowering::UnpackBytes:
        return unpackBytes(n);
    case ApiLowering::Atomic:
        return atomic(n, name);
    case ApiLowering::Matmul: {
        const Value a = tileValue(argument(n, 0, "x"), n);
        const Value b = tileValue(argument(n, 1, "y"), n);
        return matmulProduct(a, b, n);
    }
    case ApiLowering::Cat:
        return cat(n);
    case ApiLowering::Extract: {
        const Value x = tileValue(argument(n, 0, "x"), n);
        auto in = llvm::cast<kir::TileType>(x.ssa.getType());
        const auto index = indexArgument(argument(n, 1, "index"));
        const TSNode shapeNode = argument(n, 2, "shape");
        if (node::isNull(shapeNode))
            fail(n, QStringLiteral("ct.extract"), QStringLiteral("needs shape="));
        const mlir::ArrayAttr dims = shapeArgument(shapeNode);
        if (index.size() != in.getRank() || dims.size() != in.getRank())
            fail(n, QStringLiteral("ct.extract"), QStringLiteral("index and shape must have the tile's rank %1").arg(in.getRank()));
        llvm::SmallVector<mlir::Value> tiles;
        for (mlir::Value i : index)
            tiles.push_back(kir::ScalarToTileOp::create(m_b, loc(), kir::TileType::get(m_ctx, m_b.getArrayAttr({}), m_b.getI32Type()), i));
        Value out;
        out.ssa = kir::ExtractOp::create(m_b, loc(), kir::TileType::get(m_ctx, dims, in.getElementType()), x.ssa, tiles);
        return out;
    }
    case ApiLowering::ScanSum: {
        const Value x = tileValue(argument(n, 0, "x"), n);
        const int rank = int(llvm::cast<kir::TileType>(x.ssa.getType()).getRank());
        int axis = 0;
        if (const TSNode axisNode = argument(n, 1, "axis"); !node::isNull(axisNode)) {
            const Value av = expr(axisNode);
            if (av.kind != Value::Kind::Int)
                fail(axisNode, QStringLiteral("ct.%1 axis").arg(name), QStringLiteral("must be a literal int"));
            axis = int(av.integer < 0 ? av.integer + rank : av.integer);
        }
        const QString what = QStringLiteral("ct.") + name;
        if (axis < 0 || axis >= rank)
            fail(n, what + QStringLiteral(" axis"), QStringLiteral("out of range for rank %1").arg(rank));
        bool reverse = false;
        for (TSNode a : node::children(node::field(n, "arguments"))) {
            if (!node::is(a, "keyword_argument"))
                continue;
            const QString k = m_src->text(node::field(a, "name"));
            if (k == QLatin1String("x") || k == QLatin1String("axis"))
                continue;
            const Value v = expr(node::field(a, "value"));
            if (k == QLatin1String("reverse") && v.kind == Value::Kind::Bool)
                reverse = v.integer != 0;
            else
                fail(a, what, QStringLiteral("option '%1' is not lowered (reverse= takes a literal bool)").arg(k));
        }
        // cutile 0.4.0 compiles every scan with dim 0 (compile_scan_op
        // writes it whatever the argument), so only the first axis scans.
        if (axis != 0)
            fail(n, what, QStringLiteral("only axis 0 (of rank %1) can be scanned: cutile 0.4.0's scan_sum always scans dim 0").arg(rank));
        Value out;
        out.ssa = kir::ScanSumOp::create(m_b, loc(), x.ssa.getType(), x.ssa, m_b.getI32IntegerAttr(axis), m_b.getBoolAttr(reverse));
        return out;
    }
    case ApiLowering::Abs: {
        const Value x = tileValue(argument(n, 0, "x"), n);
        Value out;
        out.ssa = kir::MathOp::create(m_b, loc(), x.ssa.getType(), x.ssa, m_b.getStringAttr("abs"), mlir::StringAttr(), mlir::StringAttr());
        return out;
    }
    case ApiLowering::Print:
        return print(n, name);
    case ApiLowering::Astile:
        return astile(n);
    case ApiLowering::Assert:
        return assertion(n);
    case ApiLowering::StaticEval:
        return staticEval(n);
    case ApiLowering::StaticAssert:
        return staticAssert(n);
    case ApiLowering::EnsureConstant:
        return ensureConstant(n);
    case ApiLowering::AssumeDivisible:
        return assumeDivisible(n);
    case ApiLowering::DivMod:
        return divmodPair(n);
    case ApiLowering::StaticException:
        fail(n, QStringLiteral("ct.static_exception"), QStringLiteral("only `raise ct.static_exception(...)` uses it"));
    case ApiLowering::Store:
    case ApiLowering::Scatter:
    case ApiLowering::RawMemory: // array methods: arrayMethod()
    case ApiLowering::RawOffset:
    case ApiLowering::TiledView:
    case ApiLowering::ViewAccess:
    case ApiLowering::None:
        break;
    }
    fail(n, QStringLiteral("call"), QStringLiteral("'%1' is not lowered to the kernel IR yet").arg(m_src->flatText(fn)));
}

// `+x`, `-x`, `~x`, as cuTile Python emits them: on tiles negf / negi and
// x ^ all-ones; on a runtime scalar the op on its rank-0 tile; `-C` of a
// ct.Constant `0 - C`, which cutile folds.
KirLowering::Value KirLowering::unary(TSNode n)
{
    const QString op = QString::fromUtf8(node::operatorOf(n).data(), qsizetype(node::operatorOf(n).size()));
    const TSNode argNode = node::field(n, "argument");
    return unaryValue(op, expr(argNode), n, argNode);
}

// `OP a` for a unary operator OP (`-`, `~`, `+`), of the operator or of its
// function form (ct.negative, ct.bitwise_not).
KirLowering::Value KirLowering::unaryValue(const QString &op, const Value &a, TSNode n, TSNode argNode)
{
    if (op == QLatin1String("+"))
        return a;
    Value out;
    const auto viaRank0 = [&](mlir::Value x) {
        const auto rank0 = kir::TileType::get(m_ctx, m_b.getArrayAttr({}), x.getType());
        const mlir::Value t = kir::ScalarToTileOp::create(m_b, loc(), rank0, x);
        const mlir::Value neg = kir::NegOp::create(m_b, loc(), rank0, t);
        return mlir::Value(kir::TileToScalarOp::create(m_b, loc(), x.getType(), neg));
    };
    if (op == QLatin1String("~")) {
        if (a.isScalar() || a.kind == Value::Kind::Int) {
            const mlir::Value x = scalar(a, argNode);
            const mlir::Value ones = kir::ConstantOp::create(m_b, loc(), m_b.getI32Type(), m_b.getI64IntegerAttr(-1));
            out.ssa = kir::XorOp::create(m_b, loc(), m_b.getI32Type(), x, ones);
            return out;
        }
        if (!a.isTile())
            fail(n, QStringLiteral("unary ~"), QStringLiteral("needs an int or bool tile or an i32 scalar"));
        auto t = llvm::cast<kir::TileType>(a.ssa.getType());
        if (m_solver.isGeneric(t.getElementType()))
            unify(t.getElementType(), m_b.getI32Type(), n, QStringLiteral("unary ~"));
        const mlir::Type e = m_solver.resolve(t.getElementType());
        mlir::Attribute allOnes;
        if (e.isInteger(1))
            allOnes = m_b.getBoolAttr(true);
        else if (isIntegerType(e) && !llvm::cast<mlir::IntegerType>(e).isUnsigned())
            allOnes = m_b.getI64IntegerAttr(-1);
        else // cutile reads integer literals as i32: no unsigned all-ones constant
            fail(n, QStringLiteral("unary ~"), QStringLiteral("not lowered on this tile's dtype"));
        const mlir::Value c = kir::ConstantOp::create(m_b, loc(), t, allOnes);
        out.ssa = kir::XorOp::create(m_b, loc(), t, a.ssa, c);
        return out;
    }
    if (op != QLatin1String("-"))
        fail(n, QStringLiteral("unary %1").arg(op), QStringLiteral("not lowered"));
    if (a.kind == Value::Kind::Float) { // -math.inf, -np.pi: still a Python float
        out = a;
        out.number = -a.number;
        return out;
    }
    if (a.isTile()) {
        const mlir::Type e = m_solver.resolve(kir::elementTypeOf(a.ssa.getType()));
        if (!m_solver.isGeneric(e) && !isFloatType(e) && !(isIntegerType(e) && !llvm::cast<mlir::IntegerType>(e).isUnsigned()))
            fail(n, QStringLiteral("unary -"), QStringLiteral("negation of this tile's dtype is not lowered"));
        out.ssa = kir::NegOp::create(m_b, loc(), a.ssa.getType(), a.ssa);
        return out;
    }
    if (a.isScalar() && isFloatType(m_solver.resolve(a.ssa.getType()))) {
        out.ssa = viaRank0(a.ssa);
        return out;
    }
    if (a.isScalar() || a.kind == Value::Kind::Int) {
        const mlir::Value x = scalar(a, argNode);
        if (x.getDefiningOp<kir::ConstParamOp>()) {
            const mlir::Value zero = kir::ConstantOp::create(m_b, loc(), m_b.getI32Type(), m_b.getI64IntegerAttr(0));
            out.ssa = kir::SubOp::create(m_b, loc(), m_b.getI32Type(), zero, x);
            return out;
        }
        out.ssa = viaRank0(x);
        return out;
    }
    fail(n, QStringLiteral("unary -"), QStringLiteral("operand not lowered"));
}

// A comparison with a tile side: both brought to the tile's dtype and the
// broadcast shape, then `<op>_tile`, a bool tile. Scalar comparisons (for
// `if`) are not in the kernel IR yet.
// `negate` lowers `not (a OP b)`: on integer scalars the inverted operator
// (a const-generic test that cutile still folds); on floats `not (a < b)`
// holds for NaN where `a >= b` does not, so there, and on tiles, the
// comparison is negated as a bool (negatedValue).
KirLowering::Value KirLowering::comparison(TSNode n, bool negate)
{
    const auto ch = node::children(n);
    if (ch.size() != 2)
        fail(n, QStringLiteral("chained comparison"), QStringLiteral("not lowered"));
    const QString op = m_src->text(ts_node_child(n, 1));
    const Value a = expr(ch[0]);
    const Value b = expr(ch[1]);
    return compareValues(op, a, b, n, ch[0], ch[1], negate);
}

// `a OP b` for a comparison operator OP, of the operator or of its function
// form (ct.equal, ct.less, ...).
KirLowering::Value KirLowering::compareValues(const QString &op, const Value &a, const Value &b, TSNode n, TSNode an, TSNode bn, bool negate)
{
    static const QHash<QString, QString> preds{{QStringLiteral("<"), QStringLiteral("lt")}, {QStringLiteral("<="), QStringLiteral("le")},
                                               {QStringLiteral(">"), QStringLiteral("gt")}, {QStringLiteral(">="), QStringLiteral("ge")},
                                               {QStringLiteral("=="), QStringLiteral("eq")}, {QStringLiteral("!="), QStringLiteral("ne")}};
    if (!preds.contains(op))
        fail(n, QStringLiteral("comparison %1").arg(op), QStringLiteral("not lowered"));
    if (a.kind == Value::Kind::DType || b.kind == Value::Kind::DType) {
        // `A.dtype == ct.float32` is decided now: both sides known, or A's
        // dtype still generic, where this entry answers "no" and serves the
        // other dtypes, and an entry with A of that dtype is asked for.
        if (a.kind != Value::Kind::DType || b.kind != Value::Kind::DType || (op != QLatin1String("==") && op != QLatin1String("!=")))
            fail(n, QStringLiteral("dtype comparison"), QStringLiteral("only dtype == dtype and dtype != dtype are lowered"));
        const mlir::Type ra = m_solver.resolve(a.dtype), rb = m_solver.resolve(b.dtype);
        bool equal = ra == rb;
        if (m_solver.isGeneric(ra) != m_solver.isGeneric(rb)) {
            recordDtypeTest(m_solver.isGeneric(ra) ? ra : rb, m_solver.isGeneric(ra) ? rb : ra, n, QStringLiteral("dtype comparison"));
            equal = false;
        } else if (m_solver.isGeneric(ra) && ra != rb) {
            fail(n, QStringLiteral("dtype comparison"), QStringLiteral("compares two generic dtypes, which only a launch decides"));
        }
        return boolLiteral((op == QLatin1String("==")) == equal);
    }
    if (a.isLiteral() && b.isLiteral()) {
        // Known now (a helper's parameter bound to a literal against a
        // module constant): decided, as Python compares the two numbers.
        const bool ints = a.kind != Value::Kind::Float && b.kind != Value::Kind::Float;
        const auto cmp = [&](auto x, auto y) {
            const QString p = preds.value(op);
            return p == QLatin1String("lt") ? x < y : p == QLatin1String("le") ? x <= y : p == QLatin1String("gt") ? x > y
                 : p == QLatin1String("ge") ? x >= y : p == QLatin1String("eq") ? x == y : x != y;
        };
        const bool r = ints ? cmp(a.integer, b.integer) : cmp(a.number, b.number);
        return boolLiteral(negate ? !r : r);
    }
    Value out;
    if (!a.isTile() && !b.isTile()) {
        const auto isF32 = [&](const Value &v) {
            return v.kind == Value::Kind::Float || (v.isScalar() && m_solver.resolve(v.ssa.getType()).isF32());
        };
        if (isF32(a) || isF32(b)) {
            // A float comparison (a ct.Constant[float] against a literal, say).
            const auto side = [&](const Value &v, TSNode at) -> mlir::Value {
                if (v.isLiteral())
                    return kir::ConstantOp::create(m_b, loc(), m_b.getF32Type(), m_b.getF64FloatAttr(v.number));
                if (isF32(v))
                    return v.ssa;
                return kir::ConvertOp::create(m_b, loc(), m_b.getF32Type(), scalar(v, at));
            };
            const mlir::Value x = side(a, an), y = side(b, bn);
            out.ssa = kir::CmpOp::create(m_b, loc(), m_b.getI1Type(), m_b.getStringAttr(preds.value(op).toStdString()), x, y);
            return negate ? negatedValue(out, n) : out;
        }
        static const QHash<QString, QString> inverse{{QStringLiteral("lt"), QStringLiteral("ge")}, {QStringLiteral("le"), QStringLiteral("gt")},
                                                     {QStringLiteral("gt"), QStringLiteral("le")}, {QStringLiteral("ge"), QStringLiteral("lt")},
                                                     {QStringLiteral("eq"), QStringLiteral("ne")}, {QStringLiteral("ne"), QStringLiteral("eq")}};
        const mlir::Value x = scalar(a, an), y = scalar(b, bn);
        const QString pred = negate ? inverse.value(preds.value(op)) : preds.value(op);
        out.ssa = kir::CmpOp::create(m_b, loc(), m_b.getI1Type(), m_b.getStringAttr(pred.toStdString()), x, y);
        return out;
    }
    auto first = llvm::cast<kir::TileType>((a.isTile() ? a : b).ssa.getType());
    mlir::ArrayAttr dims = first.getDims();
    if (a.isTile() && b.isTile())
        dims = broadcastDims(llvm::cast<kir::TileType>(a.ssa.getType()).getDims(), llvm::cast<kir::TileType>(b.ssa.getType()).getDims(), n);
    const auto like = kir::TileType::get(m_ctx, dims, first.getElementType());
    const mlir::Value x = toTile(a, like, an), y = toTile(b, like, bn);
    out.ssa = kir::CmpOp::create(m_b, loc(), like.withElementType(m_b.getI1Type()), m_b.getStringAttr(preds.value(op).toStdString()), x, y);
    return negate ? negatedValue(out, n) : out;
}

// ct.where(cond, x, y): a bool tile condition; the values take the dtype of
// the first tile among them (two literals: Python's default of their
// kind); all three brought to the broadcast shape.
KirLowering::Value KirLowering::where(TSNode c)
{
    const Value cond = tileValue(argument(c, 0, "cond"), c);
    const Value a = expr(argument(c, 1, "x"));
    const Value b = expr(argument(c, 2, "y"));
    auto ct = llvm::cast<kir::TileType>(cond.ssa.getType());
    if (m_solver.isGeneric(ct.getElementType())) // a mask loaded from an array: a bool array
        unify(ct.getElementType(), m_b.getI1Type(), c, QStringLiteral("ct.where condition"));
    if (!m_solver.resolve(ct.getElementType()).isInteger(1))
        fail(c, QStringLiteral("ct.where"), QStringLiteral("the condition must be a bool tile"));
    mlir::Type dtype;
    if (a.isTile())
        dtype = kir::elementTypeOf(a.ssa.getType());
    else if (b.isTile())
        dtype = kir::elementTypeOf(b.ssa.getType());
    else if (a.isLiteral() && b.isLiteral())
        dtype = a.kind == Value::Kind::Float || b.kind == Value::Kind::Float ? mlir::Type(m_b.getF32Type()) : mlir::Type(m_b.getI32Type());
    else
        fail(c, QStringLiteral("ct.where"), QStringLiteral("one of the values must be a tile or both literals"));
    mlir::ArrayAttr dims = broadcastDims(ct.getDims(), a.isTile() ? llvm::cast<kir::TileType>(a.ssa.getType()).getDims() : ct.getDims(), c);
    dims = broadcastDims(dims, b.isTile() ? llvm::cast<kir::TileType>(b.ssa.getType()).getDims() : dims, c);
    const mlir::Value tc = toTile(cond, kir::TileType::get(m_ctx, dims, m_b.getI1Type()), c);
    const auto like = kir::TileType::get(m_ctx, dims, dtype);
    const mlir::Value ta = toTile(a, like, argument(c, 1, "x")), tb = toTile(b, like, argument(c, 2, "y"));
    Value out;
    out.ssa = kir::SelectOp::create(m_b, loc(), like, tc, ta, tb);
    return out;
}

// a.shape[i]: launch metadata, no Tile IR op, as in Python.
KirLowering::Value KirLowering::subscript(TSNode n)
{
    const TSNode value = node::field(n, "value");
    const auto subs = node::fieldChildren(n, "subscript");
    if (node::is(value, "attribute") && m_src->text(node::field(value, "attribute")) == QLatin1String("shape") && subs.size() == 1
        && node::is(subs[0], "integer")) {
        const Value t = expr(node::field(value, "object"));
        const int i = m_src->text(subs[0]).toInt();
        if (t.kind == Value::Kind::Tensor && i >= 0 && unsigned(i) < llvm::cast<kir::TensorType>(t.ssa.getType()).getRank()
            && !m_blockOutputs.contains(t.name)) {
            Value v;
            v.ssa = kir::DimOp::create(m_b, loc(), m_b.getI32Type(), t.ssa, m_b.getI32IntegerAttr(i));
            return v;
        }
    }
    // t[:, None] / t[None, :]: a new axis of extent 1 (a reshape).
    const Value t = expr(value);
    if (t.kind == Value::Kind::List) {
        // xs[i]: the item's row of the list's table, viewed as a tensor.
        if (subs.size() != 1 || node::is(subs[0], "slice"))
            fail(n, QStringLiteral("subscript"), QStringLiteral("a list is indexed by one integer"));
        const mlir::Value i = scalar(expr(subs[0]), subs[0]);
        auto list = llvm::cast<kir::ListType>(t.ssa.getType());
        Value item;
        item.kind = Value::Kind::Tensor;
        item.name = m_src->flatText(n);
        item.ssa = kir::ListItemOp::create(m_b, loc(), kir::TensorType::get(m_ctx, list.getElementType(), list.getRank(), m_b.getArrayAttr({})),
                                           t.ssa, i);
        return item;
    }
    if (t.kind == Value::Kind::Tuple && subs.size() == 1 && !node::is(subs[0], "slice")) {
        // `x.shape[-1]`, `idx[0]`: an item of a tuple, counted from the end
        // when negative, as Python does.
        const Value i = expr(subs[0]);
        const qint64 size = t.items.size();
        if (i.kind != Value::Kind::Int || i.integer < -size || i.integer >= size)
            fail(subs[0], QStringLiteral("subscript"), QStringLiteral("a tuple's index must be an int literal in range"));
        return t.items[int(i.integer < 0 ? i.integer + size : i.integer)];
    }
    if (t.isTile()) {
        auto tile = llvm::cast<kir::TileType>(t.ssa.getType());
        llvm::SmallVector<mlir::Attribute> dims;
        unsigned axis = 0;
        for (TSNode s : subs) {
            if (m_src->text(s) == QLatin1String("None"))
                dims.push_back(kir::literalDim(m_ctx, 1));
            else if (node::is(s, "slice") && m_src->text(s) == QLatin1String(":") && axis < tile.getRank())
                dims.push_back(tile.getDims()[axis++]);
            else
                fail(s, QStringLiteral("subscript"), QStringLiteral("only ':' and None are lowered on tiles"));
        }
        if (axis != tile.getRank())
            fail(n, QStringLiteral("subscript"), QStringLiteral("name every axis of the tile with ':'"));
        Value out;
        out.ssa = kir::ReshapeOp::create(m_b, loc(), kir::TileType::get(m_ctx, m_b.getArrayAttr(dims), tile.getElementType()), t.ssa);
        return out;
    }
    fail(n, QStringLiteral("subscript"), QStringLiteral("only tuple[i] with a literal i (x.shape[i] included) and tile[:, None] are lowered"));
}

// ct.sum / max / min / prod: one reduce per axis (a full reduction reduces
// axis 0 down to rank 0, as cuTile Python does); keepdims reshapes to the
// input's rank. Without keepdims a result with a const-generic dim or an
// array's generic dtype is converted to its own type: cutile types a reduce
// from the instantiated shape, everything else from its annotation, and
// compares operand types by their spelling.
KirLowering::Value KirLowering::reduction(TSNode c, const QString &kind)
{
    const TSNode xNode = argument(c, 0, "x");
    if (node::isNull(xNode))
        fail(c, QStringLiteral("tile argument"), QStringLiteral("missing"));
    const Value x = tileValue(xNode, c);
    auto in = llvm::cast<kir::TileType>(x.ssa.getType());
    const TSNode axisNode = argument(c, 1, "axis");
    const TSNode keepNode = argument(c, 2, "keepdims");
    bool keep = false;
    if (!node::isNull(keepNode)) {
        const Value k = expr(keepNode);
        if (k.kind != Value::Kind::Bool)
            fail(keepNode, QStringLiteral("keepdims"), QStringLiteral("must be a literal bool"));
        keep = k.integer != 0;
    }
    const auto reduce = [&](mlir::Value v, int axis) {
        auto t = llvm::cast<kir::TileType>(v.getType());
        llvm::SmallVector<mlir::Attribute> dims(t.getDims().begin(), t.getDims().end());
        dims.erase(dims.begin() + axis);
        return mlir::Value(kir::ReduceOp::create(m_b, loc(), kir::TileType::get(m_ctx, m_b.getArrayAttr(dims), t.getElementType()), v,
                                                 m_b.getStringAttr(kind.toStdString()), m_b.getI32IntegerAttr(axis)));
    };
    mlir::Value out = x.ssa;
    llvm::SmallVector<mlir::Attribute> kept(in.getDims().begin(), in.getDims().end());
    if (node::isNull(axisNode) || m_src->text(node::unparen(axisNode)) == QLatin1String("None")) {
        for (unsigned i = 0; i < in.getRank(); ++i)
            out = reduce(out, 0);
        for (mlir::Attribute &d : kept)
            d = kir::literalDim(m_ctx, 1);
    } else {
        const Value av = expr(axisNode);
        if (av.kind != Value::Kind::Int)
            fail(axisNode, QStringLiteral("reduction axis"), QStringLiteral("must be a literal int"));
        int axis = int(av.integer);
        if (axis < 0)
            axis += int(in.getRank());
        if (axis < 0 || axis >= int(in.getRank()))
            fail(axisNode, QStringLiteral("reduction axis"), QStringLiteral("out of range for rank %1").arg(in.getRank()));
        out = reduce(out, axis);
        kept[size_t(axis)] = kir::literalDim(m_ctx, 1);
    }
    auto reduced = llvm::cast<kir::TileType>(out.getType());
    if (keep) {
        out = kir::ReshapeOp::create(m_b, loc(), kir::TileType::get(m_ctx, m_b.getArrayAttr(kept), in.getElementType()), out);
    } else {
        bool symbolic = m_solver.isGeneric(in.getElementType());
        for (mlir::Attribute d : reduced.getDims())
            symbolic = symbolic || llvm::isa<mlir::StringAttr>(d);
        if (symbolic)
            out = kir::ConvertOp::create(m_b, loc(), reduced, out);
    }
    Value v;
    v.ssa = out;
    return v;
}

// ct.reshape(x, shape) and the rank-2 ct.transpose(x).
KirLowering::Value KirLowering::reshape(TSNode c, bool transpose)
{
    const Value x = tileValue(argument(c, 0, "x"), c);
    auto in = llvm::cast<kir::TileType>(x.ssa.getType());
    Value out;
    if (transpose) {
        if (in.getRank() != 2 || !node::isNull(argument(c, 1, "axis0")))
            fail(c, QStringLiteral("ct.transpose"), QStringLiteral("only the rank-2 form without axes is lowered"));
        out.ssa = kir::TransposeOp::create(
            m_b, loc(), kir::TileType::get(m_ctx, m_b.getArrayAttr({in.getDims()[1], in.getDims()[0]}), in.getElementType()), x.ssa);
        return out;
    }
    mlir::ArrayAttr dims = shapeArgument(argument(c, 1, "shape"), true);
    const mlir::Attribute infer = kir::literalDim(m_ctx, -1);
    if (std::find(dims.begin(), dims.end(), infer) != dims.end()) {
        // `-1`: what the other dims leave of the tile's elements.
        llvm::SmallVector<mlir::Attribute> known, all(dims.begin(), dims.end());
        std::copy_if(dims.begin(), dims.end(), std::back_inserter(known), [&](mlir::Attribute d) { return d != infer; });
        *std::find(all.begin(), all.end(), infer) = quotientDim(in.getDims(), known, c);
        dims = m_b.getArrayAttr(all);
    }
    out.ssa = kir::ReshapeOp::create(m_b, loc(), kir::TileType::get(m_ctx, dims, in.getElementType()), x.ssa);
    return out;
}

// ct.mma(a, b, acc): rank-2 tiles that chain; a and b share a dtype, the
// accumulator keeps its own.
KirLowering::Value KirLowering::mma(TSNode c)
{
    const TSNode an = argument(c, 0, "x"), bn = argument(c, 1, "y"), accn = argument(c, 2, "acc");
    const Value a = tileValue(an, c), b = tileValue(bn, c), acc = tileValue(accn, c);
    auto ta = llvm::cast<kir::TileType>(a.ssa.getType()), tb = llvm::cast<kir::TileType>(b.ssa.getType()),
         tc = llvm::cast<kir::TileType>(acc.ssa.getType());
    // Rank 2, or rank 3 with one batch axis (cutile's mmaf; its mmai would
    // need the signedness, so integer batches are not lowered).
    const unsigned r = ta.getRank();
    if ((r != 2 && r != 3) || tb.getRank() != r || tc.getRank() != r)
        fail(c, QStringLiteral("ct.mma"), QStringLiteral("the operands must all be rank 2, or all rank 3 (a batch axis)"));
    const auto d = [](kir::TileType t, unsigned i) { return t.getDims()[t.getRank() - 2 + i]; };
    if (d(ta, 1) != d(tb, 0) || d(ta, 0) != d(tc, 0) || d(tb, 1) != d(tc, 1)
        || (r == 3 && (ta.getDims()[0] != tb.getDims()[0] || ta.getDims()[0] != tc.getDims()[0])))
        fail(c, QStringLiteral("ct.mma"), QStringLiteral("the operand shapes do not chain"));
    unify(ta.getElementType(), tb.getElementType(), c, QStringLiteral("ct.mma operands"));
    if (r == 3 && isIntegerType(m_solver.resolve(ta.getElementType())))
        fail(c, QStringLiteral("ct.mma"), QStringLiteral("a batched integer mma is not lowered (cutile's mmai takes signedness modes)"));
    Value out;
    out.ssa = kir::MmaOp::create(m_b, loc(), tc, a.ssa, b.ssa, acc.ssa);
    return out;
}

// ct.mma_scaled(x, x_scale, y, y_scale, acc): cutile's mmaf_scaled, the
// block scales along K; the f32 accumulator keeps its type.
KirLowering::Value KirLowering::mmaScaled(TSNode c)
{
    const TSNode an = argument(c, 0, "x"), asn = argument(c, 1, "x_scale"), bn = argument(c, 2, "y"), bsn = argument(c, 3, "y_scale"),
                 accn = argument(c, 4, "acc");
    const Value a = tileValue(an, c), as = tileValue(asn, c), b = tileValue(bn, c), bs = tileValue(bsn, c), acc = tileValue(accn, c);
    auto ta = llvm::cast<kir::TileType>(a.ssa.getType()), tas = llvm::cast<kir::TileType>(as.ssa.getType()),
         tb = llvm::cast<kir::TileType>(b.ssa.getType()), tbs = llvm::cast<kir::TileType>(bs.ssa.getType()),
         tc = llvm::cast<kir::TileType>(acc.ssa.getType());
    const unsigned r = ta.getRank();
    if ((r != 2 && r != 3) || tas.getRank() != r || tb.getRank() != r || tbs.getRank() != r || tc.getRank() != r)
        fail(c, QStringLiteral("ct.mma_scaled"), QStringLiteral("the operands and scales must all be rank 2, or all rank 3 (a batch axis)"));
    if (r == 3 && (ta.getDims()[0] != tb.getDims()[0] || ta.getDims()[0] != tc.getDims()[0] || tas.getDims()[0] != ta.getDims()[0]
                   || tbs.getDims()[0] != tb.getDims()[0]))
        fail(c, QStringLiteral("ct.mma_scaled"), QStringLiteral("a batched mma_scaled is lowered with one batch extent on every operand (no broadcast)"));
    const auto d = [](kir::TileType t, unsigned i) { return t.getDims()[t.getRank() - 2 + i]; };
    if (d(ta, 1) != d(tb, 0) || d(ta, 0) != d(tc, 0) || d(tb, 1) != d(tc, 1))
        fail(c, QStringLiteral("ct.mma_scaled"), QStringLiteral("the operand shapes do not chain"));
    if (d(tas, 0) != d(ta, 0) || d(tbs, 1) != d(tb, 1) || d(tas, 1) != d(tbs, 0))
        fail(c, QStringLiteral("ct.mma_scaled"), QStringLiteral("the scales must be [M, Ks] and [Ks, N] for operands [M, K] and [K, N]"));
    unify(ta.getElementType(), tb.getElementType(), c, QStringLiteral("ct.mma_scaled operands"));
    unify(tas.getElementType(), tbs.getElementType(), c, QStringLiteral("ct.mma_scaled scales"));
    unify(tc.getElementType(), m_b.getF32Type(), accn, QStringLiteral("ct.mma_scaled accumulator (f32)"));
    Value out;
    out.ssa = kir::MmaScaledOp::create(m_b, loc(), acc.ssa.getType(), a.ssa, as.ssa, b.ssa, bs.ssa, acc.ssa);
    return out;
}

KirLowering::Value KirLowering::tileValue(TSNode n, TSNode call)
{
    if (node::isNull(n))
        fail(call, QStringLiteral("tile argument"), QStringLiteral("missing"));
    Value v = expr(n);
    if (v.isScalar()) {
        // cuTile Python reads a scalar as a rank-0 tile (ct.sqrt(x),
        // ct.sum(x) of a scalar x): here it becomes one.
        const mlir::Type st = m_solver.resolve(v.ssa.getType());
        v.ssa = kir::ScalarToTileOp::create(m_b, loc(), kir::TileType::get(m_ctx, m_b.getArrayAttr({}), st), v.ssa);
    }
    if (!v.isTile())
        fail(n, QStringLiteral("tile argument"), QStringLiteral("expected a tile, or a scalar read as a rank-0 one"));
    return v;
}

// ct.exp, ct.sqrt, ...: flush_to_zero= and rounding_mode= where cutile has
// a form for them; other combinations are refused, as the legacy lowering
// refuses them.
KirLowering::Value KirLowering::unaryMath(TSNode c, const QString &fn)
{
    const Value x = tileValue(argument(c, 0, "x"), c);
    if (auto var = llvm::dyn_cast<kir::VarType>(m_solver.resolve(llvm::cast<kir::TileType>(x.ssa.getType()).getElementType()));
        var && var.getScalar())
        unify(var, m_b.getF32Type(), c, QStringLiteral("math operand")); // a Python float argument: cuTile Python's float32
    QString ftz, rounding;
    for (TSNode a : node::children(node::field(c, "arguments"))) {
        if (!node::is(a, "keyword_argument"))
            continue;
        const QString k = m_src->text(node::field(a, "name"));
        if (k == QLatin1String("x"))
            continue;
        const Value v = expr(node::field(a, "value"));
        if (v.kind == Value::Kind::Enum && v.name.isEmpty())
            continue; // None: the option's default, as cuTile Python reads it
        if (k == QLatin1String("flush_to_zero")) {
            if (v.kind != Value::Kind::Bool)
                fail(a, QStringLiteral("ct.%1").arg(fn), QStringLiteral("flush_to_zero must be a literal bool"));
            ftz = v.integer ? QStringLiteral("Enabled") : QStringLiteral("Disabled");
        } else if (k == QLatin1String("rounding_mode")) {
            rounding = RustNames::roundingMode(v.kind == Value::Kind::Enum ? v.name : QString());
            if (rounding.isEmpty())
                fail(a, QStringLiteral("ct.%1").arg(fn), QStringLiteral("rounding_mode '%1' is not lowered").arg(m_src->text(node::field(a, "value"))));
        } else {
            fail(a, QStringLiteral("ct.%1").arg(fn), QStringLiteral("option '%1' is not lowered").arg(k));
        }
    }
    const bool ftzForm = fn == QLatin1String("rsqrt") || fn == QLatin1String("exp2");
    if (ftzForm && !rounding.isEmpty())
        fail(c, QStringLiteral("ct.%1").arg(fn), QStringLiteral("rounding_mode is not lowered for this function"));
    if (!ftzForm && fn != QLatin1String("sqrt")
        && !((fn == QLatin1String("exp") || fn == QLatin1String("tanh"))
             && (rounding == QLatin1String("Approx") || rounding == QLatin1String("Full")) && ftz.isEmpty())
        && (!ftz.isEmpty() || !rounding.isEmpty()))
        fail(c, QStringLiteral("ct.%1").arg(fn), QStringLiteral("these flush_to_zero/rounding_mode options are not lowered"));
    Value out;
    out.ssa = kir::MathOp::create(m_b, loc(), x.ssa.getType(), x.ssa, m_b.getStringAttr(fn.toStdString()),
                                  rounding.isEmpty() ? mlir::StringAttr() : m_b.getStringAttr(rounding.toStdString()),
                                  ftz.isEmpty() ? mlir::StringAttr() : m_b.getStringAttr(ftz.toStdString()));
    return out;
}

// ct.maximum / ct.minimum: of tiles as an element-wise op (maxf/minf
// without NaN propagation, maxi/mini), of two i32 scalars max/min.
KirLowering::Value KirLowering::extremum(TSNode c, bool maximum)
{
    const TSNode an = argument(c, 0, "x"), bn = argument(c, 1, "y");
    const Value a = expr(an), b = expr(bn);
    const auto build = [&](mlir::Type t, mlir::Value x, mlir::Value y) {
        return maximum ? mlir::Value(kir::MaximumOp::create(m_b, loc(), t, x, y)) : mlir::Value(kir::MinimumOp::create(m_b, loc(), t, x, y));
    };
    Value out;
    if (!a.isTile() && !b.isTile()) {
        const mlir::Value x = scalar(a, an), y = scalar(b, bn);
        out.ssa = build(m_b.getI32Type(), x, y);
        return out;
    }
    kir::TileType like;
    if (a.isTile() && b.isTile()) {
        auto ta = llvm::cast<kir::TileType>(a.ssa.getType()), tb = llvm::cast<kir::TileType>(b.ssa.getType());
        like = kir::TileType::get(m_ctx, broadcastDims(ta.getDims(), tb.getDims(), c), commonElement(ta.getElementType(), tb.getElementType(), c));
    } else {
        like = llvm::cast<kir::TileType>((a.isTile() ? a : b).ssa.getType());
        const Value &other = a.isTile() ? b : a;
        if (other.kind == Value::Kind::Float && isIntegerType(m_solver.resolve(like.getElementType())))
            like = like.withElementType(m_b.getF32Type()); // Python's loosely typed float promotes to f32
    }
    const mlir::Type e = m_solver.resolve(like.getElementType());
    if (!isIntegerType(e) && !m_solver.isGeneric(e) && !isFloatType(e))
        fail(c, QStringLiteral("ct.%1").arg(maximum ? QStringLiteral("maximum") : QStringLiteral("minimum")),
             QStringLiteral("operands of this dtype are not lowered"));
    const mlir::Value x = toTile(a, like, an), y = toTile(b, like, bn);
    out.ssa = build(like, x, y);
    return out;
}

// ct.arange (an i32 iota), and ct.zeros / ones / full of a literal and a
// decided dtype (a constant tile).
KirLowering::Value KirLowering::creation(TSNode c, const QString &name)
{
    Value out;
    if (name == QLatin1String("arange")) {
        // As cuTile Python: an iota of an integer dtype, or of int32 then
        // converted to a float one; then `* step` and `+ start`, each in
        // the dtype.
        const mlir::ArrayAttr dims = shapeArgument(argument(c, 0, "size"));
        const TSNode dt = argument(c, -1, "dtype");
        const mlir::Type d = node::isNull(dt) ? mlir::Type(m_b.getI32Type()) : dtypeArgument(dt);
        const bool integral = isIntegerType(d) && !d.isInteger(1);
        if (!integral && !isFloatType(d))
            fail(c, QStringLiteral("ct.arange"), QStringLiteral("the dtype must be an integer or float type"));
        const auto tile = kir::TileType::get(m_ctx, dims, d);
        out.ssa = kir::IotaOp::create(m_b, loc(), integral ? tile : tile.withElementType(m_b.getI32Type()));
        if (!integral)
            out.ssa = kir::ConvertOp::create(m_b, loc(), tile, out.ssa);
        for (const char *option : {"step", "start"}) {
            const TSNode on = argument(c, -1, option);
            if (node::isNull(on))
                continue;
            const Value v = expr(on);
            if (v.isLiteral() && v.integer == (qstrcmp(option, "step") == 0 ? 1 : 0) && v.kind == Value::Kind::Int)
                continue; // Python leaves the default out
            const mlir::Value s = toTile(v, tile, on);
            out.ssa = qstrcmp(option, "step") == 0 ? mlir::Value(kir::MulOp::create(m_b, loc(), tile, out.ssa, s))
                                                   : mlir::Value(kir::AddOp::create(m_b, loc(), tile, out.ssa, s));
        }
        return out;
    }
    const mlir::ArrayAttr dims = shapeArgument(argument(c, 0, "shape"));
    Value value;
    TSNode dtypeNode;
    if (name == QLatin1String("full")) {
        value = expr(argument(c, 1, "fill_value"));
        dtypeNode = argument(c, 2, "dtype");
    } else {
        value.kind = Value::Kind::Int;
        value.integer = name == QLatin1String("ones") ? 1 : 0;
        value.number = double(value.integer);
        dtypeNode = argument(c, 1, "dtype");
    }
    if (node::isNull(dtypeNode))
        fail(c, QStringLiteral("ct.%1").arg(name), QStringLiteral("needs an explicit dtype"));
    const mlir::Type dtype = dtypeArgument(dtypeNode);
    if (value.isScalar()) {
        // A runtime fill: the scalar as a rank-0 tile, converted, then
        // brought to the shape.
        const mlir::Type from = m_solver.resolve(value.ssa.getType());
        if (llvm::isa<kir::VarType>(from))
            fail(c, QStringLiteral("ct.%1").arg(name), QStringLiteral("the fill value's dtype is not known here"));
        const auto rank0 = kir::TileType::get(m_ctx, m_b.getArrayAttr({}), from);
        mlir::Value t = kir::ScalarToTileOp::create(m_b, loc(), rank0, value.ssa);
        if (m_solver.resolve(dtype) != from)
            t = kir::ConvertOp::create(m_b, loc(), rank0.withElementType(dtype), t);
        out.ssa = broadcastTile(t, kir::TileType::get(m_ctx, dims, dtype), c);
        return out;
    }
    if (!value.isLiteral())
        fail(c, QStringLiteral("ct.%1").arg(name), QStringLiteral("the fill value must be a constant"));
    out.ssa = toTile(value, kir::TileType::get(m_ctx, dims, dtype), c);
    return out;
}

} // namespace tileport::rust

namespace tileport::rust {

// `t.item()`: a one-element tile as a scalar, through its rank-0 form.
KirLowering::Value KirLowering::item(TSNode c)
{
    const Value t = tileValue(argument(c, 0, "x"), c);
    auto tile = llvm::cast<kir::TileType>(t.ssa.getType());
    for (mlir::Attribute d : tile.getDims())
        if (d != kir::literalDim(m_ctx, 1))
            fail(c, QStringLiteral("method call"), QStringLiteral("'.item()' needs a tile of one element"));
    mlir::Value rank0 = t.ssa;
    if (tile.getRank() != 0)
        rank0 = kir::ReshapeOp::create(m_b, loc(), kir::TileType::get(m_ctx, m_b.getArrayAttr({}), tile.getElementType()), t.ssa);
    Value out;
    out.ssa = kir::TileToScalarOp::create(m_b, loc(), tile.getElementType(), rank0);
    return out;
}

// ct.permute(x, axes), and ct.transpose(x, axis0, axis1) as the permutation
// swapping two axes (the rank-2 form without axes is kir.transpose).
KirLowering::Value KirLowering::permute(TSNode c, const QString &name)
{
    const Value x = tileValue(argument(c, 0, "x"), c);
    auto in = llvm::cast<kir::TileType>(x.ssa.getType());
    const int rank = int(in.getRank());
    llvm::SmallVector<int32_t> axes;
    const auto literalAxis = [&](TSNode a, int bound) {
        const Value v = expr(a);
        if (v.kind != Value::Kind::Int)
            fail(a, QStringLiteral("ct.%1").arg(name), QStringLiteral("axes must be literal ints"));
        const int axis = int(v.integer < 0 ? v.integer + bound : v.integer);
        if (axis < 0 || axis >= bound)
            fail(a, QStringLiteral("ct.%1").arg(name), QStringLiteral("axis %1 is out of range for a rank-%2 tile").arg(v.integer).arg(rank));
        return int32_t(axis);
    };
    if (name == QLatin1String("permute")) {
        const TSNode an = node::unparen(argument(c, 1, "axes"));
        if (!node::is(an, "tuple") && !node::is(an, "list"))
            fail(c, QStringLiteral("ct.permute"), QStringLiteral("axes must be a literal tuple"));
        for (TSNode a : node::children(an))
            axes.push_back(literalAxis(a, rank));
    } else {
        for (int i = 0; i < rank; ++i)
            axes.push_back(i);
        const int32_t a0 = literalAxis(argument(c, 1, "axis0"), rank), a1 = literalAxis(argument(c, 2, "axis1"), rank);
        std::swap(axes[size_t(a0)], axes[size_t(a1)]);
    }
    llvm::SmallVector<bool> seen(size_t(rank), false);
    llvm::SmallVector<mlir::Attribute> dims;
    for (int32_t a : axes) {
        if (int(axes.size()) != rank || seen[size_t(a)])
            fail(c, QStringLiteral("ct.%1").arg(name), QStringLiteral("axes must be a permutation of the tile's %1 axes").arg(rank));
        seen[size_t(a)] = true;
        dims.push_back(in.getDims()[size_t(a)]);
    }
    Value out;
    out.ssa = kir::PermuteOp::create(m_b, loc(), kir::TileType::get(m_ctx, m_b.getArrayAttr(dims), in.getElementType()), x.ssa,
                                     m_b.getDenseI32ArrayAttr(axes));
    return out;
}

// ct.expand_dims(x, axis): a new axis of extent 1 (a reshape).
KirLowering::Value KirLowering::expandDims(TSNode c)
{
    const Value x = tileValue(argument(c, 0, "x"), c);
    auto in = llvm::cast<kir::TileType>(x.ssa.getType());
    const Value av = expr(argument(c, 1, "axis"));
    if (av.kind != Value::Kind::Int)
        fail(c, QStringLiteral("ct.expand_dims"), QStringLiteral("axis must be a literal int"));
    const int axis = int(av.integer < 0 ? av.integer + in.getRank() + 1 : av.integer);
    if (axis < 0 || axis > int(in.getRank()))
        fail(c, QStringLiteral("ct.expand_dims"), QStringLiteral("axis out of range"));
    llvm::SmallVector<mlir::Attribute> dims(in.getDims().begin(), in.getDims().end());
    dims.insert(dims.begin() + axis, kir::literalDim(m_ctx, 1));
    Value out;
    out.ssa = kir::ReshapeOp::create(m_b, loc(), kir::TileType::get(m_ctx, m_b.getArrayAttr(dims), in.getElementType()), x.ssa);
    return out;
}

// ct.broadcast_to(x, shape): leading 1s first (NumPy's rule), then the
// explicit broadcast.
KirLowering::Value KirLowering::broadcastTo(TSNode c)
{
    const Value x = tileValue(argument(c, 0, "x"), c);
    auto in = llvm::cast<kir::TileType>(x.ssa.getType());
    const mlir::ArrayAttr dims = shapeArgument(argument(c, 1, "shape"));
    if (in.getRank() > dims.size())
        fail(c, QStringLiteral("ct.broadcast_to"), QStringLiteral("cannot lower the rank from %1 to %2").arg(in.getRank()).arg(dims.size()));
    for (size_t i = 0; i < dims.size(); ++i) {
        const long j = long(i) - long(dims.size() - in.getRank());
        if (j >= 0 && in.getDims()[size_t(j)] != dims[i] && in.getDims()[size_t(j)] != kir::literalDim(m_ctx, 1))
            fail(c, QStringLiteral("ct.broadcast_to"), QStringLiteral("axis %1 cannot broadcast to the shape given").arg(i));
    }
    Value out;
    out.ssa = broadcastTile(x.ssa, kir::TileType::get(m_ctx, dims, in.getElementType()), c);
    return out;
}

// ct.cat((x, y), axis): cutile's cat of two tiles of one dtype and rank,
// equal except along the axis, whose dim is the sum (a derived generic
// where a dim is symbolic). One tile is itself, as in Python.
KirLowering::Value KirLowering::cat(TSNode c)
{
    const TSNode tn = argument(c, 0, "tiles");
    if (node::isNull(tn))
        fail(c, QStringLiteral("ct.cat"), QStringLiteral("needs a tuple of tiles"));
    const Value tiles = expr(tn);
    if (tiles.kind != Value::Kind::Tuple || tiles.items.isEmpty() || tiles.items.size() > 2)
        fail(tn, QStringLiteral("ct.cat"), QStringLiteral("takes a tuple of one or two tiles"));
    for (const Value &t : tiles.items)
        if (!t.isTile())
            fail(tn, QStringLiteral("ct.cat"), QStringLiteral("takes a tuple of tiles"));
    if (tiles.items.size() == 1)
        return tiles.items.front();
    const Value axisValue = expr(argument(c, 1, "axis"));
    auto a = llvm::cast<kir::TileType>(tiles.items[0].ssa.getType()), b = llvm::cast<kir::TileType>(tiles.items[1].ssa.getType());
    const qint64 rank = qint64(a.getRank());
    qint64 axis = axisValue.integer;
    if (axisValue.kind != Value::Kind::Int || axis < -rank || axis >= rank)
        fail(c, QStringLiteral("ct.cat"), QStringLiteral("the axis must be an int literal in range"));
    if (axis < 0)
        axis += rank;
    if (b.getRank() != a.getRank())
        fail(c, QStringLiteral("ct.cat"), QStringLiteral("the tiles must have one rank"));
    unify(a.getElementType(), b.getElementType(), c, QStringLiteral("ct.cat (the tiles must have one dtype)"));
    llvm::SmallVector<mlir::Attribute> dims(a.getDims().begin(), a.getDims().end());
    for (qint64 i = 0; i < rank; ++i)
        if (i != axis && a.getDims()[size_t(i)] != b.getDims()[size_t(i)])
            fail(c, QStringLiteral("ct.cat"), QStringLiteral("the tiles differ in axis %1, which is not the cat axis").arg(i));
    const mlir::Attribute x = dimExpr(a.getDims()[size_t(axis)]), y = dimExpr(b.getDims()[size_t(axis)]);
    auto xi = llvm::dyn_cast<mlir::IntegerAttr>(x), yi = llvm::dyn_cast<mlir::IntegerAttr>(y);
    dims[size_t(axis)] = xi && yi ? kir::literalDim(m_ctx, xi.getInt() + yi.getInt())
                                  : kir::symbolDim(m_ctx, derivedGeneric(m_b.getArrayAttr({m_b.getStringAttr("+"), x, y})).toStdString());
    Value out;
    out.ssa = kir::CatOp::create(m_b, loc(), kir::TileType::get(m_ctx, m_b.getArrayAttr(dims), a.getElementType()),
                                 tiles.items[0].ssa, tiles.items[1].ssa, m_b.getI32IntegerAttr(int32_t(axis)));
    return out;
}

// ct.add/sub/mul/truediv and ct.bitwise_*: the operators' lowering; the
// rounding and flush-to-zero options are not lowered yet.
KirLowering::Value KirLowering::operatorFunction(TSNode c, const QString &name)
{
    static const QHash<QString, QString> symbols{
        {QStringLiteral("equal"), QStringLiteral("==")},    {QStringLiteral("not_equal"), QStringLiteral("!=")},
        {QStringLiteral("greater"), QStringLiteral(">")},   {QStringLiteral("greater_equal"), QStringLiteral(">=")},
        {QStringLiteral("less"), QStringLiteral("<")},      {QStringLiteral("less_equal"), QStringLiteral("<=")},
        {QStringLiteral("negative"), QStringLiteral("-")},  {QStringLiteral("bitwise_not"), QStringLiteral("~")}};
    const bool unaryForm = name == QLatin1String("negative") || name == QLatin1String("bitwise_not");
    for (TSNode a : node::children(node::field(c, "arguments")))
        if (node::is(a, "keyword_argument")) {
            const QString k = m_src->text(node::field(a, "name"));
            if (k != QLatin1String("x") && (unaryForm || k != QLatin1String("y")))
                fail(a, QStringLiteral("ct.%1").arg(name), QStringLiteral("option '%1' is not lowered").arg(k));
        }
    const TSNode an = argument(c, 0, "x");
    if (node::isNull(an))
        fail(c, QStringLiteral("ct.%1").arg(name), QStringLiteral("needs an operand"));
    const Value a = expr(an);
    if (unaryForm)
        return unaryValue(symbols.value(name), a, c, an);
    if (name == QLatin1String("isnan")) {
        // cuTile Python's isnan of a float tile is x != x.
        if (!a.isTile() || (!isFloatType(m_solver.resolve(kir::elementTypeOf(a.ssa.getType())))
                            && !m_solver.isGeneric(kir::elementTypeOf(a.ssa.getType()))))
            fail(c, QStringLiteral("ct.isnan"), QStringLiteral("needs a float tile"));
        return compareValues(QStringLiteral("!="), a, a, c, an, an);
    }
    const TSNode bn = argument(c, 1, "y");
    if (node::isNull(bn))
        fail(c, QStringLiteral("ct.%1").arg(name), QStringLiteral("needs two operands"));
    const Value b = expr(bn);
    return compareValues(symbols.value(name), a, b, c, an, bn);
}

// cuTile Python reads a scalar as a rank-0 tile here, as ct.astype does.
KirLowering::Value KirLowering::bitcast(TSNode c)
{
    const TSNode xn = argument(c, 0, "x");
    if (node::isNull(xn))
        fail(c, QStringLiteral("ct.bitcast"), QStringLiteral("needs an operand"));
    Value x = expr(xn);
    const mlir::Type to = dtypeArgument(argument(c, 1, "dtype"));
    if (x.isScalar())
        x = scalarAsRank0(x, c, QStringLiteral("ct.bitcast"));
    if (!x.isTile())
        fail(c, QStringLiteral("ct.bitcast"), QStringLiteral("operand must be a tile or a scalar"));
    auto tile = llvm::cast<kir::TileType>(x.ssa.getType());
    const mlir::Type from = m_solver.resolve(tile.getElementType()), target = m_solver.resolve(to);
    if (from == target)
        return x;
    if (!m_solver.isGeneric(from) && !m_solver.isGeneric(target) && from.getIntOrFloatBitWidth() != target.getIntOrFloatBitWidth())
        fail(c, QStringLiteral("ct.bitcast"),
             QStringLiteral("%1 and %2 differ in width").arg(RustNames::pythonDtype(rustElementName(from)), RustNames::pythonDtype(rustElementName(target))));
    Value out;
    out.ssa = kir::BitcastOp::create(m_b, loc(), tile.withElementType(to), x.ssa);
    return out;
}

// ct.pack_to_bytes(x): x flattened, its bytes as uint8 (cuTile Python's
// reshape, then a bitcast for 8-bit elements or cuda_tile.pack).
KirLowering::Value KirLowering::packBytes(TSNode c)
{
    const Value x = tileValue(argument(c, 0, "x"), c);
    auto in = llvm::cast<kir::TileType>(x.ssa.getType());
    const mlir::Type e = m_solver.resolve(in.getElementType());
    if (m_solver.isGeneric(e) || llvm::isa<kir::VarType>(e))
        fail(c, QStringLiteral("ct.pack_to_bytes"), QStringLiteral("the tile's dtype must be known here: its width sets the byte count"));
    if (e.getIntOrFloatBitWidth() == 1)
        fail(c, QStringLiteral("ct.pack_to_bytes"), QStringLiteral("a bool tile has no bytes (as in cuTile Python)"));
    mlir::Value flat = x.ssa;
    if (in.getRank() != 1) {
        const mlir::Attribute n = quotientDim(in.getDims(), {}, c);
        flat = kir::ReshapeOp::create(m_b, loc(), kir::TileType::get(m_ctx, m_b.getArrayAttr({n}), in.getElementType()), x.ssa);
    }
    auto flatType = llvm::cast<kir::TileType>(flat.getType());
    const mlir::Type u8 = m_b.getIntegerType(8, false);
    Value out;
    if (e.getIntOrFloatBitWidth() == 8) {
        out.ssa = kir::BitcastOp::create(m_b, loc(), flatType.withElementType(u8), flat);
        return out;
    }
    llvm::SmallVector<mlir::Attribute> total(flatType.getDims().begin(), flatType.getDims().end());
    total.push_back(kir::literalDim(m_ctx, e.getIntOrFloatBitWidth()));
    const mlir::Attribute bytes = quotientDim(m_b.getArrayAttr(total), {kir::literalDim(m_ctx, 8)}, c);
    out.ssa = kir::PackOp::create(m_b, loc(), kir::TileType::get(m_ctx, m_b.getArrayAttr({bytes}), u8), flat);
    return out;
}

// ct.unpack_from_bytes(x, dtype): a rank-1 uint8 tile read as dtype (a
// bitcast for 8-bit dtypes, else cuda_tile.unpack).
KirLowering::Value KirLowering::unpackBytes(TSNode c)
{
    const Value x = tileValue(argument(c, 0, "x"), c);
    auto in = llvm::cast<kir::TileType>(x.ssa.getType());
    const mlir::Type to = m_solver.resolve(dtypeArgument(argument(c, 1, "dtype")));
    if (in.getRank() != 1)
        fail(c, QStringLiteral("ct.unpack_from_bytes"), QStringLiteral("needs a rank-1 tile, not rank %1").arg(in.getRank()));
    const mlir::Type u8 = m_b.getIntegerType(8, false);
    unify(in.getElementType(), u8, c, QStringLiteral("ct.unpack_from_bytes (a uint8 tile)"));
    if (to.getIntOrFloatBitWidth() == 1)
        fail(c, QStringLiteral("ct.unpack_from_bytes"), QStringLiteral("bools have no byte form (as in cuTile Python)"));
    Value out;
    if (to.getIntOrFloatBitWidth() == 8) {
        out.ssa = kir::BitcastOp::create(m_b, loc(), in.withElementType(to), x.ssa);
        return out;
    }
    const mlir::Attribute n = quotientDim(m_b.getArrayAttr({in.getDims()[0], kir::literalDim(m_ctx, 8)}),
                                          {kir::literalDim(m_ctx, to.getIntOrFloatBitWidth())}, c);
    out.ssa = kir::UnpackOp::create(m_b, loc(), kir::TileType::get(m_ctx, m_b.getArrayAttr({n}), to), x.ssa);
    return out;
}

KirLowering::Value KirLowering::arithFunction(TSNode c, const QString &name)
{
    static const QHash<QString, QString> ops{{QStringLiteral("truediv"), QStringLiteral("/")}, {QStringLiteral("add"), QStringLiteral("+")},
                                             {QStringLiteral("sub"), QStringLiteral("-")}, {QStringLiteral("mul"), QStringLiteral("*")},
                                             {QStringLiteral("bitwise_and"), QStringLiteral("&")}, {QStringLiteral("bitwise_or"), QStringLiteral("|")},
                                             {QStringLiteral("bitwise_xor"), QStringLiteral("^")}, {QStringLiteral("bitwise_lshift"), QStringLiteral("<<")},
                                             {QStringLiteral("bitwise_rshift"), QStringLiteral(">>")}, {QStringLiteral("floordiv"), QStringLiteral("//")},
                                             {QStringLiteral("mod"), QStringLiteral("%")}, {QStringLiteral("pow"), QStringLiteral("**")},
                                             {QStringLiteral("atan2"), QStringLiteral("atan2")}};
    QString ftz, rounding;
    for (TSNode a : node::children(node::field(c, "arguments")))
        if (node::is(a, "keyword_argument")) {
            const QString k = m_src->text(node::field(a, "name"));
            if (k == QLatin1String("x") || k == QLatin1String("y"))
                continue;
            const Value v = expr(node::field(a, "value"));
            if ((k == QLatin1String("flush_to_zero") || k == QLatin1String("rounding_mode")) && v.kind == Value::Kind::Enum && v.name.isEmpty())
                continue; // None: the option's default, as cuTile Python reads it
            if (k == QLatin1String("flush_to_zero") && v.kind == Value::Kind::Bool)
                ftz = v.integer ? QStringLiteral("Enabled") : QStringLiteral("Disabled");
            else if (k == QLatin1String("rounding_mode") && !RustNames::roundingMode(v.kind == Value::Kind::Enum ? v.name : QString()).isEmpty())
                rounding = RustNames::roundingMode(v.name);
            else
                fail(a, QStringLiteral("ct.%1").arg(name), QStringLiteral("option '%1' is not lowered to the kernel IR yet").arg(k));
        }
    const TSNode an = argument(c, 0, "x"), bn = argument(c, 1, "y");
    if (node::isNull(an) || node::isNull(bn))
        fail(c, QStringLiteral("ct.%1").arg(name), QStringLiteral("needs two operands"));
    const Value a = expr(an);
    const Value b = expr(bn);
    if (ftz.isEmpty() && rounding.isEmpty())
        return binaryValues(ops.value(name), a, b, c, an, bn);
    const bool rounded = name == QLatin1String("truediv") || name == QLatin1String("add") || name == QLatin1String("sub")
                         || name == QLatin1String("mul");
    if (!rounded || (!a.isTile() && !b.isTile()))
        fail(c, QStringLiteral("ct.%1").arg(name), QStringLiteral("rounding/flush_to_zero options are lowered on tile add, sub, mul and truediv"));
    // cuTile Python takes RN, RZ, RM and RP on add, sub and mul, and also
    // FULL and APPROX on truediv; cutile's divf has no Full.
    const bool approxOrFull = rounding == QLatin1String("Approx") || rounding == QLatin1String("Full");
    if (approxOrFull && name != QLatin1String("truediv"))
        fail(c, QStringLiteral("ct.%1").arg(name), QStringLiteral("rounding_mode FULL and APPROX are truediv's only (as in cuTile Python)"));
    if (rounding == QLatin1String("Full"))
        fail(c, QStringLiteral("ct.truediv"),
             QStringLiteral("cutile's divf has no Full rounding (its modes: NearestEven, Zero, NegativeInf, PositiveInf, Approx)"));
    // The operation as the operator builds it, then with Python's options.
    Value out = binaryValues(ops.value(name), a, b, c, an, bn);
    mlir::Operation *plain = out.ssa.getDefiningOp();
    const bool matches = plain && llvm::isa<kir::DivOp, kir::AddOp, kir::SubOp, kir::MulOp>(plain);
    const mlir::Type e = m_solver.resolve(kir::elementTypeOf(out.ssa.getType()));
    if (!matches || (!isFloatType(e) && !m_solver.isGeneric(e)))
        fail(c, QStringLiteral("ct.%1").arg(name), QStringLiteral("rounding/flush_to_zero options need float tiles"));
    const mlir::Value lhs = plain->getOperand(0), rhs = plain->getOperand(1);
    const auto roundingAttr = m_b.getStringAttr((rounding.isEmpty() ? QStringLiteral("NearestEven") : rounding).toStdString());
    const auto ftzAttr = m_b.getStringAttr((ftz.isEmpty() ? QStringLiteral("Disabled") : ftz).toStdString());
    const mlir::Type t = out.ssa.getType();
    if (llvm::isa<kir::DivOp>(plain))
        out.ssa = kir::DivfOp::create(m_b, loc(), t, lhs, rhs, roundingAttr, ftzAttr);
    else if (llvm::isa<kir::AddOp>(plain))
        out.ssa = kir::AddfOp::create(m_b, loc(), t, lhs, rhs, roundingAttr, ftzAttr);
    else if (llvm::isa<kir::SubOp>(plain))
        out.ssa = kir::SubfOp::create(m_b, loc(), t, lhs, rhs, roundingAttr, ftzAttr);
    else
        out.ssa = kir::MulfOp::create(m_b, loc(), t, lhs, rhs, roundingAttr, ftzAttr);
    plain->erase();
    return out;
}

} // namespace tileport::rust

namespace tileport::rust {

// `a if c else b`: a condition decided now picks its arm; otherwise both
// arms are lowered and a Rust `if` expression chooses.
KirLowering::Value KirLowering::conditional(TSNode n)
{
    const auto ch = node::children(n);
    if (ch.size() != 3)
        fail(n, QStringLiteral("conditional expression"), QStringLiteral("malformed"));
    // A condition on ct.Constants this entry decided (a split elsewhere on
    // the same condition): its arm, as the `if` statements take theirs.
    if (const auto d = decision(ch[1]))
        return expr(*d ? ch[0] : ch[2]);
    const Value c = expr(ch[1]);
    if (c.isLiteral())
        return expr(c.integer != 0 || c.number != 0.0 ? ch[0] : ch[2]);
    const mlir::Value cond = condition(c, ch[1]);
    const Value a = expr(ch[0]);
    const Value b = expr(ch[2]);
    Value out;
    if (a.isTile() || b.isTile()) {
        if (!a.isTile() || !b.isTile()
            || llvm::cast<kir::TileType>(a.ssa.getType()).getDims() != llvm::cast<kir::TileType>(b.ssa.getType()).getDims())
            fail(n, QStringLiteral("conditional expression"), QStringLiteral("both arms must be tiles of one shape"));
        unify(kir::elementTypeOf(a.ssa.getType()), kir::elementTypeOf(b.ssa.getType()), n, QStringLiteral("conditional expression"));
        out.ssa = kir::ChooseOp::create(m_b, loc(), a.ssa.getType(), cond, a.ssa, b.ssa);
        return out;
    }
    const mlir::Value x = scalar(a, ch[0]), y = scalar(b, ch[2]);
    out.ssa = kir::ChooseOp::create(m_b, loc(), m_b.getI32Type(), cond, x, y);
    return out;
}

} // namespace tileport::rust

namespace tileport::rust {

// Python's promotion of two element types: the type both convert to, or
// null where none applies (one of them is still to be decided, or they
// are one type). An array's generic dtype meeting f32 becomes f32, and the
// entry then serves no float64 array (which Python would promote to f64).
mlir::Type KirLowering::promotion(mlir::Type a, mlir::Type b)
{
    const mlir::Type ra = m_solver.resolve(a), rb = m_solver.resolve(b);
    if (ra == rb)
        return {};
    const auto half = [](mlir::Type t) { return t.isF16() || t.isBF16(); };
    const mlir::Type f32 = m_b.getF32Type();
    // A bool meets any number as that number (`x * mask`).
    const auto number = [&](mlir::Type t) { return isIntegerType(t) || isFloatType(t); };
    if (ra.isInteger(1) && number(rb))
        return rb;
    if (rb.isInteger(1) && number(ra))
        return ra;
    if ((m_solver.isGeneric(ra) && rb.isF32()) || (m_solver.isGeneric(rb) && ra.isF32())) {
        m_promotedToF32.push_back(m_solver.isGeneric(ra) ? ra : rb);
        return f32;
    }
    if ((half(ra) && (rb.isF32() || half(rb))) || (half(rb) && ra.isF32()))
        return f32;
    if (isIntegerType(ra) && (rb.isF32() || rb.isF64() || half(rb)))
        return rb;
    if (isIntegerType(rb) && (ra.isF32() || ra.isF64() || half(ra)))
        return ra;
    // Integers of one signedness widen to the wider (int32 + int64 is int64).
    auto ia = llvm::dyn_cast<mlir::IntegerType>(ra), ib = llvm::dyn_cast<mlir::IntegerType>(rb);
    if (isIntegerType(ra) && isIntegerType(rb) && ia.isUnsigned() == ib.isUnsigned())
        return ia.getWidth() > ib.getWidth() ? ra : rb;
    return {};
}

// The element type two operands meet at: the promoted one, or both unified.
mlir::Type KirLowering::commonElement(mlir::Type a, mlir::Type b, TSNode at)
{
    const mlir::Type ra = m_solver.resolve(a), rb = m_solver.resolve(b);
    if (ra == rb)
        return ra;
    // An array's dtype meeting int32 asks for an int64 entry too (torch's
    // default integer type): not in the kernel IR yet.
    offerInt64(ra, rb, at);
    if (const mlir::Type p = promotion(ra, rb))
        return p;
    return unify(ra, rb, at, QStringLiteral("mixed dtypes"));
}

} // namespace tileport::rust

namespace tileport::rust {

// A dtype the kernel tests an array's generic dtype against: this entry
// serves the other dtypes, and an entry with the array of that dtype is
// lowered too (RustTranslator). Optional tests (an int64 entry) are dropped
// when that entry does not lower.
void KirLowering::recordDtypeTest(mlir::Type generic, mlir::Type concrete, TSNode at, const QString &what, bool optional)
{
    DtypeTest t;
    t.dtype = rustElementName(concrete);
    t.optional = optional;
    if (t.dtype.isEmpty())
        fail(at, what, QStringLiteral("tests a dtype that has no cuTile Rust element type"));
    // The first array (in parameter order) whose dtype is the variable.
    for (const frontend::KernelParam &p : m_kernel.params) {
        const QString key = p.dtypeVar.isEmpty() ? p.name : p.dtypeVar;
        if (p.kind == frontend::KernelParam::Kind::Array && t.key.isEmpty() && m_dtypeKeys.contains(key)
            && m_solver.resolve(m_dtypeKeys.value(key)) == m_solver.resolve(generic))
            t.key = key;
    }
    if (t.key.isEmpty() && optional)
        return;
    if (t.key.isEmpty())
        fail(at, what, QStringLiteral("depends on a dtype that no array parameter carries"));
    for (const frontend::KernelParam &p : m_kernel.params)
        if (p.kind == frontend::KernelParam::Kind::Array && (p.dtypeVar.isEmpty() ? p.name : p.dtypeVar) == t.key)
            t.arrays << p.name;
    if (std::none_of(m_dtypeTests.cbegin(), m_dtypeTests.cend(), [&](const DtypeTest &d) { return d.key == t.key && d.dtype == t.dtype; }))
        m_dtypeTests.append(t);
}

// An array's generic dtype meeting int32 is int32 in this entry; int64 is
// torch's default integer type, so an int64 entry is asked for too (its
// int32 side widens through promotion()).
void KirLowering::offerInt64(mlir::Type a, mlir::Type b, TSNode at)
{
    const mlir::Type ra = m_solver.resolve(a), rb = m_solver.resolve(b);
    if (m_solver.isGeneric(ra) && rb.isSignlessInteger(32))
        recordDtypeTest(ra, m_b.getI64Type(), at, QStringLiteral("integer promotion"), true);
    else if (m_solver.isGeneric(rb) && ra.isSignlessInteger(32))
        recordDtypeTest(rb, m_b.getI64Type(), at, QStringLiteral("integer promotion"), true);
}

} // namespace tileport::rust

namespace tileport::rust {

// ct.matmul(a, b) and a @ b, as cuTile Python lowers them: an MMA into a
// zero accumulator of the operands' default MMA type (f16 for f16 and fp8,
// f32 for bf16/f32/tf32, f64, i32 for 8-bit integers), then a conversion
// back to the operands' dtype (none when they agree). On a generic dtype
// the f16 case gets an entry of its own; the generic entry accumulates in
// f32.
KirLowering::Value KirLowering::matmulProduct(const Value &a, const Value &b, TSNode at)
{
    auto ta = llvm::cast<kir::TileType>(a.ssa.getType()), tb = llvm::cast<kir::TileType>(b.ssa.getType());
    if (ta.getRank() != 2 || tb.getRank() != 2)
        fail(at, QStringLiteral("ct.matmul"), QStringLiteral("only rank-2 operands are lowered"));
    if (ta.getDims()[1] != tb.getDims()[0])
        fail(at, QStringLiteral("ct.matmul"), QStringLiteral("the operand shapes do not chain"));
    const mlir::Type dtype = unify(ta.getElementType(), tb.getElementType(), at, QStringLiteral("ct.matmul operands"));
    mlir::Type acc = m_b.getF32Type();
    if (m_solver.isGeneric(dtype))
        recordDtypeTest(dtype, m_b.getF16Type(), at, QStringLiteral("ct.matmul"));
    else if (dtype.isF16() || llvm::isa<mlir::Float8E4M3FNType, mlir::Float8E5M2Type>(dtype))
        acc = m_b.getF16Type();
    else if (llvm::isa<mlir::IntegerType>(dtype) && dtype.getIntOrFloatBitWidth() == 8)
        acc = m_b.getI32Type();
    else if (dtype.isF64())
        acc = m_b.getF64Type();
    else if (isIntegerType(dtype))
        fail(at, QStringLiteral("ct.matmul"), QStringLiteral("operands of this dtype have no MMA"));
    const auto accType = kir::TileType::get(m_ctx, m_b.getArrayAttr({ta.getDims()[0], tb.getDims()[1]}), acc);
    const mlir::Value zero = kir::ConstantOp::create(m_b, loc(), accType,
                                                     isFloatType(acc) ? mlir::Attribute(m_b.getF64FloatAttr(0.0)) : mlir::Attribute(m_b.getI64IntegerAttr(0)));
    Value out;
    out.ssa = kir::MmaOp::create(m_b, loc(), accType, a.ssa, b.ssa, zero);
    if (m_solver.resolve(dtype) != acc)
        out.ssa = kir::ConvertOp::create(m_b, loc(), accType.withElementType(ta.getElementType()), out.ssa);
    return out;
}

} // namespace tileport::rust
