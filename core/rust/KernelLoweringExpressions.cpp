// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// Expressions: names, literals, module constants, arithmetic with explicit
// broadcasting, comparisons, `a.shape[i]`.
#include "KernelLowering.h"

#include "ConstantEvaluator.h"
#include "RustNames.h"
#include "SyntaxNode.h"

#include <algorithm>
#include <cmath>

namespace tileport::rust {

using namespace tileport::frontend;

RustValue KernelLowering::literalValue(const ConstantValue &c) const
{
    RustValue v;
    switch (c.type) {
    case ConstantValue::Type::Int:
        v.kind = RustValue::Kind::IntLiteral;
        v.integer = c.i;
        v.number = double(c.i);
        break;
    case ConstantValue::Type::Float:
        v.kind = RustValue::Kind::FloatLiteral;
        v.number = c.f;
        break;
    case ConstantValue::Type::Bool:
        v.kind = RustValue::Kind::BoolLiteral;
        v.integer = c.b ? 1 : 0;
        v.number = v.integer;
        break;
    }
    return v;
}

RustValue KernelLowering::expr(TSNode n)
{
    if (!node::isNull(m_methodSelf) && ts_node_eq(n, m_methodSelf))
        return m_methodSelfValue; // a method call's receiver, already lowered
    n = node::unparen(n);
    // Literal arithmetic over literals and module constants folds here.
    const ConstantEvaluator eval(m_src, m_imports, [this](const QString &name) -> std::optional<ConstantValue> {
        if (m_vars.contains(name))
            return std::nullopt;
        for (const ModuleConstant &c : m_analysis.constants)
            if (c.name == name && !c.reassigned)
                return c.value;
        return std::nullopt;
    });
    if (!node::is(n, "call") || m_imports.resolve(m_src, node::field(n, "function")).isEmpty())
        if (const auto c = eval.evaluate(n))
            return literalValue(*c);
    const auto type = node::type(n);
    if (type == "identifier")
        return identifier(n);
    if (type == "call")
        return call(n);
    if (type == "binary_operator")
        return binary(n);
    if (type == "comparison_operator")
        return comparison(n);
    if (type == "unary_operator")
        return unary(n);
    if (type == "attribute")
        return attribute(n);
    if (type == "subscript")
        return subscript(n);
    if (type == "conditional_expression")
        return conditional(n);
    if (type == "not_operator")
        return notOperator(n);
    if (type == "boolean_operator")
        return booleanOperator(n);
    if (type == "tuple" || type == "expression_list") {
        RustValue v;
        v.kind = RustValue::Kind::Tuple;
        for (TSNode c : node::children(n))
            v.items.append(expr(c));
        return v;
    }
    fail(n, QString::fromUtf8(type.data(), qsizetype(type.size())).replace(QLatin1Char('_'), QLatin1Char(' ')),
         QStringLiteral("expression kind not lowered"));
}

RustValue KernelLowering::identifier(TSNode n)
{
    const QString name = m_src.text(n);
    const auto it = m_vars.constFind(name);
    if (it != m_vars.cend())
        return it->product ? materializeProduct(name) : it->value;
    for (const ModuleConstant &c : m_analysis.constants)
        if (c.name == name) {
            if (c.reassigned)
                fail(n, QStringLiteral("module constant"), QStringLiteral("'%1' is bound more than once").arg(name));
            return literalValue(c.value);
        }
    // `PAD = ct.PaddingMode.ZERO` at module level: an alias of the member.
    for (TSNode stmt : node::children(m_src.root())) {
        if (!node::is(stmt, "expression_statement") || node::children(stmt).size() != 1)
            continue;
        const TSNode a = node::children(stmt).front();
        if (node::is(a, "assignment") && node::is(node::field(a, "left"), "identifier")
            && m_src.text(node::field(a, "left")) == name && node::is(node::field(a, "right"), "attribute")) {
            const QString q = m_imports.resolve(m_src, node::field(a, "right"));
            if (q.startsWith(QLatin1String("cuda.tile.")))
                return attribute(node::field(a, "right"));
        }
    }
    fail(n, QStringLiteral("name"), QStringLiteral("'%1' is not defined here (or only inside a loop body)").arg(name));
}

QString KernelLowering::scalarText(const RustValue &v, TSNode at) const
{
    switch (v.kind) {
    case RustValue::Kind::Scalar:
        const_cast<KernelLowering *>(this)->unify(v.dtype, QStringLiteral("i32"), at, QStringLiteral("scalar"));
        return v.expr;
    case RustValue::Kind::BlockId:
        return v.expr;
    case RustValue::Kind::IntLiteral:
        return QStringLiteral("%1i32").arg(v.integer);
    case RustValue::Kind::Tile:
        if (v.shape.isEmpty() && resolve(v.dtype) == QLatin1String("i32")) // a rank-0 tile is a scalar in Python
            return const_cast<KernelLowering *>(this)->bind(QStringLiteral("tile_to_scalar(%1)").arg(v.expr), QStringLiteral("i32"));
        fail(at, QStringLiteral("scalar"), QStringLiteral("an i32 scalar is needed here, not a %1").arg(v.typeText()));
    default:
        fail(at, QStringLiteral("scalar"), QStringLiteral("an i32 scalar is needed here"));
    }
}

QString KernelLowering::literalText(const RustValue &v, const QString &given, TSNode at) const
{
    const QString dtype = resolve(given); // a unified placeholder is spelled by its type
    const bool isFloat = dtype == QLatin1String("f32") || dtype == QLatin1String("f64");
    const bool isInt = isIntegerLike(dtype);
    if (isFloat) {
        // cutile 0.4.0 folds the std constants into `constant <f32: -inf>`.
        if (std::isnan(v.number))
            return dtype + QStringLiteral("::NAN");
        if (std::isinf(v.number))
            return dtype + (v.number < 0 ? QStringLiteral("::NEG_INFINITY") : QStringLiteral("::INFINITY"));
        QString s = RustNames::floatLiteral(v.number);
        if (!s.contains(QLatin1Char('.')))
            s += QStringLiteral(".0");
        return s + dtype;
    }
    if (isInt && v.kind != RustValue::Kind::FloatLiteral)
        return QStringLiteral("%1%2").arg(v.integer).arg(dtype);
    if (dtype == QLatin1String("bool") && v.kind == RustValue::Kind::BoolLiteral)
        return v.integer ? QStringLiteral("true") : QStringLiteral("false");
    fail(at, QStringLiteral("literal"),
         QStringLiteral("a Python literal meets a %1 tile; only f32/f64/i32/i64 constants are lowered").arg(dtype));
}

QStringList KernelLowering::broadcastShape(const QStringList &a, const QStringList &b, TSNode at) const
{
    const qsizetype rank = std::max(a.size(), b.size());
    QStringList out;
    for (qsizetype i = 0; i < rank; ++i) {
        const qsizetype ia = a.size() - rank + i, ib = b.size() - rank + i;
        const QString da = ia >= 0 ? a[ia] : QStringLiteral("1");
        const QString db = ib >= 0 ? b[ib] : QStringLiteral("1");
        if (da == db || db == QLatin1String("1"))
            out << da;
        else if (da == QLatin1String("1"))
            out << db;
        else
            fail(at, QStringLiteral("broadcast"),
                 QStringLiteral("shapes [%1] and [%2] are not provably compatible").arg(a.join(QStringLiteral(", ")), b.join(QStringLiteral(", "))));
    }
    return out;
}

// Brings a value to a tile of exactly `shape`: literals become constants,
// scalars broadcast_scalar, lower-rank tiles a reshape and a broadcast.
RustValue KernelLowering::toTile(const RustValue &v, const QString &dtype, const QStringList &shape, TSNode at)
{
    RustValue out;
    out.kind = RustValue::Kind::Tile;
    out.dtype = dtype;
    out.shape = shape;
    if (v.isLiteral()) {
        const QString r = resolve(dtype);
        if (r.startsWith(QLatin1String("TpDtype")) || r == QLatin1String("f16") || r == QLatin1String("bf16")) {
            // A literal meeting a dtype-generic (or half) tile: an f32
            // constant converted to the tile's type, as Python rounds it.
            const QString f = bind(QStringLiteral("constant(%1, %2)").arg(literalText(v, QStringLiteral("f32"), at), RustValue::shapeMacro(shape)),
                                   RustValue::tileType(QStringLiteral("f32"), shape));
            out.expr = bind(QStringLiteral("convert_tile(%1)").arg(f), out.typeText());
            return out;
        }
        out.expr = bind(QStringLiteral("constant(%1, %2)").arg(literalText(v, dtype, at), RustValue::shapeMacro(shape)),
                        out.typeText());
        return out;
    }
    if (v.kind == RustValue::Kind::Scalar || v.kind == RustValue::Kind::BlockId) {
        const QString sdt = v.kind == RustValue::Kind::BlockId ? QStringLiteral("i32") : v.dtype;
        const bool generic = resolve(dtype).startsWith(QLatin1String("TpDtype"));
        if (generic && resolve(sdt) != QLatin1String("i32") && resolve(sdt) != QLatin1String("f32"))
            fail(at, QStringLiteral("scalar operand"), QStringLiteral("a %1 scalar meets a dtype-generic tile").arg(finalDtype(sdt)));
        if ((generic || resolve(sdt) == QLatin1String("i32"))
            && (generic || isFloatLike(dtype) || (isIntegerLike(dtype) && resolve(dtype) != QLatin1String("i32")))) {
            // Python converts a scalar to the type of the tile it meets (a
            // generic element type included: convert_tile is generic).
            const QString s0 = bind(QStringLiteral("scalar_to_tile(%1)").arg(v.expr), RustValue::tileType(resolve(sdt), {}));
            const QString s1 = bind(QStringLiteral("%1(%2)").arg(conversionFunction(sdt, dtype), s0), RustValue::tileType(dtype, {}));
            RustValue t;
            t.kind = RustValue::Kind::Tile;
            t.dtype = dtype;
            t.expr = s1;
            return toTile(t, dtype, shape, at);
        }
        unify(sdt, dtype, at, QStringLiteral("scalar operand"));
        QString scalar = v.expr;
        if (scalar.contains(QLatin1Char(' ')) || scalar.contains(QLatin1Char('(')))
            scalar = bind(scalar, resolve(sdt)); // a typed let for each scalar step
        out.expr = bind(QStringLiteral("broadcast_scalar(%1, %2)").arg(scalar, RustValue::shapeMacro(shape)), out.typeText());
        return out;
    }
    if (!v.isTile())
        fail(at, QStringLiteral("operand"), QStringLiteral("a tile, scalar or literal is needed here"));
    if (const QString p = promotion(v.dtype, dtype); !p.isEmpty() && p == resolve(dtype))
        return toTile(converted(v, dtype), dtype, shape, at);
    unify(v.dtype, dtype, at, QStringLiteral("mixed dtypes"));
    if (v.shape == shape)
        return v;
    QString cur = v.expr;
    QStringList curShape = v.shape;
    if (curShape.size() < shape.size()) {
        QStringList padded;
        for (qsizetype i = curShape.size(); i < shape.size(); ++i)
            padded << QStringLiteral("1");
        padded += curShape;
        cur = bind(QStringLiteral("%1.reshape(%2)").arg(cur, RustValue::shapeMacro(padded)), RustValue::tileType(dtype, padded));
        curShape = padded;
    }
    if (curShape != shape)
        cur = bind(QStringLiteral("%1.broadcast(%2)").arg(cur, RustValue::shapeMacro(shape)), RustValue::tileType(dtype, shape));
    out.expr = cur;
    return out;
}

KernelLowering::TileOperands KernelLowering::tileOperands(const RustValue &a, const RustValue &b, TSNode at)
{
    TileOperands t;
    if (a.isTile() && b.isTile()) {
        offerInt64(a.dtype, b.dtype, at, QStringLiteral("integer promotion"));
        const QString p = promotion(a.dtype, b.dtype);
        t.dtype = p.isEmpty() ? unify(a.dtype, b.dtype, at, QStringLiteral("mixed dtypes")) : p;
    } else {
        t.dtype = resolve(a.isTile() ? a.dtype : b.dtype);
        // An integer tile meeting a float literal promotes to the default
        // float type, f32, as cuTile Python promotes a loosely typed float.
        const RustValue &other = a.isTile() ? b : a;
        if (other.kind == RustValue::Kind::FloatLiteral && isIntegerLike(t.dtype))
            t.dtype = QStringLiteral("f32");
    }
    t.shape = a.isTile() && b.isTile() ? broadcastShape(a.shape, b.shape, at) : (a.isTile() ? a.shape : b.shape);
    t.a = toTile(a, t.dtype, t.shape, at);
    t.b = toTile(b, t.dtype, t.shape, at);
    return t;
}

RustValue KernelLowering::TileOperands::result(KernelLowering &k, const QString &call) const
{
    RustValue out;
    out.kind = RustValue::Kind::Tile;
    out.dtype = dtype;
    out.shape = shape;
    out.expr = k.bind(call, out.typeText()); // short, typed steps
    return out;
}

RustValue KernelLowering::tileBinary(const QString &op, const RustValue &a, const RustValue &b, TSNode at)
{
    static const QStringList ops{QStringLiteral("+"), QStringLiteral("-"), QStringLiteral("*"), QStringLiteral("/")};
    static const QStringList integerOps{QStringLiteral("//"), QStringLiteral("%"), QStringLiteral("&"),
                                        QStringLiteral("|"), QStringLiteral("^"), QStringLiteral("<<"), QStringLiteral(">>")};
    if (!ops.contains(op) && !integerOps.contains(op))
        fail(at, QStringLiteral("operator %1").arg(op), QStringLiteral("not lowered on tiles"));
    // An integer-only operator on an array's generic dtype makes it i32,
    // the integer type every Python int operand here already has.
    if (integerOps.contains(op))
        for (const RustValue *v : {&a, &b})
            if (v->isTile() && resolve(v->dtype).startsWith(QLatin1String("TpDtype")))
                unify(v->dtype, QStringLiteral("i32"), at, QStringLiteral("operator %1").arg(op));
    const TileOperands t = tileOperands(a, b, at);
    if (integerOps.contains(op)) {
        const bool bitwise = op == QLatin1String("&") || op == QLatin1String("|") || op == QLatin1String("^");
        if (!isIntegerLike(t.dtype) && !(t.dtype == QLatin1String("bool") && bitwise))
            fail(at, QStringLiteral("operator %1").arg(op), QStringLiteral("needs integer tiles, not %1").arg(t.dtype));
        RustValue out = t.a;
        out.expr = integerTileOp(op, t.a.expr, t.b.expr, t.dtype, t.shape, at);
        return out;
    }
    if (op == QLatin1String("/") && !isFloatLike(t.dtype))
        fail(at, QStringLiteral("operator /"), QStringLiteral("true division of %1 tiles is not lowered").arg(t.dtype));
    return t.result(*this, QStringLiteral("%1 %2 %3").arg(t.a.expr, op, t.b.expr));
}

RustValue KernelLowering::scalarBinary(const QString &op, const RustValue &a, const RustValue &b, TSNode at)
{
    static const QStringList ops{QStringLiteral("+"), QStringLiteral("-"), QStringLiteral("*")};
    static const QStringList integerOps{QStringLiteral("//"), QStringLiteral("%"), QStringLiteral("&"),
                                        QStringLiteral("|"), QStringLiteral("^"), QStringLiteral("<<"), QStringLiteral(">>")};
    const auto isFloatScalar = [this](const RustValue &v) {
        return v.kind == RustValue::Kind::FloatLiteral
               || (v.kind == RustValue::Kind::Scalar && (resolve(v.dtype) == QLatin1String("f32") || resolve(v.dtype) == QLatin1String("f64")));
    };
    if ((isFloatScalar(a) || isFloatScalar(b)) && (ops.contains(op) || op == QLatin1String("/"))) {
        // f32 scalar arithmetic (a runtime scale times a module constant).
        const QString dt = a.kind == RustValue::Kind::Scalar && isFloatScalar(a) ? resolve(a.dtype)
                           : b.kind == RustValue::Kind::Scalar && isFloatScalar(b) ? resolve(b.dtype) : QStringLiteral("f32");
        const auto text = [&](const RustValue &v) {
            if (v.isLiteral())
                return literalText(v, dt, at);
            if (v.kind == RustValue::Kind::BlockId || resolve(v.dtype) == QLatin1String("i32"))
                return bind(QStringLiteral("convert_scalar(%1)").arg(v.expr), dt); // Python promotes int to float
            if (resolve(v.dtype) != dt)
                fail(at, QStringLiteral("operator %1").arg(op),
                     QStringLiteral("mixed scalar types %1 and %2").arg(resolve(a.dtype), resolve(b.dtype)));
            return v.expr;
        };
        RustValue out;
        out.kind = RustValue::Kind::Scalar;
        out.dtype = dt;
        out.expr = bind(QStringLiteral("%1 %2 %3").arg(text(a), op, text(b)), dt);
        return out;
    }
    if (integerOps.contains(op))
        return scalarIntegerOp(op, a, b, at);
    if (!ops.contains(op))
        fail(at, QStringLiteral("operator %1").arg(op),
             QStringLiteral("not lowered on scalars (true division of integers gives a float in Python)"));
    // scalarText() checks (and infers) that both sides are i32.
    RustValue out;
    out.kind = RustValue::Kind::Scalar;
    out.dtype = QStringLiteral("i32");
    out.expr = QStringLiteral("(%1 %2 %3)").arg(scalarText(a, at), op, scalarText(b, at));
    return out;
}

// cuTile Python contracts `a * b + c` (and `c + a * b`) on float tiles into
// one fma; the port does the same so the two compute the same roundings.
RustValue KernelLowering::fusedMultiplyAdd(TSNode n)
{
    const TSNode left = node::unparen(node::field(n, "left"));
    const TSNode right = node::unparen(node::field(n, "right"));
    const auto isMul = [](TSNode x) { return node::is(x, "binary_operator") && node::operatorOf(x) == "*"; };
    const TSNode mul = isMul(left) ? left : right;
    const TSNode other = isMul(left) ? right : left;
    const RustValue a = expr(node::field(mul, "left"));
    const RustValue b = expr(node::field(mul, "right"));
    if (!a.isTile() && !b.isTile()) {
        RustValue v;
        v.kind = RustValue::Kind::Scalar; // not a tile product: no contraction
        return v;
    }
    const RustValue c = expr(other);
    QStringList shape;
    QString dtype;
    operandsType({&a, &b, &c}, n, &shape, &dtype);
    if (!isFloatLike(dtype))
        return RustValue{};
    return contract(a, b, c, isMul(left), node::operatorOf(n) == "-", dtype, shape, n);
}

// The broadcast shape and unified dtype of the tile operands among `xs`
// (at least one is a tile).
void KernelLowering::operandsType(std::initializer_list<const RustValue *> xs, TSNode at, QStringList *shape, QString *dtype)
{
    bool first = true;
    for (const RustValue *x : xs)
        if (x->isTile()) {
            *shape = first ? x->shape : broadcastShape(*shape, x->shape, at);
            if (first) {
                *dtype = x->dtype;
            } else {
                const QString p = promotion(*dtype, x->dtype);
                *dtype = p.isEmpty() ? unify(*dtype, x->dtype, at, QStringLiteral("mixed dtypes")) : p;
            }
            first = false;
        }
}

// fma(a, b, c) for a*b + c and c + a*b; a*b - c is fma(a, b, -c) and
// c - a*b is fma(-a, b, c), as Python contracts them.
RustValue KernelLowering::contract(const RustValue &a, const RustValue &b, const RustValue &c, bool productOnLeft, bool subtract,
                                   const QString &dtype, const QStringList &shape, TSNode at)
{
    RustValue ta = toTile(a, dtype, shape, at), tb = toTile(b, dtype, shape, at), tc = toTile(c, dtype, shape, at);
    if (subtract) {
        RustValue &negated = productOnLeft ? tc : ta;
        negated.expr = bind(QStringLiteral("negf(%1)").arg(negated.expr), negated.typeText());
    }
    RustValue out;
    out.kind = RustValue::Kind::Tile;
    out.dtype = dtype;
    out.shape = shape;
    out.expr = bind(QStringLiteral("fma(%1, %2, %3, rounding::NearestEven, ftz::Disabled)").arg(ta.expr, tb.expr, tc.expr),
                    out.typeText());
    return out;
}

RustValue KernelLowering::binary(TSNode n)
{
    const QString op = QString::fromUtf8(node::operatorOf(n).data(), qsizetype(node::operatorOf(n).size()));
    if (op == QLatin1String("+") || op == QLatin1String("-")) {
        const auto isMul = [](TSNode x) {
            x = node::unparen(x);
            return node::is(x, "binary_operator") && node::operatorOf(x) == "*";
        };
        // A planned product (t = x * y earlier) on the left, or on the
        // right of a sum whose left is no product, contracts with it.
        for (const char *side : {"left", "right"}) {
            const TSNode operand = node::unparen(node::field(n, side));
            if (isMul(operand))
                break;
            if (node::is(operand, "identifier") && m_productUses.contains(ts_node_start_byte(operand))) {
                const auto it = m_vars.constFind(m_src.text(operand));
                if (it != m_vars.cend() && it->product)
                    return fusePlanned(n, operand);
            }
        }
        // `s + x * y` where s holds an emitted float mul: Python tries s's
        // mul first, cannot fuse it (it has other uses) and fuses nothing.
        const TSNode lhs = node::unparen(node::field(n, "left"));
        const bool lhsMulBound = node::is(lhs, "identifier") && m_mulBound.contains(m_src.text(lhs));
        if (isMul(node::field(n, "left")) || (isMul(node::field(n, "right")) && !lhsMulBound)) {
            const int mark = int(m_body.size()), temp = m_temp;
            const RustValue f = fusedMultiplyAdd(n);
            if (f.isTile())
                return f;
            // Scalar or integer arithmetic: undo and lower plainly.
            while (m_body.size() > mark)
                m_body.removeLast();
            m_temp = temp;
        }
    }
    const RustValue a = expr(node::field(n, "left"));
    const RustValue b = expr(node::field(n, "right"));
    if (op == QLatin1String("@")) {
        if (!a.isTile() || !b.isTile())
            fail(n, QStringLiteral("operator @"), QStringLiteral("both operands must be tiles"));
        return matmulProduct(a, b, n);
    }
    if (a.isTile() || b.isTile())
        return tileBinary(op, a, b, n);
    if (a.isLiteral() && b.isLiteral())
        fail(n, QStringLiteral("literal arithmetic"), QStringLiteral("not constant-foldable"));
    return scalarBinary(op, a, b, n);
}

// `negate` lowers `not (a OP b)`: on integer scalars the inverted operator
// (what Python means, and a const-generic test that cutile still folds); on
// floats `not (a < b)` holds for NaN where `a >= b` does not, so there, and
// on tiles, the comparison is negated as a bool (negatedValue).
RustValue KernelLowering::comparison(TSNode n, bool negate)
{
    const auto ch = node::children(n);
    if (ch.size() != 2)
        fail(n, QStringLiteral("chained comparison"), QStringLiteral("not lowered"));
    // The operator token sits between the two operands.
    const TSNode opNode = ts_node_child(n, 1);
    const QString op = m_src.text(opNode);
    const RustValue a = expr(ch[0]);
    const RustValue b = expr(ch[1]);
    static const QHash<QString, QString> tileFns{{QStringLiteral("<"), QStringLiteral("lt_tile")},
                                                  {QStringLiteral("<="), QStringLiteral("le_tile")},
                                                  {QStringLiteral(">"), QStringLiteral("gt_tile")},
                                                  {QStringLiteral(">="), QStringLiteral("ge_tile")},
                                                  {QStringLiteral("=="), QStringLiteral("eq_tile")},
                                                  {QStringLiteral("!="), QStringLiteral("ne_tile")}};
    static const QHash<QString, QString> inverse{{QStringLiteral("<"), QStringLiteral(">=")},
                                                 {QStringLiteral("<="), QStringLiteral(">")},
                                                 {QStringLiteral(">"), QStringLiteral("<=")},
                                                 {QStringLiteral(">="), QStringLiteral("<")},
                                                 {QStringLiteral("=="), QStringLiteral("!=")},
                                                 {QStringLiteral("!="), QStringLiteral("==")}};
    if (!tileFns.contains(op))
        fail(n, QStringLiteral("comparison %1").arg(op), QStringLiteral("not lowered"));
    const auto done = [&](const RustValue &v) { return negate ? negatedValue(v, n) : v; };
    if (a.kind == RustValue::Kind::DType || b.kind == RustValue::Kind::DType)
        return done(dtypeComparison(op, a, b, n));
    RustValue out;
    if (a.isTile() || b.isTile()) {
        const QString dtype = a.isTile() ? a.dtype : b.dtype;
        const QStringList shape = a.isTile() && b.isTile() ? broadcastShape(a.shape, b.shape, n)
                                                           : (a.isTile() ? a.shape : b.shape);
        const RustValue ta = toTile(a, dtype, shape, n), tb = toTile(b, dtype, shape, n);
        out.kind = RustValue::Kind::Tile;
        out.dtype = QStringLiteral("bool");
        out.shape = shape;
        out.expr = bind(QStringLiteral("%1(%2, %3)").arg(tileFns.value(op), ta.expr, tb.expr), out.typeText());
        return done(out);
    }
    out.kind = RustValue::Kind::Scalar;
    out.dtype = QStringLiteral("bool");
    const auto isF32 = [this](const RustValue &v) {
        return v.kind == RustValue::Kind::FloatLiteral || (v.kind == RustValue::Kind::Scalar && resolve(v.dtype) == QLatin1String("f32"));
    };
    if (isF32(a) || isF32(b)) {
        // A float comparison (a ct.Constant[float] against a literal, say).
        const auto text = [&](const RustValue &v, TSNode at) {
            if (v.isLiteral())
                return literalText(v, QStringLiteral("f32"), at);
            if (resolve(v.dtype) != QLatin1String("f32"))
                return bind(QStringLiteral("convert_scalar(%1)").arg(scalarText(v, at)), QStringLiteral("f32"));
            return v.expr;
        };
        out.expr = QStringLiteral("(%1 %2 %3)").arg(text(a, ch[0]), op, text(b, ch[1]));
        return done(out);
    }
    out.expr = QStringLiteral("(%1 %2 %3)").arg(scalarText(a, ch[0]), negate ? inverse.value(op) : op, scalarText(b, ch[1]));
    return out;
}

// cutile 0.4.0 compiles unary `-` on literals only (compile_expression.rs:
// "Non-const unary expressions not supported") and no `!`, so both
// operators become the ops cuTile Python emits for them.
RustValue KernelLowering::unary(TSNode n)
{
    const QString op = QString::fromUtf8(node::operatorOf(n).data(), qsizetype(node::operatorOf(n).size()));
    const RustValue a = expr(node::field(n, "argument"));
    if (op == QLatin1String("+"))
        return a;
    if (op == QLatin1String("~")) {
        // ~x is x ^ all-ones (`xori x, -1`, or `xori x, true` on bools), as
        // cuTile Python emits it; on a scalar, `x ^ -1i32`.
        RustValue ones;
        ones.kind = RustValue::Kind::IntLiteral;
        ones.integer = -1;
        ones.number = -1;
        if (a.kind == RustValue::Kind::BlockId || a.kind == RustValue::Kind::Scalar) // scalarText makes it i32
            return scalarIntegerOp(QStringLiteral("^"), a, ones, n);
        if (!a.isTile())
            fail(n, QStringLiteral("unary ~"), QStringLiteral("needs an int or bool tile or an i32 scalar"));
        if (resolve(a.dtype).startsWith(QLatin1String("TpDtype"))) // an integer-only operator, as in tileBinary
            unify(a.dtype, QStringLiteral("i32"), n, QStringLiteral("unary ~"));
        const QString dt = resolve(a.dtype);
        QString allOnes;
        if (dt == QLatin1String("bool"))
            allOnes = QStringLiteral("true");
        else if (isIntegerLike(dt) && dt.startsWith(QLatin1Char('i')))
            allOnes = QStringLiteral("-1") + dt;
        else // cutile 0.4.0 reads integer literals as i32, so no unsigned all-ones constant
            fail(n, QStringLiteral("unary ~"), QStringLiteral("not lowered on %1 tiles").arg(dt));
        RustValue out = a;
        const QString c = bind(QStringLiteral("constant(%1, %2)").arg(allOnes, RustValue::shapeMacro(a.shape)), a.typeText());
        out.expr = bind(QStringLiteral("xori(%1, %2)").arg(a.expr, c), a.typeText());
        return out;
    }
    if (op != QLatin1String("-"))
        fail(n, QStringLiteral("unary %1").arg(op), QStringLiteral("not lowered"));
    if (a.isTile()) {
        RustValue out = a;
        if (isFloatLike(a.dtype))
            out.expr = bind(QStringLiteral("negf(%1)").arg(a.expr), a.typeText());
        else if (isIntegerLike(a.dtype) && resolve(a.dtype).startsWith(QLatin1Char('i')))
            out.expr = bind(QStringLiteral("negi(%1, overflow::None)").arg(a.expr), a.typeText());
        else
            fail(n, QStringLiteral("unary -"), QStringLiteral("negation of %1 tiles is not lowered").arg(a.dtype));
        return out;
    }
    if (a.kind == RustValue::Kind::Scalar && isFloatLike(a.dtype) && !resolve(a.dtype).startsWith(QLatin1String("Tp"))) {
        // A float scalar: negf on its rank-0 tile, as cuTile Python emits.
        RustValue out = a;
        const QString rank0 = RustValue::tileType(resolve(a.dtype), {});
        const QString t = bind(QStringLiteral("scalar_to_tile(%1)").arg(a.expr), rank0);
        const QString neg = bind(QStringLiteral("negf(%1)").arg(t), rank0);
        out.expr = bind(QStringLiteral("tile_to_scalar(%1)").arg(neg), resolve(a.dtype));
        return out;
    }
    if (a.kind == RustValue::Kind::BlockId || a.kind == RustValue::Kind::Scalar) {
        RustValue out = a;
        out.kind = RustValue::Kind::Scalar;
        out.dtype = QStringLiteral("i32");
        const QString text = scalarText(a, n); // an untyped scalar becomes i32
        if (m_constParams.contains(a.expr)) {
            // A ct.Constant: `0 - C`, which cutile folds to a constant as
            // cuTile Python folds the negation.
            out.expr = QStringLiteral("(0i32 - %1)").arg(a.expr);
            return out;
        }
        // A runtime int: negi on its rank-0 tile, what cuTile Python emits.
        const QString rank0 = RustValue::tileType(QStringLiteral("i32"), {});
        const QString t = bind(QStringLiteral("scalar_to_tile(%1)").arg(text), rank0);
        const QString neg = bind(QStringLiteral("negi(%1, overflow::None)").arg(t), rank0);
        out.expr = bind(QStringLiteral("tile_to_scalar(%1)").arg(neg), QStringLiteral("i32"));
        return out;
    }
    fail(n, QStringLiteral("unary -"), QStringLiteral("operand not lowered"));
}

// `A.dtype == ct.float32` is decided while lowering: both sides known, or
// the array's dtype still generic. Then this entry answers "no" and serves
// every other dtype, and the translator lowers one more entry with the
// dtype fixed (see RustTranslator), as cuTile Python specializes per dtype.
void KernelLowering::recordDtypeTest(const QString &placeholder, const QString &concrete, TSNode at, const QString &what,
                                     bool optional)
{
    DtypeTest t;
    t.dtype = concrete;
    t.optional = optional;
    // The first array (in parameter order) whose dtype is the placeholder:
    // several keys unify to one placeholder, and a hash has no stable order.
    for (const frontend::KernelParam &p : m_kernel.params) {
        const QString key = p.dtypeVar.isEmpty() ? p.name : p.dtypeVar;
        if (p.kind == frontend::KernelParam::Kind::Array && t.key.isEmpty() && m_dtypeGeneric.contains(key)
            && resolve(m_dtypeGeneric.value(key)) == placeholder)
            t.key = key;
    }
    if (t.key.isEmpty() && optional)
        return;
    if (t.key.isEmpty())
        fail(at, what, QStringLiteral("depends on a dtype that no array parameter carries"));
    for (const frontend::KernelParam &p : m_kernel.params)
        if (p.kind == frontend::KernelParam::Kind::Array && (p.dtypeVar.isEmpty() ? p.name : p.dtypeVar) == t.key)
            t.arrays << p.name;
    if (!std::any_of(m_dtypeTests.cbegin(), m_dtypeTests.cend(),
                     [&](const DtypeTest &d) { return d.key == t.key && d.dtype == t.dtype; }))
        m_dtypeTests.append(t);
}

RustValue KernelLowering::dtypeComparison(const QString &op, const RustValue &a, const RustValue &b, TSNode at)
{
    if (a.kind != RustValue::Kind::DType || b.kind != RustValue::Kind::DType || (op != QLatin1String("==") && op != QLatin1String("!=")))
        fail(at, QStringLiteral("dtype comparison"), QStringLiteral("only dtype == dtype and dtype != dtype are lowered"));
    const QString ra = resolve(a.dtype), rb = resolve(b.dtype);
    const auto generic = [](const QString &d) { return d.startsWith(QLatin1String("Tp")); };
    bool equal = ra == rb;
    if (generic(ra) != generic(rb)) {
        recordDtypeTest(generic(ra) ? ra : rb, generic(ra) ? rb : ra, at, QStringLiteral("dtype comparison"));
        equal = false;
    } else if (generic(ra) && ra != rb) {
        fail(at, QStringLiteral("dtype comparison"), QStringLiteral("compares two generic dtypes, which only a launch decides"));
    }
    RustValue out;
    out.kind = RustValue::Kind::BoolLiteral;
    out.integer = (op == QLatin1String("==")) == equal ? 1 : 0;
    out.number = double(out.integer);
    return out;
}

RustValue KernelLowering::attribute(TSNode n)
{
    const QString q = m_imports.resolve(m_src, n);
    for (const QString &prefix : {QStringLiteral("torch."), QStringLiteral("numpy.")})
        if (q.startsWith(prefix) && !RustNames::elementType(q.mid(prefix.size())).isEmpty()) {
            // Host-side dtypes spelled through torch or numpy mean the same element type.
            RustValue v;
            v.kind = RustValue::Kind::DType;
            v.dtype = RustNames::elementType(q.mid(prefix.size()));
            return v;
        }
    if (q.startsWith(QLatin1String("cuda.tile."))) {
        if (q.count(QLatin1Char('.')) == 3 && q.section(QLatin1Char('.'), 2, 2).endsWith(QLatin1String("Mode"))) {
            RustValue v;
            v.kind = RustValue::Kind::Enum;
            v.expr = q;
            return v;
        }
        const QString dt = RustNames::elementType(q);
        if (!dt.isEmpty()) {
            RustValue v;
            v.kind = RustValue::Kind::DType;
            v.dtype = dt;
            return v;
        }
    }
    const TSNode object = node::field(n, "object");
    const QString attr = m_src.text(node::field(n, "attribute"));
    if (node::is(object, "identifier") && attr == QLatin1String("dtype")) {
        const RustValue t = expr(object);
        if (t.kind == RustValue::Kind::Tensor || t.isTile()) {
            RustValue v;
            v.kind = RustValue::Kind::DType;
            v.dtype = t.dtype;
            return v;
        }
    }
    fail(n, QStringLiteral("attribute"), QStringLiteral("'%1' is not lowered").arg(m_src.flatText(n)));
}

RustValue KernelLowering::subscript(TSNode n)
{
    // a.shape[i] reads launch metadata (no Tile IR op), as Python's does.
    const TSNode value = node::field(n, "value");
    const auto subs = node::fieldChildren(n, "subscript");
    if (node::is(value, "attribute") && m_src.text(node::field(value, "attribute")) == QLatin1String("shape")
        && subs.size() == 1 && node::is(subs[0], "integer")) {
        const RustValue t = expr(node::field(value, "object"));
        const int i = m_src.text(subs[0]).toInt();
        if (t.kind == RustValue::Kind::Tensor && i >= 0 && i < t.rank && !m_blockOutputs.contains(t.param)) {
            RustValue v;
            v.kind = RustValue::Kind::Scalar;
            v.dtype = QStringLiteral("i32");
            v.expr = QStringLiteral("%1.shape()[%2]").arg(t.param).arg(i);
            return v;
        }
    }
    // t[:, None] / t[None, :]: a new axis of extent 1 (a reshape).
    const RustValue t = expr(value);
    if (t.isTile()) {
        QStringList shape;
        int axis = 0;
        for (TSNode s : subs) {
            if (m_src.text(s) == QLatin1String("None")) {
                shape << QStringLiteral("1");
            } else if (node::is(s, "slice") && m_src.text(s) == QLatin1String(":") && axis < int(t.shape.size())) {
                shape << t.shape[axis++];
            } else {
                fail(s, QStringLiteral("subscript"), QStringLiteral("only ':' and None are lowered on tiles"));
            }
        }
        if (axis != int(t.shape.size()))
            fail(n, QStringLiteral("subscript"), QStringLiteral("name every axis of the tile with ':'"));
        RustValue out = t;
        out.shape = shape;
        out.expr = bind(QStringLiteral("%1.reshape(%2)").arg(t.expr, RustValue::shapeMacro(shape)), out.typeText());
        return out;
    }
    fail(n, QStringLiteral("subscript"), QStringLiteral("only array.shape[i] with a literal i and tile[:, None] are lowered"));
}

} // namespace tileport::rust

