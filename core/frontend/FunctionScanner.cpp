// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// Statements: blocks, if/elif/else (constant branch points), loops,
// assignments, and the statement kinds outside the cuTile subset.
#include "FunctionScanner.h"

#include "ImportTable.h"
#include "PythonSource.h"
#include "SyntaxNode.h"

#include <QRegularExpression>

namespace tileport::frontend {

namespace {

constexpr int kMaxNesting = 150;

QString negation(const QString &cond)
{
    if (cond.startsWith(QLatin1String("not ")))
        return cond.mid(4);
    static const QRegularExpression simple(QStringLiteral("^[A-Za-z_][A-Za-z0-9_.]*$"));
    return simple.match(cond).hasMatch() ? QStringLiteral("not ") + cond : QStringLiteral("not (%1)").arg(cond);
}

// A name fragment for a variant: "not TRANSPOSE_B" -> "not_TRANSPOSE_B",
// "MODE == 1" -> "MODE_eq_1".
QString tokenOf(const QString &cond)
{
    QString s = cond;
    s.replace(QLatin1String("=="), QLatin1String(" eq "));
    s.replace(QLatin1String("!="), QLatin1String(" ne "));
    s.replace(QLatin1String(">="), QLatin1String(" ge "));
    s.replace(QLatin1String("<="), QLatin1String(" le "));
    s.replace(QLatin1Char('>'), QLatin1String(" gt "));
    s.replace(QLatin1Char('<'), QLatin1String(" lt "));
    QString out;
    for (const QChar c : s) {
        if (c.isLetterOrNumber() || c == QLatin1Char('_'))
            out += c;
        else if (!out.endsWith(QLatin1Char('_')))
            out += QLatin1Char('_');
    }
    while (out.endsWith(QLatin1Char('_')))
        out.chop(1);
    while (out.startsWith(QLatin1Char('_')))
        out.remove(0, 1);
    if (out.size() > 48)
        out = out.left(48);
    return out.isEmpty() ? QStringLiteral("branch") : out;
}

struct StatementRule {
    const char *type;
    const char *construct;
    const char *reason;
};

// Statement kinds that device code cannot contain.
constexpr StatementRule kUnsupportedStatements[] = {
    {"try_statement", "try statement", "exceptions do not exist in tile code; cuTile Python has no try in its subset"},
    {"with_statement", "with statement", "context managers have no counterpart in the cuTile Rust DSL"},
    {"global_statement", "global statement", "device code cannot rebind module variables"},
    {"nonlocal_statement", "nonlocal statement", "device code cannot rebind enclosing variables"},
    {"class_definition", "class definition", "classes cannot be defined in device code"},
    {"function_definition", "nested function", "nested functions (closures) are not portable; define a helper at module level"},
    {"decorated_definition", "nested function", "nested functions (closures) are not portable; define a helper at module level"},
    {"import_statement", "import statement", "imports belong to host code, not to a kernel body"},
    {"import_from_statement", "import statement", "imports belong to host code, not to a kernel body"},
    {"future_import_statement", "import statement", "imports belong to host code, not to a kernel body"},
    {"assert_statement", "assert statement", "cuTile Python rejects `assert` in tile code; use ct.assert_ or ct.static_assert"},
    {"delete_statement", "del statement", "`del` is not in the cuTile subset"},
    {"match_statement", "match statement", "`match` is not in the cuTile subset"},
    {"type_alias_statement", "type alias statement", "`type` aliases are not in the cuTile subset"},
    {"print_statement", "Python 2 print statement", "not valid Python 3"},
    {"exec_statement", "Python 2 exec statement", "not valid Python 3"},
};

} // namespace

FunctionScanner::FunctionScanner(const Module &module, Role role, QString functionName)
    : m_module(module)
    , m_role(role)
    , m_name(std::move(functionName))
{
}

FunctionScanner::~FunctionScanner() = default;

FunctionFacts FunctionScanner::scan(TSNode definition, const QStringList &params, const QSet<QString> &constantParams)
{
    m_scope = std::make_unique<ScopeAnalysis>(m_module, params, constantParams, m_role == Role::Kernel);
    const TSNode body = node::field(definition, "body");
    m_scope->analyze(body);
    m_facts.constantLocals = m_scope->constantLocals();
    for (const QString &p : params)
        if (!constantParams.contains(p))
            m_facts.params[p];
    block(body, 0);
    return std::move(m_facts);
}

QString FunctionScanner::where(TSNode n) const { return m_module.source->range(n).start(); }

void FunctionScanner::unsupported(TSNode n, const QString &construct, const QString &reason)
{
    UnsupportedConstruct u{construct, reason, m_name, m_module.source->range(n), {}};
    if (m_role == Role::Kernel && !m_arms.isEmpty())
        u.guard = m_facts.branchPoints[m_arms.back().point].arms[m_arms.back().arm].condition;
    m_facts.unsupported.append(u);
}

void FunctionScanner::addSignature(const QString &entry)
{
    m_facts.signature.append(entry);
    for (const OpenArm &a : std::as_const(m_arms))
        m_facts.branchPoints[a.point].arms[a.arm].signature.append(entry);
}

bool FunctionScanner::tooDeep(TSNode n, int depth)
{
    if (depth <= kMaxNesting)
        return false;
    if (!m_reportedDepth) {
        m_reportedDepth = true;
        unsupported(n, QStringLiteral("deep nesting"),
                    QStringLiteral("code nested more than %1 levels deep is not analyzed further").arg(kMaxNesting));
    }
    return true;
}

void FunctionScanner::block(TSNode n, int depth)
{
    for (TSNode s : node::children(n))
        statement(s, depth + 1);
}

void FunctionScanner::assignmentTargets(TSNode target, int depth)
{
    using namespace node;
    if (tooDeep(target, depth))
        return;
    target = unparen(target);
    const std::string_view t = type(target);
    if (t == "subscript" || t == "attribute") {
        unsupported(target, QStringLiteral("assignment to an element or attribute"),
                    QStringLiteral("tiles are immutable values; only names can be assigned in tile code"));
        return;
    }
    if (t == "pattern_list" || t == "tuple_pattern" || t == "list_pattern" || t == "tuple" || t == "list"
        || t == "list_splat_pattern")
        for (TSNode ch : children(target))
            assignmentTargets(ch, depth + 1);
}

void FunctionScanner::statement(TSNode s, int depth)
{
    using namespace node;
    if (tooDeep(s, depth))
        return;
    const PythonSource &src = *m_module.source;
    const std::string_view t = type(s);
    if (t == "expression_statement") {
        for (TSNode ch : children(s)) {
            if (is(ch, "assignment")) {
                TSNode a = ch;
                while (is(a, "assignment")) {
                    const TSNode left = field(a, "left");
                    const TSNode right = field(a, "right");
                    assignmentTargets(left, depth + 1);
                    // `m, n = x.shape` fixes x's rank.
                    const TSNode l = unparen(left);
                    const TSNode r = unparen(right);
                    if ((is(l, "pattern_list") || is(l, "tuple_pattern")) && is(r, "attribute")
                        && src.text(field(r, "attribute")) == QLatin1String("shape")) {
                        const int rank = int(children(l).size());
                        for (const QString &p : m_scope->paramsOf(field(r, "object"))) {
                            usage(p).ranks.append(rank);
                            usage(p).rankEvidence.append(QStringLiteral("%1: shape unpacked into %2 names").arg(where(r)).arg(rank));
                        }
                    }
                    if (!is(right, "assignment"))
                        expression(right, depth + 1);
                    a = right;
                }
            } else if (is(ch, "augmented_assignment")) {
                const TSNode left = field(ch, "left");
                assignmentTargets(left, depth + 1);
                scalarOperand(left, QStringLiteral("augmented assignment"), false, false);
                expression(field(ch, "right"), depth + 1);
            } else {
                expression(ch, depth + 1);
            }
        }
        return;
    }
    if (t == "if_statement") {
        ifStatement(s, depth);
        return;
    }
    if (t == "for_statement") {
        forStatement(s, depth);
        return;
    }
    if (t == "while_statement") {
        const TSNode cond = field(s, "condition");
        const Dependencies d = m_scope->dependencies(cond);
        m_facts.controlFlow.append({QStringLiteral("while"), src.flatText(cond), d.constantOnly(), d.all(), false,
                                    m_nesting, m_name, src.range(s)});
        expression(cond, depth + 1);
        ++m_nesting;
        block(field(s, "body"), depth);
        --m_nesting;
        if (!isNull(field(s, "alternative")))
            unsupported(field(s, "alternative"), QStringLiteral("while-else"),
                        QStringLiteral("cuTile Python rejects else clauses on loops"));
        return;
    }
    if (t == "return_statement") {
        const auto values = children(s);
        if (!values.empty() && m_role == Role::Kernel)
            unsupported(s, QStringLiteral("return with a value"),
                        QStringLiteral("a kernel returns nothing; results must be stored into arrays"));
        for (TSNode v : values)
            expression(v, depth + 1);
        return;
    }
    if (t == "pass_statement" || t == "break_statement" || t == "continue_statement" || t == "ERROR")
        return;
    if (t == "raise_statement") {
        const auto values = children(s);
        const TSNode v = values.empty() ? TSNode{} : unparen(values.front());
        const bool staticException = is(v, "call")
            && m_module.imports->resolve(src, field(v, "function")) == QLatin1String("cuda.tile.static_exception");
        if (staticException && values.size() == 1)
            ; // its argument is Python that cuTile Python evaluates while compiling
        else
            unsupported(s, QStringLiteral("raise statement"),
                        QStringLiteral("tile code can only `raise ct.static_exception(...)`"));
        return;
    }
    for (const StatementRule &r : kUnsupportedStatements) {
        if (t == r.type) {
            unsupported(s, QString::fromLatin1(r.construct), QString::fromLatin1(r.reason));
            return;
        }
    }
    unsupported(s, QString::fromLatin1(t.data(), qsizetype(t.size())),
                QStringLiteral("this statement kind is not in the cuTile subset"));
}

void FunctionScanner::ifStatement(TSNode s, int depth)
{
    using namespace node;
    const PythonSource &src = *m_module.source;
    const TSNode cond = field(s, "condition");
    const auto alternatives = fieldChildren(s, "alternative");

    QList<TSNode> conditions{cond};
    for (TSNode alt : alternatives)
        if (is(alt, "elif_clause"))
            conditions.append(field(alt, "condition"));
    bool allConstant = true;
    QList<Dependencies> deps;
    for (TSNode c : conditions) {
        deps.append(m_scope->dependencies(c));
        allConstant = allConstant && deps.back().constantOnly();
    }

    const auto flow = [&](const QString &kind, TSNode c, TSNode at, const Dependencies &d) {
        m_facts.controlFlow.append({kind, src.flatText(c), d.constantOnly(), d.all(), false, m_nesting, m_name,
                                    src.range(at)});
    };
    flow(QStringLiteral("if"), cond, s, deps[0]);
    expression(cond, depth + 1);

    int point = -1;
    if (allConstant) {
        BranchPoint bp;
        bp.function = m_name;
        bp.range = src.range(s);
        bp.topLevel = m_arms.isEmpty();
        point = int(m_facts.branchPoints.size());
        if (!m_arms.isEmpty())
            m_facts.branchPoints[m_arms.back().point].arms[m_arms.back().arm].children.append(point);
        m_facts.branchPoints.append(bp);
    }
    QStringList previous; // conditions of the arms before the current one
    QStringList constantsSoFar;
    const auto openArm = [&](const QString &condition, const Dependencies &d, TSNode at) {
        if (point < 0)
            return;
        for (const QString &c : d.constants + d.dtypes)
            if (!constantsSoFar.contains(c))
                constantsSoFar.append(c);
        BranchPoint::Arm arm;
        arm.condition = condition;
        arm.token = tokenOf(condition);
        arm.constants = constantsSoFar;
        arm.range = src.range(at);
        m_facts.branchPoints[point].arms.append(arm);
        m_arms.append({point, int(m_facts.branchPoints[point].arms.size()) - 1});
    };
    const auto closeArm = [&]() {
        if (point >= 0)
            m_arms.removeLast();
    };
    const auto elseCondition = [&]() {
        QStringList parts;
        for (const QString &p : previous)
            parts.append(negation(p));
        return parts.join(QStringLiteral(" and "));
    };

    ++m_nesting;
    const QString first = src.flatText(cond);
    openArm(first, deps[0], s);
    block(field(s, "consequence"), depth);
    closeArm();
    previous.append(first);
    bool hasElse = false;
    int elifIndex = 1;
    for (TSNode alt : alternatives) {
        if (is(alt, "elif_clause")) {
            const TSNode c = field(alt, "condition");
            --m_nesting;
            flow(QStringLiteral("elif"), c, alt, deps[elifIndex]);
            ++m_nesting;
            expression(c, depth + 1);
            QString condition = src.flatText(c);
            const QString prior = elseCondition();
            openArm(prior + QStringLiteral(" and ") + condition, deps[elifIndex], alt);
            if (point >= 0)
                m_facts.branchPoints[point].arms.back().token = tokenOf(condition);
            block(field(alt, "consequence"), depth);
            closeArm();
            previous.append(condition);
            ++elifIndex;
        } else if (is(alt, "else_clause")) {
            hasElse = true;
            openArm(elseCondition(), Dependencies{}, alt);
            block(field(alt, "body"), depth);
            closeArm();
        }
    }
    if (point >= 0 && !hasElse) {
        openArm(elseCondition(), Dependencies{}, s); // the implicit empty else
        closeArm();
    }
    --m_nesting;
}

void FunctionScanner::forStatement(TSNode s, int depth)
{
    using namespace node;
    const PythonSource &src = *m_module.source;
    const TSNode left = field(s, "left");
    const TSNode right = field(s, "right");
    const TSNode iter = unparen(right);
    const bool isCall = is(iter, "call");
    const TSNode fn = isCall ? field(iter, "function") : TSNode{};
    const QString resolved = isCall ? m_module.imports->resolve(src, fn) : QString();
    const bool staticIter = resolved == QLatin1String("cuda.tile.static_iter");
    const bool isRange = isCall && is(fn, "identifier") && src.text(fn) == QLatin1String("range")
        && !m_scope->isLocal(QStringLiteral("range")) && !m_module.imports->binds(QStringLiteral("range"));
    const Dependencies d = m_scope->dependencies(right);
    m_facts.controlFlow.append({QStringLiteral("for"), src.flatText(left) + QStringLiteral(" in ") + src.flatText(right),
                                d.constantOnly(), d.all(), staticIter, m_nesting, m_name, src.range(s)});
    if (!isRange && !staticIter)
        unsupported(right, QStringLiteral("for loop over an iterable"),
                    QStringLiteral("only `for ... in range(...)` and `for ... in ct.static_iter(...)` loops are in the cuTile subset"));
    assignmentTargets(left, depth + 1);
    expression(right, depth + 1);
    ++m_nesting;
    block(field(s, "body"), depth);
    --m_nesting;
    if (!isNull(field(s, "alternative")))
        unsupported(field(s, "alternative"), QStringLiteral("for-else"),
                    QStringLiteral("cuTile Python rejects else clauses on loops"));
}

} // namespace tileport::frontend
