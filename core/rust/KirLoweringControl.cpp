// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// Control flow into the kernel IR: `if`/`elif`/`else` as kir.if with the
// names it binds as results, conditions, `and`/`or`/`not` and scalar
// comparisons.
#include "KirLowering.h"

#include "BoundNames.h"
#include "KirNames.h"
#include "SyntaxNode.h"

#include <functional>

namespace tileport::rust {

using namespace tileport::frontend;

namespace {

bool truth(qint64 integer, double number) { return number != 0.0 || integer != 0; }

} // namespace

KirLowering::Value KirLowering::boolLiteral(bool t)
{
    Value v;
    v.kind = Value::Kind::Bool;
    v.integer = t ? 1 : 0;
    v.number = double(v.integer);
    return v;
}

// Python's truth of a scalar as an i1: a bool as it is, an int `!= 0`, a
// rank-0 bool tile (`if ct.max(x) < 1.0:`) as its scalar.
mlir::Value KirLowering::condition(const Value &c, TSNode at)
{
    if (c.isScalar()) {
        const mlir::Type t = m_solver.resolve(c.ssa.getType());
        if (t.isInteger(1))
            return c.ssa;
        if (t.isSignlessInteger(32) || llvm::isa<kir::VarType>(t)) {
            unify(t, m_b.getI32Type(), at, QStringLiteral("condition"));
            return kir::TruthOp::create(m_b, loc(), m_b.getI1Type(), c.ssa);
        }
        fail(at, QStringLiteral("condition"), QStringLiteral("the truth of a float scalar is not lowered (compare it)"));
    }
    if (c.isTile()) {
        auto t = llvm::cast<kir::TileType>(c.ssa.getType());
        if (t.getRank() == 0 && m_solver.resolve(t.getElementType()).isInteger(1))
            return kir::TileToScalarOp::create(m_b, loc(), m_b.getI1Type(), c.ssa);
    }
    fail(at, QStringLiteral("condition"), QStringLiteral("must be a scalar (tile conditions are not lowered)"));
}

KirLowering::Value KirLowering::booleanOperator(TSNode n)
{
    const TSNode l = node::field(n, "left"), r = node::field(n, "right");
    const QString op = m_src->text(node::field(n, "operator"));
    const Value a = expr(l); // Python's order: the left operand first
    const Value b = expr(r);
    return booleanCombination(op, a, b, l, r, n);
}

// `a and b` / `a or b` on lowered operands (`not` hands negated ones here):
// a literal side decides or drops out, as Python's short-circuit does.
KirLowering::Value KirLowering::booleanCombination(const QString &op, const Value &a, const Value &b, TSNode l, TSNode r, TSNode at)
{
    if (a.isTile() || b.isTile())
        fail(at, QStringLiteral("boolean operator"), QStringLiteral("`%1` on tiles is not lowered (use & or |)").arg(op));
    const bool isAnd = op == QLatin1String("and");
    if (a.isLiteral() && b.isLiteral())
        return boolLiteral(isAnd ? truth(a.integer, a.number) && truth(b.integer, b.number) : truth(a.integer, a.number) || truth(b.integer, b.number));
    if (a.kind == Value::Kind::Bool)
        return isAnd == truth(a.integer, a.number) ? b : a;
    if (b.kind == Value::Kind::Bool)
        return isAnd != truth(b.integer, b.number) ? b : a; // as a condition
    const mlir::Value x = condition(a, l), y = condition(b, r);
    Value out;
    out.ssa = isAnd ? mlir::Value(kir::LogicalAndOp::create(m_b, loc(), m_b.getI1Type(), x, y)) : mlir::Value(kir::LogicalOrOp::create(m_b, loc(), m_b.getI1Type(), x, y));
    return out;
}

// `not x`, structurally: cutile compiles no `!`, so `not` of a comparison
// inverts the operator (integer operands), `not` of `and`/`or` goes
// through De Morgan, and anything else is negatedValue().
KirLowering::Value KirLowering::negated(TSNode n)
{
    n = node::unparen(n);
    if (node::is(n, "not_operator")) {
        const TSNode inner = node::field(n, "argument");
        const Value v = expr(inner);
        if (v.isLiteral())
            return boolLiteral(truth(v.integer, v.number));
        if (v.isTile())
            return negatedValue(negatedValue(v, inner), inner);
        Value out;
        out.ssa = condition(v, inner);
        return out;
    }
    if (node::is(n, "boolean_operator")) {
        const TSNode l = node::field(n, "left"), r = node::field(n, "right");
        const QString op = m_src->text(node::field(n, "operator"));
        const Value a = negated(l), b = negated(r);
        return booleanCombination(op == QLatin1String("and") ? QStringLiteral("or") : QStringLiteral("and"), a, b, l, r, n);
    }
    if (node::is(n, "comparison_operator"))
        return comparison(n, true);
    return negatedValue(expr(n), n);
}

// The negation of an evaluated value: a literal is decided, an int scalar
// tests `== 0`, and a bool (scalar or tile) is xor-ed with `true`, the
// `xori x, true` cuTile Python emits for `not` on a bool.
KirLowering::Value KirLowering::negatedValue(const Value &v, TSNode at)
{
    if (v.isLiteral())
        return boolLiteral(!truth(v.integer, v.number));
    Value out;
    if (v.isTile()) {
        auto t = llvm::cast<kir::TileType>(v.ssa.getType());
        if (!m_solver.resolve(t.getElementType()).isInteger(1))
            fail(at, QStringLiteral("not"), QStringLiteral("`not` of a non-bool tile is not lowered (compare it first)"));
        const mlir::Value ones = kir::ConstantOp::create(m_b, loc(), t, m_b.getBoolAttr(true));
        out.ssa = kir::XorOp::create(m_b, loc(), t, v.ssa, ones);
        return out;
    }
    if (v.isScalar() && m_solver.resolve(v.ssa.getType()).isInteger(1)) {
        const mlir::Value t = kir::ConstantOp::create(m_b, loc(), m_b.getI1Type(), m_b.getBoolAttr(true));
        out.ssa = kir::XorOp::create(m_b, loc(), m_b.getI1Type(), v.ssa, t);
        return out;
    }
    if (v.isScalar()) {
        const mlir::Value x = scalar(v, at);
        const mlir::Value zero = kir::ConstantOp::create(m_b, loc(), m_b.getI32Type(), m_b.getI64IntegerAttr(0));
        out.ssa = kir::CmpOp::create(m_b, loc(), m_b.getI1Type(), m_b.getStringAttr("eq"), x, zero);
        return out;
    }
    fail(at, QStringLiteral("not"), QStringLiteral("needs a scalar or a bool tile"));
}

void KirLowering::decide(uint32_t at, bool value, const QString &condition, bool pin)
{
    m_decided.insert(at, value);
    // Every other `if` on the same condition is decided alike: the config
    // that picks this entry fixes the constants it reads.
    m_decidedTexts.insert(condition, value);
    m_constChoices.append({condition, value});
    if (!pin)
        return;
    // `N == 4` decided true or `N != 1` decided false fixes N: a literal
    // here, so shapes built from it are exact, and no const generic.
    TSNode cond = ts_node_descendant_for_byte_range(m_function, at, at);
    while (!node::isNull(cond) && ts_node_start_byte(cond) == at && !node::is(cond, "comparison_operator"))
        cond = node::parent(cond);
    if (node::isNull(cond) || !node::is(cond, "comparison_operator") || ts_node_start_byte(cond) != at || node::children(cond).size() != 2)
        return;
    const QString op = m_src->text(ts_node_child(cond, 1));
    TSNode name = node::children(cond).front(), number = node::children(cond).back();
    if (!node::is(name, "identifier"))
        std::swap(name, number);
    bool isInt = false;
    const qint64 n = m_src->text(number).toLongLong(&isInt);
    if (!node::is(name, "identifier") || !node::is(number, "integer") || !isInt)
        return;
    if ((op == QLatin1String("==") && value) || (op == QLatin1String("!=") && !value))
        m_pinned.insert(m_src->text(name), n);
}

// This entry's decision of a condition: taken at this very condition (a
// split), or at another on the same ct.Constants-only text in the kernel.
std::optional<bool> KirLowering::decision(TSNode cond) const
{
    const uint32_t at = ts_node_start_byte(cond);
    if (m_decided.contains(at))
        return m_decided.value(at);
    const QString text = m_src->flatText(cond);
    if (m_inlineDepth == 0 && m_decidedTexts.contains(text) && constantsOnly(cond))
        return m_decidedTexts.value(text);
    return std::nullopt;
}

TSNode KirLowering::constantArm(TSNode n)
{
    n = node::unparen(n);
    if (!node::is(n, "conditional_expression") || m_inlineDepth != 0)
        return n;
    const auto ch = node::children(n);
    if (ch.size() != 3 || !constantsOnly(ch[1]))
        return n;
    if (const auto d = decision(ch[1]))
        return constantArm(*d ? ch[0] : ch[2]);
    throw SplitRequest{ts_node_start_byte(ch[1]), m_src->flatText(ch[1])};
}

// Whether a condition reads only ct.Constant parameters and literals, so
// that a config decides it.
bool KirLowering::constantsOnly(TSNode n) const
{
    if (node::is(n, "identifier"))
        return m_constParams.contains(m_src->text(n)) || m_pinned.contains(m_src->text(n));
    if (node::is(n, "call") || node::is(n, "attribute") || node::is(n, "subscript"))
        return false;
    for (TSNode c : node::children(n))
        if (!constantsOnly(c))
            return false;
    return true;
}

KirLowering::IfArms KirLowering::ifArms(TSNode ifNode)
{
    IfArms a;
    a.conditions << node::field(ifNode, "condition");
    a.bodies << node::field(ifNode, "consequence");
    for (TSNode alt : node::fieldChildren(ifNode, "alternative")) {
        if (node::is(alt, "elif_clause")) {
            a.conditions << node::field(alt, "condition");
            a.bodies << node::field(alt, "consequence");
        } else {
            a.elseBody = node::field(alt, "body");
        }
    }
    return a;
}

void KirLowering::ifStatement(TSNode n)
{
    const IfArms a = ifArms(n);
    ifChain(a.conditions, a.bodies, a.elseBody, n);
}

// One `if` of a chain; the remaining arms are its else arm. Its results are
// the names bound before it that an arm re-binds, then the names every arm
// binds first (Python makes both visible after it).
void KirLowering::ifChain(QList<TSNode> conditions, QList<TSNode> bodies, TSNode elseBody, TSNode at)
{
    const TSNode condNode = conditions.takeFirst();
    const TSNode body = bodies.takeFirst();
    const uint32_t condAt = ts_node_start_byte(condNode);
    const bool kernelConstants = m_inlineDepth == 0 && constantsOnly(condNode);
    const std::optional<bool> decided = decision(condNode); // this entry's arm of a split
    const Value c = decided ? boolLiteral(*decided) : expr(condNode);
    if (c.isLiteral()) {
        // A module-constant condition: the taken arm is lowered in place,
        // its names stay visible afterwards, as in Python.
        if (truth(c.integer, c.number))
            block(body);
        else if (!conditions.isEmpty())
            ifChain(conditions, bodies, elseBody, at);
        else if (!node::isNull(elseBody))
            block(elseBody);
        return;
    }
    const mlir::Value cond = condition(c, condNode);
    const bool hasElse = !conditions.isEmpty() || !node::isNull(elseBody);

    QList<TSNode> arms{body};
    arms << bodies;
    if (!node::isNull(elseBody))
        arms << elseBody;
    QStringList assigned;
    for (TSNode arm : arms)
        assignedNames(*m_src, arm, assigned);
    QStringList carried, fresh;
    for (const QString &name : assigned)
        if (m_vars.contains(name) && m_vars.value(name).kind != Value::Kind::Tensor)
            carried << name;
    if (hasElse) {
        QList<QStringList> definite; // of the arms that fall through
        for (TSNode arm : arms)
            if (fallsThrough(arm))
                definite << definitelyAssigned(*m_src, arm);
        for (const QString &name : definite.value(0))
            if (!m_vars.contains(name)
                && std::all_of(definite.cbegin() + 1, definite.cend(), [&](const QStringList &d) { return d.contains(name); }))
                fresh << name;
    }

    // The arms are lowered into a placeholder; the kir.if with its result
    // types takes their blocks once both are known.
    std::vector<std::string> carriedStore, freshStore;
    for (const QString &s : carried) // a helper's names carry its prefix
        carriedStore.push_back((m_inlinePrefix + s).toStdString());
    for (const QString &s : fresh)
        freshStore.push_back((m_inlinePrefix + s).toStdString());
    const auto strs = [&](const std::vector<std::string> &v) {
        llvm::SmallVector<llvm::StringRef> r(v.begin(), v.end());
        return m_b.getStrArrayAttr(r);
    };
    llvm::SmallVector<mlir::Value> inits;
    for (const QString &name : carried)
        inits.push_back(carriedInit(name, at, QStringLiteral("if statement")));
    auto placeholder = kir::IfOp::create(m_b, loc(), mlir::TypeRange{}, cond, mlir::ValueRange{}, strs(carriedStore), strs(freshStore));
    placeholder.getThenRegion().push_back(new mlir::Block());
    placeholder.getElseRegion().push_back(new mlir::Block());
    const QStringList names = carried + fresh;
    const QHash<QString, Value> saved = m_vars;
    QList<Value> thenValues, elseValues;
    const SplitRequest split{condAt, m_src->flatText(condNode)};
    try {
        mlir::OpBuilder::InsertionGuard guard(m_b);
        m_carried << carried;
        m_b.setInsertionPointToEnd(placeholder.thenBlock());
        block(body);
        for (const QString &name : names) {
            if (!m_vars.contains(name))
                fail(body, QStringLiteral("if statement"), QStringLiteral("'%1' is not bound in every arm").arg(name));
            thenValues << m_vars.value(name);
        }
        m_vars = saved;
        m_b.setInsertionPointToEnd(placeholder.elseBlock());
        if (!conditions.isEmpty()) {
            const SourceRange stmt = m_stmt;
            ifChain(conditions, bodies, elseBody, at); // elif: an if in the else arm
            m_stmt = stmt;
        } else if (!node::isNull(elseBody)) {
            block(elseBody);
        }
        for (const QString &name : names) {
            if (!m_vars.contains(name))
                fail(node::isNull(elseBody) ? at : elseBody, QStringLiteral("if statement"),
                     QStringLiteral("'%1' is not bound in every arm").arg(name));
            elseValues << m_vars.value(name);
        }
        m_carried.removeLast();
        m_vars = saved;

        // Each result's type: a rank-0 tile first bound in the arms leaves
        // them as a scalar; a literal takes the other arm's type, or its
        // Python type (int32, float32, bool).
        llvm::SmallVector<mlir::Type> types;
        for (qsizetype i = 0; i < names.size(); ++i) {
            const bool isFresh = i >= carried.size();
            for (auto [arm, values] : {std::pair{placeholder.thenBlock(), &thenValues}, std::pair{placeholder.elseBlock(), &elseValues}}) {
                Value &v = (*values)[i];
                m_b.setInsertionPointToEnd(arm);
                if (isFresh && v.isTile() && llvm::cast<kir::TileType>(v.ssa.getType()).getRank() == 0) {
                    v.ssa = kir::TileToScalarOp::create(m_b, loc(), llvm::cast<kir::TileType>(v.ssa.getType()).getElementType(), v.ssa);
                    v.kind = Value::Kind::Ssa;
                }
            }
            const Value &a = thenValues[i], &b = elseValues[i];
            mlir::Type t;
            if (!isFresh)
                t = saved.value(names[i]).ssa.getType();
            else if (a.kind == Value::Kind::Ssa)
                t = a.ssa.getType();
            else if (b.kind == Value::Kind::Ssa)
                t = b.ssa.getType();
            else if (a.kind == Value::Kind::Float || b.kind == Value::Kind::Float)
                t = m_b.getF32Type();
            else if (a.kind == Value::Kind::Int || b.kind == Value::Kind::Int)
                t = m_b.getI32Type();
            else if (a.kind == Value::Kind::Bool && b.kind == Value::Kind::Bool)
                t = m_b.getI1Type();
            else
                fail(at, QStringLiteral("if statement"), QStringLiteral("'%1' must be a tile or a scalar in every arm").arg(names[i]));
            types.push_back(t);
            for (auto [arm, values] : {std::pair{placeholder.thenBlock(), &thenValues}, std::pair{placeholder.elseBlock(), &elseValues}}) {
                Value &v = (*values)[i];
                m_b.setInsertionPointToEnd(arm);
                if (v.isLiteral()) {
                    v.ssa = literalAs(v, t, at, QStringLiteral("'%1' has different types in the arms").arg(names[i]));
                    v.kind = Value::Kind::Ssa;
                } else if (v.kind != Value::Kind::Ssa) {
                    fail(at, QStringLiteral("if statement"), QStringLiteral("'%1' must be a tile or a scalar in every arm").arg(names[i]));
                }
                auto ta = llvm::dyn_cast<kir::TileType>(v.ssa.getType()), tt = llvm::dyn_cast<kir::TileType>(t);
                std::string why;
                if (bool(ta) != bool(tt) || (ta && ta.getDims() != tt.getDims())
                    || !m_solver.unify(kir::elementTypeOf(v.ssa.getType()), kir::elementTypeOf(t), &why))
                    fail(at, QStringLiteral("if statement"), QStringLiteral("'%1' has different types in the arms").arg(names[i]));
            }
        }
        for (auto [arm, values] : {std::pair{placeholder.thenBlock(), &thenValues}, std::pair{placeholder.elseBlock(), &elseValues}}) {
            m_b.setInsertionPointToEnd(arm);
            llvm::SmallVector<mlir::Value> yielded;
            for (const Value &v : *values)
                yielded.push_back(v.ssa);
            kir::YieldOp::create(m_b, loc(), yielded);
        }
        m_b.setInsertionPoint(placeholder);
        auto op = kir::IfOp::create(m_b, loc(), types, cond, inits, placeholder.getCarriedAttr(), placeholder.getFreshAttr());
        op.getThenRegion().takeBody(placeholder.getThenRegion());
        op.getElseRegion().takeBody(placeholder.getElseRegion());
        placeholder.erase();
        for (qsizetype i = 0; i < names.size(); ++i) {
            Value v;
            v.ssa = op.getResult(unsigned(i));
            m_vars.insert(names[i], v);
        }
    } catch (const LoweringError &) {
        // What an arm of an `if` on the kernel's constants cannot lower (or
        // arms binding different types) splits the entry on it.
        if (kernelConstants)
            throw split;
        throw;
    }
}

// The arm of an `if` whose conditions are all decided now (literals).
TSNode KirLowering::decidedArm(TSNode ifNode)
{
    const IfArms a = ifArms(ifNode);
    for (qsizetype i = 0; i < a.conditions.size(); ++i) {
        const Value c = expr(a.conditions[i]);
        if (!c.isLiteral())
            fail(a.conditions[i], QStringLiteral("return statement"), QStringLiteral("an early return under a runtime condition is not lowered"));
        if (truth(c.integer, c.number))
            return a.bodies[i];
    }
    return a.elseBody;
}

TSNode KirLowering::moduleFunction(const QString &name) const
{
    // Module level includes the bodies of a module-level `try:` (and its
    // `else:`) and `with`, as the analysis reads them.
    const std::function<TSNode(TSNode)> find = [&](TSNode n) -> TSNode {
        for (TSNode stmt : node::children(n)) {
            if (node::is(stmt, "try_statement") || node::is(stmt, "with_statement")) {
                if (const TSNode d = find(node::field(stmt, "body")); !node::isNull(d))
                    return d;
                for (TSNode e : node::children(stmt))
                    if (node::is(e, "else_clause"))
                        if (const TSNode d = find(node::field(e, "body")); !node::isNull(d))
                            return d;
                continue;
            }
            TSNode def = stmt;
            if (node::is(def, "decorated_definition"))
                def = node::field(def, "definition");
            if (node::is(def, "function_definition") && m_src->text(node::field(def, "name")) == name)
                return def;
        }
        return TSNode{};
    };
    return find(m_src->root());
}

// The import table of an imported helper's module, built once.
const frontend::ImportTable *KirLowering::moduleImports(const frontend::ModuleAnalysis &module)
{
    auto it = m_moduleImports.find(&module);
    if (it == m_moduleImports.end()) {
        auto table = std::make_shared<frontend::ImportTable>();
        for (TSNode stmt : node::children(module.source->root()))
            if (node::is(stmt, "import_statement") || node::is(stmt, "import_from_statement"))
                table->addImport(*module.source, stmt);
        it = m_moduleImports.insert(&module, table);
    }
    return it.value().get();
}

// A module-level helper is inlined at its call, as cuTile Python's compiler
// does: its parameters bound to the arguments (evaluated in the caller's
// scope), its names prefixed so that they cannot shadow the caller's, its
// final `return` the call's value.
KirLowering::Value KirLowering::inlineHelper(TSNode call, const QString &name, const frontend::ImportedHelper *imported)
{
    // The caller's module, restored on every exit (a refusal unwinds
    // through here too); an imported helper's parameters and body are read
    // in its own module, the arguments in the caller's.
    struct Caller {
        KirLowering *l;
        const frontend::PythonSource *src;
        const frontend::ImportTable *imports;
        const frontend::ModuleAnalysis *analysis;
        frontend::SourceRange site;
        void enter() const { l->m_src = src, l->m_imports = imports, l->m_analysis = analysis; }
        ~Caller() { enter(), l->m_importSite = site; }
    } caller{this, m_src, m_imports, m_analysis, m_importSite};
    const auto enterHelper = [&]() {
        if (!imported)
            return;
        if (m_src == m_kernelSrc)
            m_importSite = m_src->range(call); // errors in there are reported at this call
        m_src = imported->module->source.get();
        m_imports = moduleImports(*imported->module);
        m_analysis = imported->module.get();
    };
    enterHelper();
    const TSNode def = moduleFunction(name);
    if (node::isNull(def))
        fail(call, QStringLiteral("helper call"), QStringLiteral("'%1' is not a module-level function").arg(name));
    if (m_inlineDepth >= 16)
        fail(call, QStringLiteral("helper call"), QStringLiteral("'%1': helpers nest too deep (recursion?)").arg(name));
    QStringList names;
    QList<TSNode> defaults;
    for (TSNode p : node::children(node::field(def, "parameters"))) {
        if (node::is(p, "identifier")) {
            names << m_src->text(p);
            defaults << TSNode{};
        } else if (node::is(p, "typed_parameter")) {
            names << m_src->text(node::children(p).front());
            defaults << TSNode{};
        } else if (node::is(p, "default_parameter") || node::is(p, "typed_default_parameter")) {
            names << m_src->text(node::field(p, "name"));
            defaults << node::field(p, "value");
        } else if (!node::is(p, "keyword_separator")) {
            fail(p, QStringLiteral("helper parameter"), QStringLiteral("'%1' is not lowered").arg(m_src->text(p)));
        }
    }
    QHash<QString, Value> bound;
    int pos = 0;
    caller.enter();
    for (TSNode a : node::children(node::field(call, "arguments"))) {
        if (node::is(a, "keyword_argument")) {
            const QString k = m_src->text(node::field(a, "name"));
            if (!names.contains(k))
                fail(a, QStringLiteral("helper call"), QStringLiteral("'%1' has no parameter '%2'").arg(name, k));
            bound.insert(k, expr(node::field(a, "value")));
        } else {
            if (pos >= names.size())
                fail(a, QStringLiteral("helper call"), QStringLiteral("too many arguments for '%1'").arg(name));
            bound.insert(names[pos++], expr(a));
        }
    }
    const std::function<bool(TSNode)> returns = [&](TSNode x) {
        if (node::isNull(x))
            return false;
        if (node::is(x, "return_statement"))
            return true;
        if (node::is(x, "function_definition") || node::is(x, "lambda"))
            return false;
        for (TSNode c : node::children(x))
            if (returns(c))
                return true;
        return false;
    };

    enterHelper();
    // The helper's own scope: its parameters and module names only.
    const QHash<QString, Value> savedVars = m_vars;
    const QList<QStringList> savedCarried = m_carried;
    const QString savedPrefix = m_inlinePrefix;
    const TSNode savedFunction = m_inlineFunction;
    const SourceRange savedStmt = m_stmt;
    m_vars.clear();
    m_carried.clear();
    for (qsizetype i = 0; i < names.size(); ++i) {
        if (bound.contains(names[i]))
            m_vars.insert(names[i], bound.value(names[i]));
        else if (!node::isNull(defaults[i]))
            m_vars.insert(names[i], expr(defaults[i]));
        else
            fail(call, QStringLiteral("helper call"), QStringLiteral("'%1' needs argument '%2'").arg(name, names[i]));
    }
    m_inlinePrefix = QStringLiteral("%1_%2_").arg(name.startsWith(QLatin1Char('_')) ? name.mid(1) : name).arg(++m_inlineCount);
    m_inlineFunction = def;
    ++m_inlineDepth;
    // A parameter the helper re-binds gets a binding of its own, so that
    // it can be carried like any local.
    QStringList reassigned;
    assignedNames(*m_src, node::field(def, "body"), reassigned);
    for (const QString &p : names)
        if (reassigned.contains(p) && m_vars.value(p).kind == Value::Kind::Ssa) {
            Value v = m_vars.value(p);
            v.ssa = kir::RebindOp::create(m_b, loc(), v.ssa.getType(), v.ssa);
            v.ssa.getDefiningOp()->setAttr("kir.name", m_b.getStringAttr((m_inlinePrefix + p).toStdString()));
            m_vars.insert(p, v);
        }
    Value result;
    result.kind = Value::Kind::Enum; // `None`: no value
    const auto body = node::children(node::field(def, "body"));
    QList<TSNode> stmts(body.begin(), body.end());
    for (qsizetype i = 0; i < stmts.size(); ++i) {
        const TSNode s = stmts[i];
        if (node::is(s, "if_statement") && returns(s)) {
            // An early return under a condition decided now (a dtype test,
            // a module constant): the taken arm replaces the `if`, and the
            // statements after it run only where it does not return.
            const TSNode taken = decidedArm(s);
            QList<TSNode> rest;
            if (!node::isNull(taken))
                for (TSNode t : node::children(taken))
                    rest << t;
            if (!rest.isEmpty() && node::is(rest.last(), "return_statement"))
                stmts = stmts.mid(0, i) + rest;
            else if (!returns(taken))
                stmts = stmts.mid(0, i) + rest + stmts.mid(i + 1);
            else
                fail(s, QStringLiteral("return statement"), QStringLiteral("a return inside a nested block is not lowered"));
            --i;
            continue;
        }
        if (node::is(s, "return_statement")) {
            if (i + 1 != stmts.size())
                fail(s, QStringLiteral("return statement"), QStringLiteral("only a final return is lowered in helpers"));
            const auto ch = node::children(s);
            if (!ch.empty()) {
                m_stmt = m_src->range(s);
                result = expr(ch.front());
            }
        } else if (returns(s)) {
            fail(s, QStringLiteral("return statement"), QStringLiteral("a return inside a nested block is not lowered"));
        } else {
            statement(s);
        }
    }
    --m_inlineDepth;
    m_inlineFunction = savedFunction;
    m_inlinePrefix = savedPrefix;
    m_carried = savedCarried;
    m_vars = savedVars;
    m_stmt = savedStmt;
    if (result.kind == Value::Kind::Ssa && result.ssa)
        m_helperResults.insert(result.ssa);
    for (const Value &item : result.items)
        if (item.kind == Value::Kind::Ssa && item.ssa)
            m_helperResults.insert(item.ssa);
    return result;
}

} // namespace tileport::rust