namespace tileport::rust {

// `a if c else b`: a constant condition picks its arm at translation time;
// otherwise both arms are lowered and a Rust `if` expression selects.
RustValue KernelLowering::conditional(TSNode n)
{
    const auto ch = node::children(n);
    if (ch.size() != 3)
        fail(n, QStringLiteral("conditional expression"), QStringLiteral("malformed"));
    const RustValue c = expr(ch[1]);
    if (c.isLiteral())
        return expr(c.integer != 0 || c.number != 0.0 ? ch[0] : ch[2]);
    if (c.kind != RustValue::Kind::Scalar || resolve(c.dtype) != QLatin1String("bool"))
        fail(ch[1], QStringLiteral("conditional expression"), QStringLiteral("the condition must be a scalar comparison"));
    const RustValue a = expr(ch[0]), b = expr(ch[2]);
    RustValue out;
    if (a.isTile() || b.isTile()) {
        if (!a.isTile() || !b.isTile() || a.shape != b.shape)
            fail(n, QStringLiteral("conditional expression"), QStringLiteral("both arms must be tiles of one shape"));
        out = a;
        out.dtype = unify(a.dtype, b.dtype, n, QStringLiteral("conditional expression"));
        out.expr = bind(QStringLiteral("if %1 { %2 } else { %3 }").arg(stripOuterParens(c.expr), a.expr, b.expr), out.typeText());
        return out;
    }
    out.kind = RustValue::Kind::Scalar;
    out.dtype = QStringLiteral("i32");
    out.expr = bind(QStringLiteral("if %1 { %2 } else { %3 }")
                        .arg(stripOuterParens(c.expr), scalarText(a, ch[0]), scalarText(b, ch[2])),
                    QStringLiteral("i32"));
    return out;
}

} // namespace tileport::rust
