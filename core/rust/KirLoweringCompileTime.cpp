// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// cuTile Python's compile-time functions into the kernel IR: what cuTile
// Python decides while compiling is decided while translating
// (ct.static_eval, ct.static_assert, ct.ensure_constant, `raise
// ct.static_exception(...)`), plus ct.assume_divisible_by and divmod.
#include "KirLowering.h"

#include "KirNames.h"
#include "SyntaxNode.h"

namespace tileport::rust {

using namespace tileport::frontend;

namespace {

// The message argument of ct.static_assert as it reads in the source
// (a string literal without its quotes).
QString messageText(const PythonSource &src, TSNode message)
{
    if (node::isNull(message))
        return QString();
    QString text = src.flatText(message);
    if (node::is(message, "string") && text.size() >= 2 && !text.startsWith(QLatin1Char('f')))
        text = text.mid(1, text.size() - 2);
    return text;
}

} // namespace

// ct.static_eval(e): e's value, as cuTile Python computes it while
// compiling (the constant arithmetic and constant arms the lowering folds).
KirLowering::Value KirLowering::staticEval(TSNode c)
{
    const TSNode e = argument(c, 0, "expr");
    if (node::isNull(e))
        fail(c, QStringLiteral("ct.static_eval"), QStringLiteral("needs an expression"));
    return expr(constantArm(e));
}

// ct.static_assert(cond, message): a literal condition is checked now. One
// on the kernel's ct.Constants is checked by the launch: this entry serves
// the configs that satisfy it, and a config that does not is refused with
// the assertion's message (as cuTile Python refuses to compile it).
KirLowering::Value KirLowering::staticAssert(TSNode c)
{
    const TSNode cond = argument(c, 0, "condition");
    if (node::isNull(cond))
        fail(c, QStringLiteral("ct.static_assert"), QStringLiteral("needs a condition"));
    const QString message = messageText(*m_src, argument(c, 1, "message"));
    const QString failed = message.isEmpty() ? QStringLiteral("static assertion failed: %1").arg(m_src->flatText(cond))
                                             : QStringLiteral("static assertion failed: %1").arg(message);
    std::optional<bool> holds = decision(cond);
    Value v;
    if (!holds) {
        v = expr(cond); // what it leaves unused, lower()'s dead-code removal takes
        if (v.isLiteral())
            holds = v.number != 0.0 || v.integer != 0;
    }
    if (!holds && m_inlineDepth == 0 && constantsOnly(cond)) {
        const QString text = m_src->flatText(cond);
        RefusedArm refused;
        refused.choices = m_constChoices;
        refused.choices.append({text, false});
        refused.why = LoweringError{m_src->range(c), QStringLiteral("ct.static_assert"), failed};
        m_refusedArms.append(refused);
        decide(ts_node_start_byte(cond), true, text, false);
        return Value{Value::Kind::Enum}; // `None`: no value
    }
    if (!holds)
        fail(cond, QStringLiteral("ct.static_assert"), QStringLiteral("the condition is not a compile-time constant"));
    if (!*holds)
        fail(c, QStringLiteral("ct.static_assert"), failed);
    return Value{Value::Kind::Enum}; // `None`: no value
}

// ct.ensure_constant(x): x, which must be known while compiling: a literal,
// a dtype or enum member, or the kernel's ct.Constants (a launch fixes them).
KirLowering::Value KirLowering::ensureConstant(TSNode c)
{
    const TSNode x = argument(c, 0, "value");
    if (node::isNull(x))
        fail(c, QStringLiteral("ct.ensure_constant"), QStringLiteral("needs a value"));
    const Value v = expr(x);
    const bool known = v.isLiteral() || v.kind == Value::Kind::DType || (v.kind == Value::Kind::Enum && !v.name.isEmpty())
                       || (m_inlineDepth == 0 && constantsOnly(node::unparen(x)));
    if (!known)
        fail(x, QStringLiteral("ct.ensure_constant"), QStringLiteral("'%1' is not a compile-time constant").arg(m_src->flatText(x)));
    return v;
}

// ct.assume_divisible_by(x, d): x, with cutile's promise of divisibility
// (cuda_tile.assume div_by, as cuTile Python emits it).
KirLowering::Value KirLowering::assumeDivisible(TSNode c)
{
    const TSNode xNode = argument(c, 0, "x");
    const TSNode dNode = argument(c, 1, "divisor");
    if (node::isNull(xNode) || node::isNull(dNode))
        fail(c, QStringLiteral("ct.assume_divisible_by"), QStringLiteral("needs a value and a divisor"));
    const Value d = expr(dNode);
    if (d.kind != Value::Kind::Int || d.integer <= 0 || d.integer > INT32_MAX)
        fail(dNode, QStringLiteral("ct.assume_divisible_by"), QStringLiteral("the divisor must be a positive integer constant"));
    const Value x = expr(xNode);
    if (x.kind == Value::Kind::Int)
        return x; // a literal: nothing to promise
    if (x.kind != Value::Kind::Ssa)
        fail(xNode, QStringLiteral("ct.assume_divisible_by"), QStringLiteral("needs an integer scalar or tile"));
    const mlir::Type e = m_solver.resolve(kir::elementTypeOf(x.ssa.getType()));
    if (!llvm::isa<kir::VarType>(e) && (!llvm::isa<mlir::IntegerType>(e) || e.getIntOrFloatBitWidth() == 1))
        fail(xNode, QStringLiteral("ct.assume_divisible_by"), QStringLiteral("needs an integer scalar or tile"));
    Value out;
    out.ssa = kir::AssumeDivByOp::create(m_b, loc(), x.ssa.getType(), x.ssa, m_b.getI32IntegerAttr(int32_t(d.integer)));
    return out;
}

// divmod(x, y) and ct.divmod: the pair (x // y, x % y) with Python's
// floor rounding, as cuTile Python builds it.
KirLowering::Value KirLowering::divmodPair(TSNode c)
{
    const TSNode an = argument(c, 0, "x"), bn = argument(c, 1, "y");
    if (node::isNull(an) || node::isNull(bn))
        fail(c, QStringLiteral("divmod"), QStringLiteral("needs two operands"));
    const Value a = expr(an);
    const Value b = expr(bn);
    Value out;
    out.kind = Value::Kind::Tuple;
    out.items << binaryValues(QStringLiteral("//"), a, b, c, an, bn) << binaryValues(QStringLiteral("%"), a, b, c, an, bn);
    return out;
}

// `raise ct.static_exception(E(...))`: cuTile Python raises E while
// compiling whatever reaches it; so does the translation (an arm of an `if`
// on ct.Constants that reaches it is dropped, its configs refused).
void KirLowering::raiseStatement(TSNode stmt)
{
    const auto values = node::children(stmt);
    const TSNode call = values.empty() ? TSNode{} : node::unparen(values.front());
    if (node::isNull(call) || !node::is(call, "call")
        || loweringOf(m_imports->resolve(*m_src, node::field(call, "function"))) != ApiLowering::StaticException)
        fail(stmt, QStringLiteral("raise statement"), QStringLiteral("tile code can only `raise ct.static_exception(...)`"));
    const TSNode exception = argument(call, 0, "exc");
    fail(stmt, QStringLiteral("ct.static_exception"),
         QStringLiteral("raised while compiling: %1").arg(node::isNull(exception) ? m_src->flatText(call) : m_src->flatText(exception)));
}

} // namespace tileport::rust
