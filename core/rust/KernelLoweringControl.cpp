// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// Control flow and helpers: `if`/`elif`/`else`, boolean operators, and
// module helper functions, which are inlined at each call site (as cuTile
// Python's compiler does) with their locals renamed so that they cannot
// shadow the caller's names.
#include "KernelLowering.h"

#include "BoundNames.h"
#include "RustNames.h"

#include "SyntaxNode.h"

#include <algorithm>

namespace tileport::rust {

using namespace tileport::frontend;

QString KernelLowering::rustName(const QString &python) const
{
    return RustNames::local(m_inlinePrefix + python);
}

// Python truthiness of a scalar condition as a Rust bool expression.
QString KernelLowering::conditionText(const RustValue &c, TSNode at)
{
    if (c.kind == RustValue::Kind::Scalar && resolve(c.dtype) == QLatin1String("bool"))
        return stripOuterParens(c.expr);
    if (c.kind == RustValue::Kind::Scalar || c.kind == RustValue::Kind::BlockId)
        return QStringLiteral("%1 != 0i32").arg(scalarText(c, at));
    // A rank-0 bool tile (`if ct.max(x) < 1.0:`) is a scalar condition.
    if (c.kind == RustValue::Kind::Tile && c.shape.isEmpty() && resolve(c.dtype) == QLatin1String("bool"))
        return bind(QStringLiteral("tile_to_scalar(%1)").arg(c.expr), QStringLiteral("bool"));
    fail(at, QStringLiteral("condition"), QStringLiteral("must be a scalar (tile conditions are not lowered)"));
}

namespace {

RustValue boolLiteral(bool t)
{
    RustValue v;
    v.kind = RustValue::Kind::BoolLiteral;
    v.integer = t ? 1 : 0;
    v.number = double(v.integer);
    return v;
}

bool truth(const RustValue &v) { return v.number != 0.0 || v.integer != 0; }

RustValue boolScalar(const QString &text)
{
    RustValue v;
    v.kind = RustValue::Kind::Scalar;
    v.dtype = QStringLiteral("bool");
    v.expr = text;
    return v;
}

} // namespace

// A bool scalar as an operand of `&&`/`||`: its text keeps its parentheses
// (`(a || b) && c` must not lose them), an int's truth is `x != 0i32`.
QString KernelLowering::boolOperandText(const RustValue &c, TSNode at)
{
    if (c.kind == RustValue::Kind::Scalar && resolve(c.dtype) == QLatin1String("bool"))
        return c.expr;
    return conditionText(c, at);
}

// `not x`, lowered structurally: cutile 0.4.0 compiles no unary operator
// but `-` on literals (compile_expression.rs, "Unary expression not
// supported"), so `!` is never emitted. `not` of a comparison inverts the
// operator (integer operands; see comparison()), `not` of `and`/`or` goes
// through De Morgan, `not not x` is the truth of x, and anything else is
// negatedValue(). A constant-generic test stays a comparison, which cutile
// folds as it folds the plain test.
RustValue KernelLowering::notOperator(TSNode n)
{
    return negated(node::field(n, "argument"));
}

RustValue KernelLowering::negated(TSNode n)
{
    n = node::unparen(n);
    if (node::is(n, "not_operator")) {
        const TSNode inner = node::field(n, "argument");
        const RustValue v = expr(inner);
        if (v.isLiteral())
            return boolLiteral(truth(v));
        if (v.isTile())
            return negatedValue(negatedValue(v, inner), inner);
        return boolScalar(QStringLiteral("(%1)").arg(conditionText(v, inner)));
    }
    if (node::is(n, "boolean_operator")) {
        const TSNode l = node::field(n, "left"), r = node::field(n, "right");
        const QString op = m_src.text(node::field(n, "operator"));
        const RustValue a = negated(l), b = negated(r);
        return booleanCombination(op == QLatin1String("and") ? QStringLiteral("or") : QStringLiteral("and"), a, b, l, r, n);
    }
    if (node::is(n, "comparison_operator"))
        return comparison(n, true);
    return negatedValue(expr(n), n);
}

// The negation of an evaluated value: a literal is decided, an int scalar
// tests `== 0i32`, and a bool (scalar or tile) is xor-ed with `true`, the
// `xori x, true` cuTile Python emits for `not` on a bool.
RustValue KernelLowering::negatedValue(const RustValue &v, TSNode at)
{
    if (v.isLiteral())
        return boolLiteral(!truth(v));
    if (v.isTile()) {
        if (resolve(v.dtype) != QLatin1String("bool"))
            fail(at, QStringLiteral("not"), QStringLiteral("`not` of a %1 tile is not lowered (compare it first)").arg(v.dtype));
        RustValue out = v;
        const QString t = bind(QStringLiteral("constant(true, %1)").arg(RustValue::shapeMacro(v.shape)), v.typeText());
        out.expr = bind(QStringLiteral("xori(%1, %2)").arg(v.expr, t), v.typeText());
        return out;
    }
    if (v.kind == RustValue::Kind::Scalar && resolve(v.dtype) == QLatin1String("bool"))
        return boolScalar(QStringLiteral("(%1 ^ true)").arg(v.expr));
    if (v.kind == RustValue::Kind::Scalar || v.kind == RustValue::Kind::BlockId)
        return boolScalar(QStringLiteral("(%1 == 0i32)").arg(scalarText(v, at)));
    fail(at, QStringLiteral("not"), QStringLiteral("needs a scalar or a bool tile"));
}

RustValue KernelLowering::booleanOperator(TSNode n)
{
    const TSNode l = node::field(n, "left"), r = node::field(n, "right");
    const QString op = m_src.text(node::field(n, "operator"));
    return booleanCombination(op, expr(l), expr(r), l, r, n);
}

// `a and b` / `a or b` on lowered operands (`not` hands negated ones here).
RustValue KernelLowering::booleanCombination(const QString &op, const RustValue &a, const RustValue &b, TSNode l, TSNode r,
                                             TSNode at)
{
    if (a.isTile() || b.isTile())
        fail(at, QStringLiteral("boolean operator"), QStringLiteral("`%1` on tiles is not lowered (use & or |)").arg(op));
    // A literal side decides or drops out, as Python's short-circuit does.
    if (a.isLiteral() && b.isLiteral())
        return boolLiteral(op == QLatin1String("and") ? truth(a) && truth(b) : truth(a) || truth(b));
    if (a.isLiteral() && a.kind == RustValue::Kind::BoolLiteral)
        return (op == QLatin1String("and")) == truth(a) ? b : boolLiteral(truth(a));
    if (b.isLiteral() && b.kind == RustValue::Kind::BoolLiteral)
        return (op == QLatin1String("and")) != truth(b) ? boolLiteral(truth(b)) : a; // as a condition
    return boolScalar(QStringLiteral("(%1 %2 %3)").arg(boolOperandText(a, l), op == QLatin1String("and") ? QStringLiteral("&&") : QStringLiteral("||"),
                                                       boolOperandText(b, r)));
}


void KernelLowering::ifStatement(TSNode n)
{
    QList<TSNode> conditions{node::field(n, "condition")};
    QList<TSNode> bodies{node::field(n, "consequence")};
    TSNode elseBody{};
    for (TSNode alt : node::fieldChildren(n, "alternative")) {
        if (node::is(alt, "elif_clause")) {
            conditions << node::field(alt, "condition");
            bodies << node::field(alt, "consequence");
        } else {
            elseBody = node::field(alt, "body");
        }
    }
    ifChain(conditions, bodies, elseBody, n);
}

// One `if` of a chain; the remaining arms become its else branch. Names
// first bound in every arm flow out of the `if` (Python scoping): each gets
// a `let mut` declared before the `if`, which every arm assigns at its end.
void KernelLowering::ifChain(QList<TSNode> conditions, QList<TSNode> bodies, TSNode elseBody, TSNode at)
{
    const TSNode condNode = conditions.takeFirst();
    const TSNode body = bodies.takeFirst();
    RustValue c;
    const uint32_t condAt = ts_node_start_byte(condNode);
    const QString condText = m_fixedConditionTexts.isEmpty() ? QString() : m_src.flatText(condNode);
    if (m_fixedConditions.contains(condAt) || (m_fixedConditionTexts.contains(condText) && constantsOnly(condNode))) {
        c.kind = RustValue::Kind::BoolLiteral; // this entry's arm of a split
        c.integer = m_fixedConditions.value(condAt, m_fixedConditionTexts.value(condText)) ? 1 : 0;
        c.number = double(c.integer);
    } else {
        c = expr(condNode);
    }
    const bool hasElse = !conditions.isEmpty() || !node::isNull(elseBody);
    if (c.isLiteral()) {
        // A module-constant condition: the taken arm is lowered in place,
        // its names stay visible afterwards, as in Python.
        if (c.number != 0.0)
            block(body);
        else if (!conditions.isEmpty())
            ifChain(conditions, bodies, elseBody, at);
        else if (!node::isNull(elseBody))
            block(elseBody);
        return;
    }
    const QString cond = conditionText(c, condNode);
    QStringList fresh;
    if (hasElse) {
        // A new name flows out when every arm binds it on every path.
        QList<QStringList> arms{definitelyAssigned(m_src, body)};
        for (TSNode b : bodies)
            arms << definitelyAssigned(m_src, b);
        if (!node::isNull(elseBody))
            arms << definitelyAssigned(m_src, elseBody);
        for (const QString &name : arms.first())
            if (!m_vars.contains(name)
                && std::all_of(arms.cbegin() + 1, arms.cend(), [&](const QStringList &a) { return a.contains(name); }))
                fresh << name;
    }
    const int headLine = int(m_body.size());
    const QStringList outer = [&] {
        QStringList o;
        for (const QString &f : fresh)
            o << QStringLiteral("%1_out_%2").arg(rustName(f)).arg(m_temp++);
        return o;
    }();
    emit(QStringLiteral("if %1 {").arg(cond));
    m_openIfs.append(OpenIf{condNode, m_loopDepth + 1, m_inlineDepth == 0 && constantsOnly(condNode)});
    const QList<RustValue> thenValues = branchArm(body, fresh, outer);
    if (hasElse) {
        emit(QStringLiteral("} else {"));
        QList<RustValue> elseValues;
        if (!conditions.isEmpty()) {
            // elif: a nested if in the else block, which binds the fresh
            // names like any arm and hands them on.
            const QHash<QString, Variable> saved = m_vars;
            ++m_loopDepth;
            ++m_indent;
            ifChain(conditions, bodies, elseBody, at);
            for (int i = 0; i < fresh.size(); ++i) {
                if (!m_vars.contains(fresh[i]))
                    fail(at, QStringLiteral("if statement"), QStringLiteral("'%1' is not bound in every arm").arg(fresh[i]));
                elseValues << m_vars.value(fresh[i]).value;
                emit(QStringLiteral("%1 = %2;").arg(outer[i], armValueText(elseValues.last(), thenValues[i], at)));
            }
            --m_indent;
            --m_loopDepth;
            m_vars = saved;
        } else {
            elseValues = branchArm(elseBody, fresh, outer);
        }
        for (int i = 0; i < fresh.size(); ++i)
            if (elseValues[i].isTile() != thenValues[i].isTile() || elseValues[i].shape != thenValues[i].shape
                || resolve(elseValues[i].dtype) != resolve(thenValues[i].dtype)) {
                if (m_inlineDepth == 0 && constantsOnly(condNode))
                    m_split = ConstSplit{ts_node_start_byte(condNode), m_src.flatText(condNode)};
                fail(at, QStringLiteral("if statement"),
                     QStringLiteral("'%1' has different types in the arms (%2, %3)")
                         .arg(fresh[i], thenValues[i].typeText(), elseValues[i].typeText()));
            }
    }
    m_openIfs.removeLast();
    emit(QStringLiteral("}"));
    if (fresh.isEmpty())
        return;
    // The declarations go before the `if`; their initial values are never read.
    QList<RustLine> tail = m_body.mid(headLine);
    m_body.resize(headLine);
    for (int i = 0; i < fresh.size(); ++i) {
        const RustValue &v = thenValues[i];
        QString init;
        if (v.isTile() && resolve(v.dtype) == QLatin1String("bool")) {
            init = QStringLiteral("constant(false, %1)").arg(RustValue::shapeMacro(v.shape));
        } else if (v.isTile()) {
            RustValue zero;
            zero.kind = RustValue::Kind::IntLiteral;
            init = toTile(zero, v.dtype, v.shape, at).expr;
        } else {
            init = resolve(v.dtype) == QLatin1String("bool") ? QStringLiteral("false")
                   : resolve(v.dtype) == QLatin1String("f32") ? QStringLiteral("0.0f32") : QStringLiteral("0i32");
        }
        Variable var;
        var.loopDepth = m_loopDepth;
        var.letLine = int(m_body.size());
        var.value = v;
        var.value.expr = outer[i];
        emit(QStringLiteral("let mut %1: %2 = %3;").arg(outer[i], v.typeText(), init));
        m_vars.insert(fresh[i], var);
    }
    m_body += tail;
    m_lastTemp.clear();
}

// Whether a condition reads only ct.Constant parameters and literals, so
// that a config decides it.
bool KernelLowering::constantsOnly(TSNode n) const
{
    if (node::is(n, "identifier"))
        return m_constParams.contains(m_src.text(n)) || m_pinnedConstants.contains(m_src.text(n));
    if (node::is(n, "call") || node::is(n, "attribute") || node::is(n, "subscript"))
        return false;
    for (TSNode c : node::children(n))
        if (!constantsOnly(c))
            return false;
    return true;
}

// The arm's value of a fresh name as the text assigned to its outer variable.
QString KernelLowering::armValueText(const RustValue &value, const RustValue &like, TSNode at)
{
    if (value.isLiteral()) {
        const QString dt = like.isTile() ? like.dtype
                           : like.kind == RustValue::Kind::FloatLiteral ? QStringLiteral("f32")
                           : like.kind == RustValue::Kind::BoolLiteral  ? QStringLiteral("bool")
                           : like.dtype.isEmpty()                       ? QStringLiteral("i32") : resolve(like.dtype);
        return literalText(value, dt, at);
    }
    return value.expr;
}

// Lowers one arm in its own Rust block and assigns the fresh names' values
// to their outer variables at its end.
QList<RustValue> KernelLowering::branchArm(TSNode body, const QStringList &fresh, const QStringList &outer)
{
    const QHash<QString, Variable> saved = m_vars;
    ++m_loopDepth; // names of the enclosing scope assigned here become `let mut`
    ++m_indent;
    block(body);
    QList<RustValue> values;
    for (int i = 0; i < fresh.size(); ++i) {
        if (!m_vars.contains(fresh[i]))
            fail(body, QStringLiteral("if statement"), QStringLiteral("'%1' is not bound in every arm").arg(fresh[i]));
        RustValue v = m_vars.value(fresh[i]).value;
        if (!v.isTile() && !v.isScalarLike())
            fail(body, QStringLiteral("if statement"), QStringLiteral("'%1' must be a tile or a scalar").arg(fresh[i]));
        QString text = armValueText(v, v, body);
        if (v.isTile() && v.shape.isEmpty()) {
            // A rank-0 tile leaves the arm as a scalar, so it joins an arm
            // that binds a plain scalar or literal (ct.maximum(0, x) vs 0).
            text = QStringLiteral("tile_to_scalar(%1)").arg(v.expr);
            v.kind = RustValue::Kind::Scalar;
        } else if (v.kind == RustValue::Kind::IntLiteral || v.kind == RustValue::Kind::BlockId) {
            v.kind = RustValue::Kind::Scalar;
            v.dtype = QStringLiteral("i32");
        } else if (v.kind == RustValue::Kind::FloatLiteral) {
            v.kind = RustValue::Kind::Scalar;
            v.dtype = QStringLiteral("f32");
        } else if (v.kind == RustValue::Kind::BoolLiteral) {
            v.kind = RustValue::Kind::Scalar;
            v.dtype = QStringLiteral("bool");
        }
        emit(QStringLiteral("%1 = %2;").arg(outer[i], text));
        values << v;
    }
    --m_indent;
    --m_loopDepth;
    m_vars = saved;
    m_lastTemp.clear();
    return values;
}

TSNode KernelLowering::moduleFunction(const QString &name) const
{
    for (TSNode stmt : node::children(m_src.root())) {
        TSNode def = stmt;
        if (node::is(def, "decorated_definition"))
            def = node::field(def, "definition");
        if (node::is(def, "function_definition") && m_src.text(node::field(def, "name")) == name)
            return def;
    }
    return TSNode{};
}

bool KernelLowering::containsReturn(TSNode n) const
{
    if (node::isNull(n))
        return false;
    if (node::is(n, "return_statement"))
        return true;
    if (node::is(n, "function_definition") || node::is(n, "lambda"))
        return false;
    for (TSNode c : node::children(n))
        if (containsReturn(c))
            return true;
    return false;
}

// The arm of an if/elif/else chain whose condition lowering decides (a
// literal); a null node when no arm is taken. Refuses a runtime condition.
TSNode KernelLowering::decidedArm(TSNode ifNode)
{
    QList<TSNode> conditions{node::field(ifNode, "condition")};
    QList<TSNode> bodies{node::field(ifNode, "consequence")};
    TSNode elseBody{};
    for (TSNode alt : node::fieldChildren(ifNode, "alternative")) {
        if (node::is(alt, "elif_clause")) {
            conditions << node::field(alt, "condition");
            bodies << node::field(alt, "consequence");
        } else {
            elseBody = node::field(alt, "body");
        }
    }
    for (qsizetype i = 0; i < conditions.size(); ++i) {
        const RustValue c = expr(conditions[i]);
        if (!c.isLiteral())
            fail(conditions[i], QStringLiteral("return statement"),
                 QStringLiteral("an early return under a runtime condition is not lowered"));
        if (c.number != 0.0 || c.integer != 0)
            return bodies[i];
    }
    return elseBody;
}

RustValue KernelLowering::inlineHelper(TSNode call, const QString &name)
{
    const TSNode def = moduleFunction(name);
    if (node::isNull(def))
        fail(call, QStringLiteral("helper call"), QStringLiteral("'%1' is not a module-level function").arg(name));
    if (m_inlineDepth >= 16)
        fail(call, QStringLiteral("helper call"), QStringLiteral("'%1': helpers nest too deep (recursion?)").arg(name));
    // Parameters and their bound values, evaluated in the caller's scope.
    QStringList names;
    QList<TSNode> defaults;
    for (TSNode p : node::children(node::field(def, "parameters"))) {
        if (node::is(p, "identifier")) {
            names << m_src.text(p);
            defaults << TSNode{};
        } else if (node::is(p, "typed_parameter")) {
            names << m_src.text(node::children(p).front());
            defaults << TSNode{};
        } else if (node::is(p, "default_parameter") || node::is(p, "typed_default_parameter")) {
            names << m_src.text(node::field(p, "name"));
            defaults << node::field(p, "value");
        } else if (!node::is(p, "keyword_separator")) {
            fail(p, QStringLiteral("helper parameter"), QStringLiteral("'%1' is not lowered").arg(m_src.text(p)));
        }
    }
    QHash<QString, RustValue> bound;
    int pos = 0;
    for (TSNode a : node::children(node::field(call, "arguments"))) {
        if (node::is(a, "keyword_argument")) {
            const QString k = m_src.text(node::field(a, "name"));
            if (!names.contains(k))
                fail(a, QStringLiteral("helper call"), QStringLiteral("'%1' has no parameter '%2'").arg(name, k));
            bound.insert(k, expr(node::field(a, "value")));
        } else {
            if (pos >= names.size())
                fail(a, QStringLiteral("helper call"), QStringLiteral("too many arguments for '%1'").arg(name));
            bound.insert(names[pos++], expr(a));
        }
    }
    const QHash<QString, Variable> saved = m_vars;
    m_vars.clear(); // a helper sees its parameters and module names only
    for (int i = 0; i < names.size(); ++i) {
        RustValue v;
        if (bound.contains(names[i]))
            v = bound.value(names[i]);
        else if (!node::isNull(defaults[i]))
            v = expr(defaults[i]);
        else
            fail(call, QStringLiteral("helper call"), QStringLiteral("'%1' needs argument '%2'").arg(name, names[i]));
        Variable var;
        var.value = v;
        var.loopDepth = m_loopDepth;
        m_vars.insert(names[i], var);
    }
    const QString savedPrefix = m_inlinePrefix;
    m_inlinePrefix = QStringLiteral("%1_%2_").arg(name.startsWith(QLatin1Char('_')) ? name.mid(1) : name).arg(++m_inlineCount);
    // A parameter the helper assigns (a loop-carried accumulator, say) gets
    // its own binding, so that it can become `let mut` like any local.
    QStringList reassigned;
    assignedNames(m_src, node::field(def, "body"), reassigned);
    for (const QString &p : names) {
        Variable &var = m_vars[p];
        if (!reassigned.contains(p) || !(var.value.isTile() || var.value.kind == RustValue::Kind::Scalar))
            continue;
        var.letLine = int(m_body.size());
        emit(QStringLiteral("let %1: %2 = %3;").arg(rustName(p), var.value.typeText(), var.value.expr));
        var.value.expr = rustName(p);
    }
    planProducts(node::field(def, "body"));
    ++m_inlineDepth;
    const TSNode savedFunction = m_inlineFunction;
    m_inlineFunction = def;
    RustValue result;
    result.kind = RustValue::Kind::Tuple; // `None`: no value
    auto stmtList = node::children(node::field(def, "body"));
    QList<TSNode> stmts(stmtList.begin(), stmtList.end());
    for (qsizetype i = 0; i < stmts.size(); ++i) {
        const TSNode s = stmts[i];
        if (node::is(s, "if_statement") && containsReturn(s)) {
            // An early return under a condition decided while lowering (a
            // dtype test, a module constant): the taken arm replaces the if
            // and the statements after it only run when it does not return.
            const TSNode taken = decidedArm(s);
            QList<TSNode> rest;
            if (!node::isNull(taken))
                for (TSNode t : node::children(taken))
                    rest << t;
            if (!rest.isEmpty() && node::is(rest.last(), "return_statement")) {
                stmts = stmts.mid(0, i) + rest;
            } else if (!containsReturn(taken)) {
                stmts = stmts.mid(0, i) + rest + stmts.mid(i + 1);
            } else {
                fail(s, QStringLiteral("return statement"), QStringLiteral("a return inside a nested block is not lowered"));
            }
            --i;
            continue;
        }
        if (node::is(s, "return_statement")) {
            if (i + 1 != stmts.size())
                fail(s, QStringLiteral("return statement"), QStringLiteral("only a final return is lowered in helpers"));
            const auto ch = node::children(s);
            if (!ch.empty()) {
                const SourceRange r = m_src.range(s);
                const int savedLine = m_pyLine, savedEnd = m_pyEndLine;
                m_pyLine = r.line;
                m_pyEndLine = r.endLine;
                result = expr(ch.front());
                m_pyLine = savedLine;
                m_pyEndLine = savedEnd;
            }
        } else {
            statement(s);
        }
    }
    --m_inlineDepth;
    m_inlineFunction = savedFunction;
    m_inlinePrefix = savedPrefix;
    m_vars = saved;
    m_lastTemp.clear();
    return result;
}

} // namespace tileport::rust
