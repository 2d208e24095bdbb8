// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// Statements: assignments (with Rust shadowing and loop-carried `let mut`),
// `for ... in range(...)`, and expression statements (stores).
#include "KernelLowering.h"

#include "LoopLiveness.h"
#include "SyntaxNode.h"

#include <functional>

namespace tileport::rust {

using namespace tileport::frontend;

void KernelLowering::block(TSNode blk)
{
    for (TSNode stmt : node::children(blk))
        statement(stmt);
}

void KernelLowering::refuseGuarded(TSNode stmt) const
{
    if (m_inlineDepth != 0)
        return;
    const auto type = node::type(stmt);
    // A compound statement answers for its header only; its arms and body
    // are statements of their own.
    const TSNode own = type == "if_statement" || type == "while_statement" ? node::field(stmt, "condition")
                       : type == "for_statement"                          ? node::field(stmt, "right")
                                                                          : stmt;
    if (node::isNull(own))
        return;
    const SourceRange r = m_src.range(own);
    for (const UnsupportedConstruct &u : m_kernel.unsupported)
        if (!u.guard.isEmpty() && r.contains(u.range))
            fail(u.range, u.construct, u.reason);
}

void KernelLowering::statement(TSNode stmt)
{
    const SourceRange r = m_src.range(stmt);
    const int savedLine = m_pyLine, savedEnd = m_pyEndLine;
    m_pyLine = r.line;
    m_pyEndLine = r.endCol == 1 && r.endLine > r.line ? r.endLine - 1 : r.endLine;
    const auto type = node::type(stmt);
    refuseGuarded(stmt);
    if (type == "expression_statement") {
        const auto ch = node::children(stmt);
        if (ch.size() != 1)
            fail(stmt, QStringLiteral("expression statement"), QStringLiteral("several expressions in one statement"));
        const TSNode e = ch.front();
        if (node::is(e, "assignment"))
            assignment(e);
        else if (node::is(e, "augmented_assignment"))
            augmentedAssignment(e);
        else if (node::is(e, "string"))
            ; // a docstring
        else
            exprStatement(e);
    } else if (type == "for_statement") {
        forgetMulBound(stmt); // carried values are block arguments in the loop
        forStatement(stmt);
        forgetMulBound(stmt);
    } else if (type == "pass_statement") {
    } else if (type == "if_statement") {
        ifStatement(stmt);
        forgetMulBound(stmt); // names an arm binds are the if's results after it
    } else if (type == "while_statement") {
        fail(stmt, QStringLiteral("while loop"), QStringLiteral("not lowered yet"));
    } else if (type == "return_statement") {
        fail(stmt, QStringLiteral("return statement"), QStringLiteral("kernels return nothing; early exit is not lowered"));
    } else {
        fail(stmt, QString::fromUtf8(node::type(stmt).data(), qsizetype(node::type(stmt).size())).replace(QLatin1Char('_'), QLatin1Char(' ')),
             QStringLiteral("not supported in kernel bodies by the generator"));
    }
    m_pyLine = savedLine;
    m_pyEndLine = savedEnd;
}

void KernelLowering::assignment(TSNode n)
{
    const TSNode left = node::field(n, "left");
    const TSNode right = node::field(n, "right");
    if (!node::isNull(node::field(n, "type")))
        fail(n, QStringLiteral("annotated assignment"), QStringLiteral("annotations in kernel bodies are not lowered"));
    if (node::isNull(right) || node::is(right, "assignment"))
        fail(n, QStringLiteral("chained assignment"), QStringLiteral("not lowered"));
    if (node::is(left, "pattern_list") || node::is(left, "tuple_pattern")) {
        // `a, b = x, y`: the whole right side is evaluated first, as in Python.
        const auto targets = node::children(left);
        const RustValue v = expr(right);
        if (v.kind != RustValue::Kind::Tuple || v.items.size() != qsizetype(targets.size()))
            fail(n, QStringLiteral("tuple assignment"),
                 QStringLiteral("the right side must give exactly %1 values").arg(targets.size()));
        for (size_t i = 0; i < targets.size(); ++i) {
            if (!node::is(targets[i], "identifier"))
                fail(targets[i], QStringLiteral("assignment target"), QStringLiteral("only plain names can be assigned"));
            m_lastTemp.clear();
            assign(m_src.text(targets[i]), v.items[qsizetype(i)], n);
        }
        return;
    }
    if (!node::is(left, "identifier"))
        fail(left, QStringLiteral("assignment target"), QStringLiteral("only plain names can be assigned"));
    if (m_productDefs.contains(ts_node_start_byte(n))) {
        m_mulBound.remove(m_src.text(left));
        RustValue plain;
        if (!deferProduct(n, &plain))
            assign(m_src.text(left), plain, n);
        return;
    }
    const RustValue v = expr(right);
    const TSNode r = node::unparen(right);
    assign(m_src.text(left), v, n);
    noteMulBound(m_src.text(left), node::is(r, "binary_operator") && node::operatorOf(r) == "*", v);
}

void KernelLowering::augmentedAssignment(TSNode n)
{
    const TSNode left = node::field(n, "left");
    if (!node::is(left, "identifier"))
        fail(left, QStringLiteral("assignment target"), QStringLiteral("only plain names can be assigned"));
    QString op = QString::fromUtf8(node::operatorOf(n).data(), qsizetype(node::operatorOf(n).size()));
    op.chop(1); // "+=" -> "+"
    const RustValue a = identifier(left);
    const TSNode right = node::unparen(node::field(n, "right"));
    const QString target = m_src.text(left);
    const bool lhsIsMul = m_mulBound.contains(target);
    m_mulBound.remove(target);
    if ((op == QLatin1String("+") || op == QLatin1String("-")) && node::is(right, "binary_operator")
        && node::operatorOf(right) == "*") {
        // `acc += x * y` contracts to fma(x, y, acc) as Python's does (and
        // `acc -= x * y` to fma(-x, y, acc)) when the product is of tiles.
        const RustValue x = expr(node::field(right, "left"));
        const RustValue y = expr(node::field(right, "right"));
        if (x.isTile() || y.isTile()) {
            QStringList shape;
            QString dtype;
            operandsType({&a, &x, &y}, n, &shape, &dtype);
            if (isFloatLike(dtype) && !lhsIsMul) {
                assign(m_src.text(left), contract(x, y, a, false, op == QLatin1String("-"), dtype, shape, n), n);
                return;
            }
        }
        const RustValue product = x.isTile() || y.isTile() ? tileBinary(QStringLiteral("*"), x, y, right)
                                                           : scalarBinary(QStringLiteral("*"), x, y, right);
        assign(m_src.text(left),
               a.isTile() || product.isTile() ? tileBinary(op, a, product, n) : scalarBinary(op, a, product, n), n);
        return;
    }
    const RustValue b = expr(node::field(n, "right"));
    RustValue v;
    if (a.isTile() || b.isTile())
        v = tileBinary(op, a, b, n);
    else
        v = scalarBinary(op, a, b, n);
    assign(target, v, n);
    noteMulBound(target, op == QLatin1String("*"), v);
}

// A name assigned at the loop depth it was defined at is re-bound with a
// shadowing `let`; assigned inside a deeper loop it is loop-carried state,
// so it must keep its type and its `let` becomes `let mut`.

void KernelLowering::assign(const QString &name, const RustValue &given, TSNode at)
{
    RustValue v = given;
    // `x = <call>` binds the call's temporary; name it x directly instead.
    if (!m_lastTemp.isEmpty() && v.expr == m_lastTemp && !m_body.isEmpty()
        && m_body.last().text.trimmed().startsWith(QStringLiteral("let %1:").arg(m_lastTemp))) {
        m_body.removeLast();
        --m_temp;
        v.expr = m_lastTempValue;
    }
    m_lastTemp.clear();
    v.expr = stripOuterParens(v.expr);
    if (m_constParams.contains(name) || m_signature.runtimeFloatConstants.contains(name))
        fail(at, QStringLiteral("assignment"), QStringLiteral("'%1' is a ct.Constant parameter").arg(name));
    auto it = m_vars.find(name);
    if (it != m_vars.end() && it->value.kind == RustValue::Kind::Tensor)
        fail(at, QStringLiteral("assignment"), QStringLiteral("re-binding the array parameter '%1'").arg(name));
    Variable var;
    var.loopDepth = m_loopDepth;
    switch (v.kind) {
    case RustValue::Kind::Tile:
    case RustValue::Kind::Scalar:
    case RustValue::Kind::BlockId: {
        if (it != m_vars.end() && it->loopDepth < m_loopDepth) {
            const RustValue &old = it->value;
            const bool sameKind = (old.isTile() == v.isTile());
            // A generic dtype meeting the carried one is unified with it, as
            // cuTile Python infers one type for a loop-carried name.
            if (sameKind && old.shape == v.shape && resolve(old.dtype) != resolve(v.dtype)
                && (resolve(old.dtype).startsWith(QLatin1String("Tp")) || resolve(v.dtype).startsWith(QLatin1String("Tp"))))
                unify(old.dtype, v.dtype, at, QStringLiteral("loop-carried variable '%1'").arg(name));
            if (!sameKind || resolve(old.dtype) != resolve(v.dtype) || old.shape != v.shape || it->letLine < 0) {
                requestSplit(it->loopDepth);
                fail(at, QStringLiteral("loop-carried variable"),
                     QStringLiteral("'%1' changes type inside the loop (%2 -> %3)")
                         .arg(name, old.typeText(), v.typeText()));
            }
            RustLine &let = m_body[it->letLine];
            if (!let.text.contains(QLatin1String("let mut ")))
                let.text.replace(QLatin1String("let "), QLatin1String("let mut "));
            emit(QStringLiteral("%1 = %2;").arg(old.expr, v.expr));
            return;
        }
        var.value = v;
        var.value.kind = v.kind == RustValue::Kind::BlockId ? RustValue::Kind::BlockId : v.kind;
        const QString type = v.isTile() ? v.typeText() : (v.kind == RustValue::Kind::BlockId ? QStringLiteral("i32") : v.dtype);
        var.letLine = int(m_body.size());
        emit(QStringLiteral("let %1: %2 = %3;").arg(rustName(name), type, v.expr));
        var.value.expr = rustName(name);
        break;
    }
    case RustValue::Kind::IntLiteral:
    case RustValue::Kind::FloatLiteral:
        if (reassignedLater(name)) {
            // `cnt = 0` then `cnt += 1`: a typed local, not a literal alias.
            RustValue typed = v;
            typed.kind = RustValue::Kind::Scalar;
            typed.dtype = v.kind == RustValue::Kind::IntLiteral ? QStringLiteral("i32") : QStringLiteral("f32");
            typed.expr = literalText(v, typed.dtype, at);
            assign(name, typed, at);
            return;
        }
        Q_FALLTHROUGH();
    case RustValue::Kind::BoolLiteral:
    case RustValue::Kind::DType:
    case RustValue::Kind::Enum:
        if (it != m_vars.end() && it->loopDepth < m_loopDepth) {
            requestSplit(it->loopDepth);
            fail(at, QStringLiteral("loop-carried variable"), QStringLiteral("'%1' is re-bound inside a loop").arg(name));
        }
        var.value = v; // an alias; used where it is referenced
        break;
    case RustValue::Kind::Tensor:
    case RustValue::Kind::Tuple:
        fail(at, QStringLiteral("assignment"), QStringLiteral("aliasing arrays or tuples is not lowered"));
    }
    m_vars.insert(name, var);
}

// A name of the scope at `depth` re-bound with another type inside an `if`
// on ct.Constants: each arm becomes its own entry, where the decided arm is
// lowered in place and the name is simply re-bound.
void KernelLowering::requestSplit(int depth)
{
    if (m_inlineDepth != 0 || !m_split.condition.isEmpty())
        return;
    for (auto it = m_openIfs.crbegin(); it != m_openIfs.crend() && it->armDepth > depth; ++it)
        if (constantsOnly(it->condition)) {
            m_split = ConstSplit{ts_node_start_byte(it->condition), m_src.flatText(it->condition)};
            return;
        }
}

// Whether the kernel (or the helper being inlined) assigns `name` more than
// once, counting augmented assignments.
bool KernelLowering::reassignedLater(const QString &name) const
{
    int count = 0;
    std::function<void(TSNode)> walk = [&](TSNode n) {
        if (node::is(n, "assignment") || node::is(n, "augmented_assignment")) {
            const TSNode left = node::field(n, "left");
            if (m_src.text(left) == name)
                ++count;
            for (TSNode t : node::children(left))
                if (node::is(t, "identifier") && m_src.text(t) == name)
                    ++count;
        }
        for (TSNode c : node::children(n))
            walk(c);
    };
    walk(m_inlinePrefix.isEmpty() ? m_function : m_inlineFunction);
    return count > 1;
}

void KernelLowering::forStatement(TSNode n)
{
    const TSNode left = node::field(n, "left");
    const TSNode right = node::unparen(node::field(n, "right"));
    if (!node::isNull(node::field(n, "alternative")))
        fail(n, QStringLiteral("for-else"), QStringLiteral("not lowered"));
    if (!node::is(left, "identifier"))
        fail(left, QStringLiteral("for loop target"), QStringLiteral("only a plain name can be the loop variable"));
    if (node::is(right, "call") && m_imports.resolve(m_src, node::field(right, "function")) == QLatin1String("cuda.tile.static_iter")) {
        staticIteration(n, m_src.text(left), node::positional(right, 0));
        return;
    }
    if (!node::is(right, "call") || m_src.text(node::field(right, "function")) != QLatin1String("range")
        || m_imports.binds(QStringLiteral("range")))
        fail(right, QStringLiteral("for loop"), QStringLiteral("only `for name in range(...)` is lowered"));
    const TSNode args = node::field(right, "arguments");
    const auto items = node::children(args);
    for (TSNode a : items)
        if (!node::isNull(a) && (node::is(a, "keyword_argument") || node::is(a, "list_splat")))
            fail(a, QStringLiteral("range"), QStringLiteral("keyword or splat arguments"));
    QString lo = QStringLiteral("0i32"), hi, step;
    if (items.size() == 1) {
        hi = scalarText(expr(items[0]), items[0]);
    } else if (items.size() == 2 || items.size() == 3) {
        lo = scalarText(expr(items[0]), items[0]);
        hi = scalarText(expr(items[1]), items[1]);
        if (items.size() == 3) {
            const RustValue st = expr(items[2]);
            if (st.kind == RustValue::Kind::IntLiteral && st.integer <= 0)
                fail(items[2], QStringLiteral("range"), QStringLiteral("only a positive step is lowered"));
            // step_by takes usize in Rust; cutile reads `i32 as usize` as a relabel.
            step = st.kind == RustValue::Kind::IntLiteral ? QString::number(st.integer)
                                                           : QStringLiteral("%1 as usize").arg(scalarText(st, items[2]));
        }
    } else {
        fail(right, QStringLiteral("range"), QStringLiteral("takes one to three arguments"));
    }
    const QString pyVar = m_src.text(left);
    const LoopSplit split = step.isEmpty() || step == QLatin1String("1") ? loopSplit(n, pyVar) : LoopSplit{};
    if (node::isNull(split.ifNode)) {
        rangeLoop(n, pyVar, lo, hi, step);
        return;
    }
    // cuTile Python splits a step-1 loop whose body has exactly one
    // top-level `if` comparing the induction variable with a loop-invariant
    // value (cuda.tile _passes/loop_split.py): the iterations before the
    // split point run the else arm, the ones after it the then arm, each in
    // a loop of its own. The port emits the same two loops, so the IR has
    // the loads, MMAs and reductions of both copies, as the reference does.
    // A constant part (`CAUSAL and j >= s`) only a config decides keeps an
    // `if` on it around the split, and the plain loop where it is false.
    const uint32_t condAt = ts_node_start_byte(split.condition);
    if (!node::isNull(split.constant)) {
        emit(QStringLiteral("if %1 {").arg(conditionText(expr(split.constant), split.constant)));
        ++m_indent;
        ++m_loopDepth; // names of the enclosing scope the loops assign become `let mut`
    }
    QString at = scalarText(expr(split.bound), split.bound);
    if (split.op == QLatin1String(">") || split.op == QLatin1String("<="))
        at = bind(QStringLiteral("%1 + 1i32").arg(at), QStringLiteral("i32"));
    const QString firstStop = bind(QStringLiteral("min(%1, %2)").arg(hi, at), QStringLiteral("i32"));
    const QString secondStart = bind(QStringLiteral("max(%1, %2)").arg(lo, at), QStringLiteral("i32"));
    const bool thenFirst = split.op == QLatin1String("<") || split.op == QLatin1String("<=");
    m_fixedConditions.insert(condAt, thenFirst);
    rangeLoop(n, pyVar, lo, firstStop, step);
    m_fixedConditions.insert(condAt, !thenFirst);
    rangeLoop(n, pyVar, secondStart, hi, step);
    m_fixedConditions.remove(condAt); // the condition reads the loop variable: nothing else decides it
    if (!node::isNull(split.constant)) {
        --m_loopDepth;
        --m_indent;
        emit(QStringLiteral("} else {"));
        ++m_indent;
        ++m_loopDepth;
        rangeLoop(n, pyVar, lo, hi, step);
        --m_loopDepth;
        --m_indent;
        emit(QStringLiteral("}"));
        m_lastTemp.clear();
    }
}

// The `if` of a loop body that cuTile Python's loop splitting splits on:
// the one top-level `if` whose condition is `v OP b` or `b OP v` (OP one
// of < <= > >=, v the loop variable, b reading no name the body assigns),
// or such a comparison `and` a condition of ct.Constants only. None when
// there is no such `if` or more than one, as Python then splits nothing.
KernelLowering::LoopSplit KernelLowering::loopSplit(TSNode forNode, const QString &var)
{
    const LoopLiveness liveness(m_src, m_inlinePrefix.isEmpty() ? m_function : m_inlineFunction, forNode);
    const std::function<bool(TSNode)> invariant = [&](TSNode x) {
        if (node::is(x, "identifier"))
            return m_src.text(x) != var && !liveness.assigned().contains(m_src.text(x));
        if (node::is(x, "call") || node::is(x, "lambda"))
            return false;
        for (TSNode c : node::children(x))
            if (!invariant(c))
                return false;
        return true;
    };
    static const QHash<QString, QString> flipped{{QStringLiteral("<"), QStringLiteral(">")},
                                                 {QStringLiteral("<="), QStringLiteral(">=")},
                                                 {QStringLiteral(">"), QStringLiteral("<")},
                                                 {QStringLiteral(">="), QStringLiteral("<=")}};
    const auto comparison = [&](TSNode c, LoopSplit &out) {
        c = node::unparen(c);
        if (!node::is(c, "comparison_operator") || node::children(c).size() != 2)
            return false;
        const QString op = m_src.text(ts_node_child(c, 1));
        if (!flipped.contains(op))
            return false;
        const TSNode a = node::unparen(node::children(c)[0]), b = node::unparen(node::children(c)[1]);
        const auto isVar = [&](TSNode x) { return node::is(x, "identifier") && m_src.text(x) == var; };
        if (isVar(a) && invariant(b)) {
            out.op = op;
            out.bound = b;
        } else if (isVar(b) && invariant(a)) {
            out.op = flipped.value(op);
            out.bound = a;
        } else {
            return false;
        }
        return true;
    };
    LoopSplit found;
    int candidates = 0;
    for (TSNode stmt : node::children(node::field(forNode, "body"))) {
        if (!node::is(stmt, "if_statement"))
            continue;
        LoopSplit s;
        s.ifNode = stmt;
        s.condition = node::field(stmt, "condition");
        const TSNode c = node::unparen(s.condition);
        bool ok = comparison(c, s);
        if (!ok && node::is(c, "boolean_operator") && m_src.text(node::field(c, "operator")) == QLatin1String("and")) {
            const TSNode l = node::field(c, "left"), r = node::field(c, "right");
            if (comparison(r, s) && constantsOnly(l)) {
                s.constant = l;
                ok = true;
            } else if (comparison(l, s) && constantsOnly(r)) {
                s.constant = r;
                ok = true;
            }
        }
        if (ok) {
            ++candidates;
            found = s;
        }
    }
    return candidates == 1 ? found : LoopSplit{};
}

// `for var in lo..hi` (or `.step_by(step)`) around the lowered body.
void KernelLowering::rangeLoop(TSNode n, const QString &pyVar, const QString &lo, const QString &hi, const QString &step)
{
    const QString var = rustName(pyVar);
    if (step.isEmpty())
        emit(QStringLiteral("for %1 in %2..%3 {").arg(var, lo, hi));
    else
        emit(QStringLiteral("for %1 in (%2..%3).step_by(%4) {").arg(var, lo, hi, step));
    // Names defined in the body die with it (Rust block scope). A name of
    // the enclosing scope that the body re-binds but does not carry (no
    // iteration reads what an earlier one left, nothing reads it after the
    // loop) is a fresh `let` in the body, free to change type.
    const QHash<QString, Variable> saved = m_vars;
    const LoopLiveness liveness(m_src, m_inlinePrefix.isEmpty() ? m_function : m_inlineFunction, n);
    for (const QString &name : liveness.assigned())
        if (!liveness.isCarried(name) && m_vars.contains(name) && m_vars.value(name).value.kind != RustValue::Kind::Tensor)
            m_vars.remove(name);
    ++m_loopDepth;
    ++m_indent;
    Variable loopVar;
    loopVar.loopDepth = m_loopDepth;
    loopVar.value.kind = RustValue::Kind::Scalar;
    loopVar.value.dtype = QStringLiteral("i32");
    loopVar.value.expr = var;
    m_vars.insert(pyVar, loopVar);
    block(node::field(n, "body"));
    --m_indent;
    --m_loopDepth;
    QHash<QString, Variable> after;
    for (auto it = saved.cbegin(); it != saved.cend(); ++it) {
        Variable v = it.value();
        // Keep `let mut` marks made inside the body.
        after.insert(it.key(), v);
    }
    m_vars = after;
    emit(QStringLiteral("}"));
}

// `for t in ct.static_iter((a, b))`: unrolled at translation time, the
// body lowered once per item in its own Rust block.
void KernelLowering::staticIteration(TSNode n, const QString &var, TSNode items)
{
    items = node::unparen(items);
    if (node::is(items, "call") && m_src.text(node::field(items, "function")) == QLatin1String("range")
        && !m_imports.binds(QStringLiteral("range"))) {
        staticRange(n, var, items);
        return;
    }
    const RustValue seq = expr(items);
    if (seq.kind != RustValue::Kind::Tuple || seq.items.isEmpty())
        fail(items, QStringLiteral("ct.static_iter"), QStringLiteral("needs a literal tuple"));
    for (const RustValue &item : seq.items) {
        emit(QStringLiteral("{"));
        const QHash<QString, Variable> saved = m_vars;
        ++m_indent;
        ++m_loopDepth;
        Variable v;
        v.value = item;
        v.loopDepth = m_loopDepth;
        m_vars.insert(var, v);
        block(node::field(n, "body"));
        --m_loopDepth;
        --m_indent;
        m_vars = saved;
        emit(QStringLiteral("}"));
    }
    m_lastTemp.clear();
}

// `for i in ct.static_iter(range(N))` with literal bounds: unrolled with
// `i` a literal in each copy. The copies follow one another in the same
// scope, so a name one copy re-binds is what the next one reads (a Philox
// round's counters and keys), as in the unrolled Python.
void KernelLowering::staticRange(TSNode n, const QString &var, TSNode call)
{
    QList<qint64> bounds;
    for (TSNode a : node::children(node::field(call, "arguments"))) {
        const RustValue v = expr(a);
        if (v.kind != RustValue::Kind::IntLiteral)
            fail(a, QStringLiteral("ct.static_iter"), QStringLiteral("range() needs integer literal or constant bounds"));
        bounds << v.integer;
    }
    if (bounds.isEmpty() || bounds.size() > 3 || (bounds.size() == 3 && bounds[2] == 0))
        fail(call, QStringLiteral("ct.static_iter"), QStringLiteral("range() takes one to three arguments and a non-zero step"));
    const qint64 lo = bounds.size() > 1 ? bounds[0] : 0, hi = bounds.size() > 1 ? bounds[1] : bounds[0];
    const qint64 step = bounds.size() == 3 ? bounds[2] : 1;
    if ((hi - lo) / step > 256)
        fail(call, QStringLiteral("ct.static_iter"), QStringLiteral("more than 256 iterations to unroll"));
    const bool had = m_vars.contains(var);
    const Variable before = m_vars.value(var);
    for (qint64 i = lo; step > 0 ? i < hi : i > hi; i += step) {
        Variable v;
        v.value.kind = RustValue::Kind::IntLiteral;
        v.value.integer = i;
        v.value.number = double(i);
        v.value.expr = QString::number(i);
        m_vars.insert(var, v);
        block(node::field(n, "body"));
    }
    if (had)
        m_vars.insert(var, before);
    else
        m_vars.remove(var);
    m_lastTemp.clear();
}

void KernelLowering::exprStatement(TSNode e)
{
    e = node::unparen(e);
    if (node::is(e, "call")) {
        const QString fn = m_imports.resolve(m_src, node::field(e, "function"));
        if (fn == QLatin1String("cuda.tile.store")) {
            store(e);
            return;
        }
        if (fn == QLatin1String("cuda.tile.scatter")) {
            scatter(e);
            return;
        }
        const TSNode callee = node::field(e, "function");
        if (fn.isEmpty() && node::is(callee, "identifier") && m_analysis.helper(m_src.text(callee))) {
            const RustValue v = inlineHelper(e, m_src.text(callee));
            Q_UNUSED(v); // called for its stores; a returned value is dropped, as in Python
            return;
        }
    }
    fail(e, QStringLiteral("expression statement"), QStringLiteral("only ct.store(...) and ct.scatter(...) are lowered as statements"));
}

void KernelLowering::store(TSNode c)
{
    const RustValue t = tensorArgument(argument(c, 0, "array"));
    const TSNode indexNode = argument(c, 1, "index");
    const TSNode tileNode = argument(c, 2, "tile");
    if (node::isNull(indexNode) || node::isNull(tileNode))
        fail(c, QStringLiteral("ct.store"), QStringLiteral("needs index= and tile="));
    const MemoryOptions o = memoryOptions(c, QStringLiteral("ct.store"), t.rank,
                                          {QStringLiteral("index"), QStringLiteral("tile"), QStringLiteral("array")});
    bool gridIndex = true;
    const QStringList index = indexArgument(indexNode, &gridIndex);
    RustValue tile = tileArgument(tileNode);
    unify(tile.dtype, t.dtype, tileNode, QStringLiteral("ct.store"));
    if (int(tile.shape.size()) != t.rank || int(index.size()) != t.rank)
        fail(c, QStringLiteral("ct.store"),
             QStringLiteral("tile rank %1 and index rank %2 must equal the array rank %3")
                 .arg(tile.shape.size()).arg(index.size()).arg(t.rank));
    if (m_blockOutputs.contains(t.param) && o.plain()) {
        if (m_blockOutputShape.contains(t.param) && m_blockOutputShape.value(t.param) != tile.shape)
            fail(c, QStringLiteral("ct.store"), QStringLiteral("stores of different tile shapes to '%1'").arg(t.param));
        m_blockOutputShape.insert(t.param, tile.shape);
        emit(QStringLiteral("%1.store(%2);").arg(t.param, tile.expr));
        return;
    }
    const QString part = QStringLiteral("t%1_").arg(m_temp++);
    emit(QStringLiteral("let mut %1: PartitionMut<%2, { [%3] }> = unsafe { %4.partition_full_mut(%5) };")
             .arg(part, t.dtype, tile.shape.join(QStringLiteral(", ")), t.param, RustValue::shapeMacro(tile.shape)));
    const auto storeText = [&](const QString &tma) {
        return QStringLiteral("unsafe { store_view_tko_mut(&mut %1, %2, [%3], ordering::Weak, scope::TileBlock, %4, tma::%5) };")
            .arg(part, tile.expr, index.join(QStringLiteral(", ")), o.latency, tma);
    };
    // A computed index (a swizzle, a persistent loop's row, an offset sum) is
    // one cutile 0.4.0 cannot bound, so a checked store would keep an
    // in-kernel check whose trap call serializes the kernel's wgmma
    // (docs/sass.md). cuTile Python stores at that index unchecked; so does
    // the port.
    if (o.plain() && gridIndex)
        emit(QStringLiteral("%1.store(%2, [%3]);").arg(part, tile.expr, index.join(QStringLiteral(", "))));
    else if (o.plain())
        emit(QStringLiteral("unsafe { %1.store_unchecked(%2, [%3]) };").arg(part, tile.expr, index.join(QStringLiteral(", "))));
    else if (!o.tmaParam.isEmpty())
        emit(QStringLiteral("if %1 != 0i32 { %2 } else { %3 }").arg(o.tmaParam, storeText(QStringLiteral("Enabled")),
                                                               storeText(QStringLiteral("Disabled"))));
    else
        emit(storeText(o.tma));
}

} // namespace tileport::rust
