// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// Statements, loops and the kernel header of the Triton -> cuTile rewrite.
#include "TritonDesugarer.h"

#include "SyntaxNode.h"

#include <QRegularExpression>

#include <algorithm>
#include <functional>

namespace tileport::triton {

using namespace tileport::frontend;

TritonDesugarer::TritonDesugarer(const PythonSource &src, const TritonImports &imports, TSNode function,
                                 TritonKernel &kernel)
    : m_src(src), m_imports(imports), m_fn(function), m_kernel(kernel)
{
}

void TritonDesugarer::emit(const QString &text, TSNode at)
{
    int line = 0, col = 0;
    m_src.position(ts_node_start_byte(at), line, col);
    m_lines.append(Line{QString(m_indent * 4, QLatin1Char(' ')) + text, line, col});
}

void TritonDesugarer::fail(TSNode at, const QString &construct, const QString &reason) const
{
    throw Failure{at, construct, reason};
}

TritonDesugarer::DepthGuard::DepthGuard(const TritonDesugarer &d, TSNode at)
    : m_d(d)
{
    if (++m_d.m_depth > kMaxDepth)
        m_d.fail(at, QStringLiteral("deep nesting"),
                 QStringLiteral("an expression nested more than %1 levels deep is not mapped").arg(kMaxDepth));
}

QList<TritonDesugarer::Line> TritonDesugarer::run()
{
    const TSNode body = node::field(m_fn, "body");
    // A restart either lifts 1-D tiles to (1, N) or moves one more array to
    // the gather fallback: each happens once, so the attempts are bounded.
    const int attempts = 2 + int(node::children(node::field(m_fn, "parameters")).size());
    for (int attempt = 0; attempt < attempts; ++attempt) {
        m_lines.clear();
        m_depth = 0;
        m_env.clear();
        m_arrayRank.clear();
        m_offsetVars.clear();
        m_prefix.clear();
        m_inlined = 0;
        m_inlineDepth = 0;
        m_loops.clear();
        m_intParams.clear();
        m_kernel.unsupported.clear();
        m_kernel.notes.clear();
        m_kernel.ops.clear();
        m_indent = 1;
        m_exitFlag.clear();
        m_carriedSymbolic.clear();
        prescanParams();
        prescanIntParams();
        // A scalar parameter re-bound inside a branch or a loop is an
        // ordinary local there, as in Triton: `eps = eps` first makes it a
        // value the branch or loop carries (a parameter itself is not).
        const QSet<QString> rebound = reboundInBlocks(body);
        for (const TritonParam &p : std::as_const(m_kernel.params))
            if (p.kind == TritonParam::Kind::Scalar && rebound.contains(p.name)) {
                emit(QStringLiteral("%1 = %1").arg(p.name), m_fn);
                m_kernel.notes << QStringLiteral("parameter '%1' is re-bound inside a branch or a loop: it is a local from the start").arg(p.name);
            }
        try {
            block(body);
        } catch (const Restart &) {
            continue; // m_lift or m_gatherArrays changed: run again
        }
        break;
    }
    if (!m_kernel.unsupported.isEmpty())
        return {};
    for (TritonParam &p : m_kernel.params)
        p.flat = m_gatherArrays.contains(p.name);
    for (auto i = m_gatherArrays.constBegin(); i != m_gatherArrays.constEnd(); ++i)
        m_kernel.notes << QStringLiteral("'%1' is read and written through pointer gathers (ct.gather/ct.scatter, flat element offsets; "
                                         "the array is passed 1-D): %2").arg(i.key(), i.value());

    // The header: parameters the body no longer reads (strides, mask
    // bounds) are carried by the cuTile array and dropped.
    QString bodyText;
    for (const Line &l : std::as_const(m_lines))
        bodyText += l.text + QLatin1Char('\n');
    QStringList params;
    for (TritonParam &p : m_kernel.params) {
        const bool used = bodyText.contains(QRegularExpression(QStringLiteral("\\b%1\\b").arg(QRegularExpression::escape(p.name))));
        switch (p.kind) {
        case TritonParam::Kind::Pointer:
            params << p.name;
            break;
        case TritonParam::Kind::Constexpr:
            params << QStringLiteral("%1: ct.Constant[%2]").arg(p.name, p.scalarType.isEmpty() ? QStringLiteral("int") : p.scalarType);
            break;
        case TritonParam::Kind::Scalar:
        case TritonParam::Kind::Descriptor:
            if (!used) {
                p.consumed = true;
                m_kernel.notes << QStringLiteral("parameter '%1' is only a stride, a shape or a mask bound: the cuTile array carries it").arg(p.name);
                break;
            }
            if (m_intParams.contains(p.name))
                p.scalarType = QStringLiteral("int");
            // An annotated or inferred type is kept (`eps: float` is an fp32
            // scalar whatever the body does with it); an untyped one is left
            // for the launch to type.
            params << (p.scalarType == QLatin1String("int") || p.scalarType == QLatin1String("float")
                           ? QStringLiteral("%1: %2").arg(p.name, p.scalarType) : p.name);
            break;
        }
    }
    // Each optional pointer's presence, a flag the launch decides (configs
    // get it from whether the launch passes the tensor or None).
    for (const QString &array : std::as_const(m_optionalPointers)) {
        TritonParam flag;
        flag.name = array + QStringLiteral("__given");
        flag.kind = TritonParam::Kind::Constexpr;
        flag.scalarType = QStringLiteral("bool");
        flag.presenceOf = array;
        m_kernel.params << flag;
        params << QStringLiteral("%1: ct.Constant[bool]").arg(flag.name);
        m_kernel.notes << QStringLiteral("'%1' is tested against None: the cuTile kernel takes %2 (False where the launch passes None)")
                              .arg(array, flag.name);
    }
    QList<Line> out;
    int line = 0, col = 0;
    m_src.position(ts_node_start_byte(m_fn), line, col);
    out << Line{QStringLiteral("@ct.kernel"), line, col};
    out << Line{QStringLiteral("def %1(%2):").arg(m_kernel.name, params.join(QStringLiteral(", "))), line, col};
    if (m_lines.isEmpty())
        out << Line{QStringLiteral("    pass"), line, col};
    out << m_lines;
    return out;
}

// Scalar parameters the kernel's text shows to be integers, before the body
// is desugared (a float promotion must not be guessed for them): those in an
// address (tl.load/tl.store/atomics, `p += d`), followed through the locals
// it is computed from; range() bounds; operands of // and %; and, to a fixed
// point, a parameter added to, subtracted from or compared with one of those
// (`vocab_start + n_cols`). Triton takes integer offsets only.
void TritonDesugarer::prescanIntParams()
{
    QSet<QString> scalars;
    for (const TritonParam &p : std::as_const(m_kernel.params))
        if (p.kind == TritonParam::Kind::Scalar)
            scalars.insert(p.name);
    if (scalars.isEmpty())
        return;
    QHash<QString, QList<TSNode>> assigned;
    QList<TSNode> integral;
    QList<std::pair<TSNode, TSNode>> pairs; // operands of + - and comparisons
    QList<TSNode> stack{node::field(m_fn, "body")};
    while (!stack.isEmpty()) {
        const TSNode n = stack.takeLast();
        for (TSNode c : node::children(n))
            stack << c;
        if (node::is(n, "assignment") || node::is(n, "augmented_assignment")) {
            const TSNode left = node::field(n, "left");
            if (!node::is(left, "identifier"))
                continue;
            const QString name = m_src.text(left);
            assigned[name] << node::field(n, "right");
            if (node::is(n, "augmented_assignment") && m_pointerParams.contains(name))
                integral << node::field(n, "right"); // p += d
        } else if (node::is(n, "call")) {
            const TSNode callee = node::field(n, "function");
            const QString fn = m_imports.languageFunction(m_src, callee);
            if (fn == QLatin1String("load") || fn == QLatin1String("store") || fn.startsWith(QLatin1String("atomic_")))
                integral << argument(n, 0, "pointer");
            else if (fn == QLatin1String("cdiv") || fn == QLatin1String("range") || fn == QLatin1String("static_range")
                     || (node::is(callee, "identifier") && m_src.text(callee) == QLatin1String("range")))
                for (TSNode a : node::children(node::field(n, "arguments")))
                    if (!node::is(a, "keyword_argument"))
                        integral << a;
        } else if (node::is(n, "binary_operator")) {
            const QString op = m_src.text(node::field(n, "operator"));
            if (op == QLatin1String("//") || op == QLatin1String("%"))
                integral << node::field(n, "left") << node::field(n, "right");
            else if (op == QLatin1String("+") || op == QLatin1String("-"))
                pairs << std::pair{node::unparen(node::field(n, "left")), node::unparen(node::field(n, "right"))};
        } else if (node::is(n, "comparison_operator") && node::children(n).size() == 2) {
            pairs << std::pair{node::unparen(node::children(n)[0]), node::unparen(node::children(n)[1])};
        }
    }
    // Identifiers an integer expression reads, through the locals it names.
    QSet<QString> seen;
    while (!integral.isEmpty()) {
        const TSNode e = integral.takeLast();
        if (node::isNull(e))
            continue;
        QList<TSNode> walk{e};
        while (!walk.isEmpty()) {
            const TSNode n = walk.takeLast();
            if (node::is(n, "attribute") || node::is(n, "keyword_argument"))
                continue; // a method or a keyword, not a value read
            if (node::is(n, "call")) {
                // tl.load(...) inside an address reads an address itself.
                walk << node::field(n, "arguments");
                continue;
            }
            if (node::is(n, "identifier")) {
                const QString name = m_src.text(n);
                if (seen.contains(name))
                    continue;
                seen.insert(name);
                if (scalars.contains(name))
                    m_intParams.insert(name);
                else
                    integral << assigned.value(name);
                continue;
            }
            for (TSNode c : node::children(n))
                walk << c;
        }
    }
    for (bool changed = true; changed;) {
        changed = false;
        for (const auto &[a, b] : std::as_const(pairs)) {
            if (!node::is(a, "identifier") || !node::is(b, "identifier"))
                continue;
            const QString x = m_src.text(a), y = m_src.text(b);
            for (const auto &[known, other] : {std::pair{x, y}, std::pair{y, x}})
                if (m_intParams.contains(known) && scalars.contains(other) && !m_intParams.contains(other)) {
                    m_intParams.insert(other);
                    changed = true;
                }
        }
    }
    for (const QString &name : std::as_const(m_intParams))
        if (auto it = m_env.find(name); it != m_env.end() && it->kind == TritonValue::Kind::Scalar)
            it->isInt = true;
}

// Walked with a stack of its own: hostile nesting (a 100,000-term sum)
// must not exhaust the call stack.
bool TritonDesugarer::holdsReturn(TSNode root) const
{
    QList<TSNode> stack{root};
    while (!stack.isEmpty()) {
        const TSNode n = stack.takeLast();
        if (node::is(n, "return_statement"))
            return true;
        if (node::is(n, "function_definition") || node::is(n, "lambda"))
            continue;
        for (TSNode c : node::children(n))
            stack << c;
    }
    return false;
}

// The kernel's exit flag (0 until an early return), declared before the
// kernel's first statement the first time an early return needs it.
QString TritonDesugarer::exitFlag()
{
    if (m_exitFlag.isEmpty()) {
        const QString source = m_src.text(m_fn);
        QString name = QStringLiteral("returned_");
        for (int i = 1; source.contains(QRegularExpression(QStringLiteral("\\b%1\\b").arg(name))); ++i)
            name = QStringLiteral("returned_%1").arg(i);
        m_exitFlag = name;
        int line = 0, col = 0;
        m_src.position(ts_node_start_byte(node::field(m_fn, "body")), line, col);
        m_lines.prepend(Line{QStringLiteral("    %1 = 0").arg(name), line, col});
        m_kernel.notes << QStringLiteral("early returns set '%1'; the statements after them run where it is 0").arg(name);
    }
    return m_exitFlag;
}

QSet<QString> TritonDesugarer::reboundInBlocks(TSNode body) const
{
    QSet<QString> names;
    // (An explicit stack: hostile nesting must not exhaust the call stack.)
    QList<std::pair<TSNode, bool>> stack;
    for (TSNode s : node::children(body))
        stack.prepend({s, false});
    while (!stack.isEmpty()) {
        const auto [n, nested] = stack.takeLast();
        if (node::is(n, "function_definition") || node::is(n, "lambda"))
            continue;
        if (nested && (node::is(n, "assignment") || node::is(n, "augmented_assignment"))) {
            const TSNode left = node::field(n, "left");
            if (node::is(left, "identifier"))
                names.insert(m_src.text(left));
            for (TSNode t : node::children(left))
                if (node::is(t, "identifier") && (node::is(left, "pattern_list") || node::is(left, "tuple_pattern")))
                    names.insert(m_src.text(t));
        }
        if (nested && node::is(n, "for_statement") && node::is(node::field(n, "left"), "identifier"))
            names.insert(m_src.text(node::field(n, "left")));
        const bool inner = nested || node::is(n, "if_statement") || node::is(n, "for_statement") || node::is(n, "while_statement")
            || node::is(n, "with_statement") || node::is(n, "try_statement");
        for (TSNode c : node::children(n))
            stack << std::pair{c, inner};
    }
    return names;
}

void TritonDesugarer::block(TSNode b)
{
    QList<TSNode> stmts;
    for (TSNode s : node::children(b))
        stmts << s;
    statements(stmts, ts_node_eq(b, node::field(m_fn, "body")));
}

// `if c: ...; return` followed by more statements is an early exit:
// cuTile has none, but the rest of the block is exactly the else arm.
static bool isReturnGuard(TSNode s)
{
    if (!node::is(s, "if_statement") || !node::fieldChildren(s, "alternative").empty())
        return false;
    const auto body = node::children(node::field(s, "consequence"));
    return !body.empty() && node::is(body.back(), "return_statement") && node::children(body.back()).empty();
}

// `exits`: the block ends the kernel (its body, or an arm of a guard in it).
void TritonDesugarer::statements(const QList<TSNode> &stmts, bool exits)
{
    for (qsizetype i = 0; i < stmts.size(); ++i) {
        const TSNode s = stmts[i];
        if (exits && m_inlineDepth == 0 && isReturnGuard(s)) {
            try {
                materializePointers(s, s);
                for (qsizetype j = i + 1; j < stmts.size(); ++j)
                    materializePointers(stmts[j], s);
                emit(QStringLiteral("if %1:").arg(scalarCondition(node::field(s, "condition"), QStringLiteral("if condition"))), s);
                QList<TSNode> then;
                for (TSNode t : node::children(node::field(s, "consequence")))
                    then << t;
                then.removeLast();
                const auto arm = [&](const QList<TSNode> &body, TSNode at) {
                    ++m_indent;
                    const int mark = int(m_lines.size());
                    statements(body, true);
                    if (m_lines.size() == mark)
                        emit(QStringLiteral("pass"), at);
                    --m_indent;
                };
                arm(then, s);
                m_kernel.notes << QStringLiteral("the early return at line %1 is an else arm holding the rest of the block")
                                      .arg(m_src.range(s).line);
                if (i + 1 < stmts.size()) {
                    emit(QStringLiteral("else:"), stmts[i + 1]);
                    arm(stmts.mid(i + 1), stmts[i + 1]);
                }
            } catch (const Failure &f) {
                if (!f.construct.isEmpty()) {
                    const SourceRange r = m_src.range(f.at);
                    m_kernel.unsupported << TritonIssue{r.line, r.col, f.construct, f.reason};
                }
            }
            return;
        }
        try {
            statement(s);
            if (m_inlineDepth == 0 && i + 1 < stmts.size() && !node::is(s, "return_statement") && holdsReturn(s)) {
                // An early return inside s: the rest of the block runs only
                // where it was not taken.
                emit(QStringLiteral("if %1 == 0:").arg(exitFlag()), stmts[i + 1]);
                ++m_indent;
                statements(stmts.mid(i + 1), exits);
                --m_indent;
                return;
            }
        } catch (const Failure &f) {
            if (f.construct.isEmpty())
                continue;
            const SourceRange r = m_src.range(f.at);
            bool dup = false;
            for (const TritonIssue &i : std::as_const(m_kernel.unsupported))
                dup = dup || (i.line == r.line && i.col == r.col && i.construct == f.construct);
            if (!dup)
                m_kernel.unsupported << TritonIssue{r.line, r.col, f.construct, f.reason};
        }
    }
}

void TritonDesugarer::statement(TSNode s)
{
    if (node::is(s, "expression_statement")) {
        const TSNode e = firstNamed(s);
        if (node::is(e, "assignment"))
            return assignment(e);
        if (node::is(e, "augmented_assignment"))
            return augmented(e);
        if (node::is(e, "string"))
            return; // docstring
        if (node::is(e, "call")) {
            const QString fn = m_imports.languageFunction(m_src, node::field(e, "function"));
            if (fn == QLatin1String("store"))
                return store(e);
            if (fn.startsWith(QLatin1String("atomic_"))) { // its old value discarded
                const TritonValue v = expr(e);
                emit(v.text, e);
                return;
            }
            if (fn == QLatin1String("static_assert") || fn == QLatin1String("device_assert")
                || fn == QLatin1String("static_print") || fn == QLatin1String("device_print")) {
                m_kernel.notes << QStringLiteral("%1 at line %2 is a check, left out").arg(fn).arg(m_src.range(e).line);
                return;
            }
            // A compiler hint or a block-wide barrier: cuTile derives both
            // itself (tiles are whole-block values).
            if (fn == QLatin1String("assume") || fn == QLatin1String("debug_barrier")) {
                m_kernel.notes << QStringLiteral("tl.%1 at line %2 is a hint, left out").arg(fn).arg(m_src.range(e).line);
                return;
            }
            if (TritonValue loaded; descriptorAccess(e, &loaded))
                return; // desc.store (a bare desc.load is dropped)
            expr(e); // a specific reason (an unmapped tl.* call) beats the generic one
        }
        fail(e, QStringLiteral("expression statement"), QStringLiteral("only assignments and tl.store calls are mapped as statements"));
    }
    if (node::is(s, "for_statement"))
        return forLoop(s);
    if (node::is(s, "if_statement"))
        return ifChain(s);
    if (node::is(s, "pass_statement"))
        return;
    if (node::is(s, "return_statement") && m_inlineDepth > 0) {
        // An inlined helper's value: its last statement only (an early
        // return has no cuTile form).
        if (!ts_node_eq(node::parent(s), m_helperBody) || !ts_node_is_null(ts_node_next_named_sibling(s)))
            fail(s, QStringLiteral("return in a helper"),
                 QStringLiteral("only a return as the helper's last statement is inlined; an early return has no cuTile form"));
        // `return a, b` gives the items a tuple assignment unpacks; so does
        // returning another helper's tuple.
        const auto kids = node::children(s);
        const TSNode e = kids.empty() ? TSNode{} : node::unparen(kids.front());
        TritonValue value;
        QList<TritonValue> items;
        if (node::is(e, "expression_list") || node::is(e, "tuple")) {
            for (TSNode c : node::children(e))
                items << expr(c);
        } else if (const TSNode callee = node::field(e, "function"); node::is(e, "call") && node::is(callee, "identifier")
                   && m_jitFunctions.contains(m_src.text(callee)) && !m_env.contains(m_src.text(callee))) {
            value = inlineCall(m_jitFunctions.value(m_src.text(callee)), e, &items);
        } else if (!kids.empty()) {
            value = expr(kids.front());
        }
        m_returnValue = value;
        m_returnItems = items;
        m_returned = true;
        return;
    }
    if (node::is(s, "return_statement")) {
        if (!node::children(s).empty())
            fail(s, QStringLiteral("return"), QStringLiteral("a kernel returns no value"));
        // A bare return at the end of the kernel body is a no-op; anywhere
        // else it is an early exit, which cuTile cannot express: it sets the
        // exit flag, which guards everything after it (statements() and
        // forLoop()).
        if (ts_node_eq(node::parent(s), node::field(m_fn, "body")) && ts_node_is_null(ts_node_next_named_sibling(s)))
            return;
        if (!ts_node_is_null(ts_node_next_named_sibling(s)))
            fail(s, QStringLiteral("early return"), QStringLiteral("statements after a return are unreachable: not mapped"));
        emit(QStringLiteral("%1 = 1").arg(exitFlag()), s);
        return;
    }
    if (node::is(s, "while_statement"))
        return whileLoop(s);
    fail(s, QString::fromUtf8(node::type(s).data(), int(node::type(s).size())), QStringLiteral("statement kind not mapped"));
}

void TritonDesugarer::assignment(TSNode a)
{
    const TSNode left = node::field(a, "left");
    const TSNode right = node::field(a, "right");
    if (node::is(left, "pattern_list") || node::is(left, "tuple_pattern"))
        return tupleAssignment(a, left, right);
    if (!node::is(left, "identifier"))
        fail(left, QStringLiteral("assignment target"), QStringLiteral("only plain names are assigned (no elements or attributes)"));
    const QString name = m_src.text(left);
    if (!m_loops.isEmpty() && m_loops.last().advances.contains(name)) {
        m_env[name].poisoned = QStringLiteral("'%1' was advanced earlier in this iteration").arg(name);
        return;
    }
    TritonValue v;
    try {
        v = expr(right);
    } catch (const Failure &) {
        m_env.insert(name, TritonValue{});
        throw;
    }
    bind(name, v, a);
}

namespace {

// Whether a value's cuTile text (or a symbolic part of it) reads `name`.
bool mentions(const TritonValue &v, const QString &name)
{
    const QRegularExpression word(QStringLiteral("\\b%1\\b").arg(QRegularExpression::escape(name)));
    QStringList parts{v.text, v.offIndex, v.maskText, v.flat, v.quotient};
    for (const ViewDim &d : v.dims)
        parts << d.index << d.scalarText << d.quotient;
    return std::any_of(parts.cbegin(), parts.cend(), [&](const QString &p) { return p.contains(word); });
}

} // namespace

// `a, b = x, y`, `a, b = helper(...)` (a @triton.jit helper ending in
// `return u, v`) and `a, b = tl.split(t)`: every value is evaluated first,
// then each name is bound as a plain assignment binds it.
void TritonDesugarer::tupleAssignment(TSNode a, TSNode left, TSNode right)
{
    QList<TSNode> targets;
    for (TSNode t : node::children(left)) {
        if (!node::is(t, "identifier"))
            fail(t, QStringLiteral("assignment target"),
                 QStringLiteral("only plain names are unpacked (no nested tuples, starred names, elements or attributes)"));
        targets << t;
    }
    QList<TritonValue> items;
    try {
        items = tupleValues(right, int(targets.size()));
    } catch (const Failure &) {
        for (TSNode t : std::as_const(targets))
            m_env.insert(m_src.text(t), TritonValue{});
        throw;
    }
    // The names are bound one after the other: a value reading a name bound
    // before it (a swap, `a, b = b, a`) is held in a variable first, so it
    // keeps the value it had; a symbolic one (a pointer, offsets) cannot be.
    for (qsizetype i = 0; i < targets.size(); ++i)
        for (qsizetype j = 0; j < i; ++j)
            if (mentions(items[i], local(m_src.text(targets[j])))) {
                if (items[i].kind != TritonValue::Kind::Scalar && items[i].kind != TritonValue::Kind::Tile)
                    fail(a, QStringLiteral("tuple assignment"),
                         QStringLiteral("a pointer or offsets reading '%1', which the same assignment re-binds before it: not mapped")
                             .arg(m_src.text(targets[j])));
                int line = 0, col = 0;
                m_src.position(ts_node_start_byte(a), line, col);
                const QString held = local(QStringLiteral("%1_held_%2").arg(m_src.text(targets[i])).arg(line));
                emit(QStringLiteral("%1 = %2").arg(held, items[i].text), a);
                items[i].text = held;
                items[i].quotient.clear();
                break;
            }
    for (qsizetype i = 0; i < targets.size(); ++i) {
        const QString name = m_src.text(targets[i]);
        if (!m_loops.isEmpty() && m_loops.last().advances.contains(name))
            fail(targets[i], QStringLiteral("tuple assignment"), QStringLiteral("'%1' is a pointer advanced in this loop").arg(name));
        bind(name, items[i], a);
    }
}

QList<TritonValue> TritonDesugarer::tupleValues(TSNode right, int count)
{
    const TSNode r = node::unparen(right);
    QList<TritonValue> items;
    if (node::is(r, "expression_list") || node::is(r, "tuple")) {
        for (TSNode e : node::children(r))
            items << expr(e);
    } else if (node::is(r, "call")) {
        const TSNode callee = node::field(r, "function");
        const QString lf = m_imports.languageFunction(m_src, callee);
        const QString f = node::is(callee, "identifier") ? m_src.text(callee) : QString();
        if (lf == QLatin1String("split")) {
            if (!m_kernel.ops.contains(lf))
                m_kernel.ops << lf;
            items = splitTile(r);
        } else if (!f.isEmpty() && m_jitFunctions.contains(f) && !m_env.contains(f)) {
            inlineCall(m_jitFunctions.value(f), r, &items);
            if (items.isEmpty())
                fail(r, QStringLiteral("tuple unpacking"), QStringLiteral("%1() returns one value").arg(f));
        } else {
            fail(r, QStringLiteral("tuple unpacking"),
                 QStringLiteral("only a tuple of values, a @triton.jit helper returning a tuple and tl.split are unpacked"));
        }
    } else {
        fail(r, QStringLiteral("tuple unpacking"),
             QStringLiteral("only a tuple of values, a @triton.jit helper returning a tuple and tl.split are unpacked"));
    }
    if (items.size() != count)
        fail(right, QStringLiteral("tuple unpacking"), QStringLiteral("%1 values unpacked into %2 names").arg(items.size()).arg(count));
    return items;
}

void TritonDesugarer::bind(const QString &name, TritonValue v, TSNode a)
{
    // `x: tl.constexpr = ...` is a compile-time value (tile shapes use it):
    // its expression stands for it, as a constant parameter's name does.
    const TSNode annotation = node::field(a, "type");
    if (v.kind == TritonValue::Kind::Scalar && !node::isNull(annotation) && m_src.text(annotation).endsWith(QLatin1String("constexpr"))) {
        m_constexprs.insert(v.text);
        m_env.insert(name, v);
        return;
    }
    // A float scalar re-bound inside a loop or a branch to a Triton scalar
    // that lives as a one-element tile (`m = tl.maximum(m, tl.max(x))`)
    // stays a scalar, in fp32 as Triton carries it (it would refuse a type
    // change across iterations or arms).
    const TritonValue old = m_env.value(name);
    if (m_indent > 1 && old.kind == TritonValue::Kind::Scalar && !old.isInt && v.kind == TritonValue::Kind::Tile && v.rank == 0
        && std::all_of(v.shape.cbegin(), v.shape.cend(), [](const QString &d) { return d == QLatin1String("1"); })) {
        v.text = QStringLiteral("ct.astype(%1, ct.float32).item()").arg(v.text);
        v.kind = TritonValue::Kind::Scalar;
        v.shape.clear();
        v.dtype = QStringLiteral("ct.float32");
    }
    if (v.kind == TritonValue::Kind::Scalar || v.kind == TritonValue::Kind::Tile) {
        emit(QStringLiteral("%1 = %2").arg(local(name), v.text), a);
        v.text = local(name);
    }
    // Symbolic offsets or a mask bound to a name a block carries: the
    // variable follows (the next trip reads it); this trip reads the form.
    if ((v.kind == TritonValue::Kind::Offsets || v.kind == TritonValue::Kind::Mask) && m_carriedSymbolic.contains(local(name)))
        emit(QStringLiteral("%1 = %2").arg(local(name), text(v, a)), a);
    // A gather pointer is a value: its offsets live in a variable.
    if (v.kind == TritonValue::Kind::Pointer && v.gather && (!v.flat.isEmpty() || m_offsetVars.contains(local(name)))) {
        const QString var = offsetVar(name);
        emit(QStringLiteral("%1 = %2").arg(var, v.flat.isEmpty() ? QStringLiteral("0") : v.flat), a);
        v.flat = var;
    }
    m_env.insert(name, v);
}

void TritonDesugarer::augmented(TSNode a)
{
    const TSNode left = node::field(a, "left");
    const TSNode right = node::field(a, "right");
    if (!node::is(left, "identifier"))
        fail(left, QStringLiteral("assignment target"), QStringLiteral("only plain names are assigned"));
    const QString name = m_src.text(left);
    QString op = QString::fromUtf8(node::operatorOf(a).data(), int(node::operatorOf(a).size()));
    op.chop(1);
    const TritonValue cur = m_env.value(name);
    if (cur.kind == TritonValue::Kind::Pointer && cur.gather) {
        if (op != QLatin1String("+") && op != QLatin1String("-"))
            fail(a, QStringLiteral("pointer update"), QStringLiteral("only `ptr += offset` and `ptr -= offset` are mapped"));
        TritonValue moved = pointerAdd(cur, right, a, op == QLatin1String("-"));
        const QString var = offsetVar(name);
        emit(QStringLiteral("%1 = %2").arg(var, moved.flat), a);
        moved.flat = var;
        m_env.insert(name, moved);
        return;
    }
    if (cur.kind == TritonValue::Kind::Pointer) {
        if (!m_loops.isEmpty() && m_loops.last().advances.contains(name)) {
            m_env[name].poisoned = QStringLiteral("'%1' was advanced earlier in this iteration").arg(name);
            return;
        }
        if (op != QLatin1String("+"))
            fail(a, QStringLiteral("pointer update"), QStringLiteral("only `ptr += offset` is mapped"));
        m_env[name] = pointerAdd(cur, right, a);
        return;
    }
    if (cur.kind == TritonValue::Kind::Invalid)
        fail(a, {}, {});
    if (cur.kind == TritonValue::Kind::Offsets || cur.kind == TritonValue::Kind::Mask) {
        // `offs += BLOCK` where offs is held symbolically (not carried by a
        // loop or branch around it: materializePointers made those tiles).
        bind(name, combine(op, cur, expr(right), left, right, a), a);
        return;
    }
    if (cur.kind != TritonValue::Kind::Scalar && cur.kind != TritonValue::Kind::Tile)
        fail(a, QStringLiteral("augmented assignment"), QStringLiteral("'%1' is not a scalar or a tile").arg(name));
    // acc += tl.dot(a, b) accumulates in the mma itself, as cuTile does.
    const TSNode r = node::unparen(right);
    if (op == QLatin1String("+") && node::is(r, "call")
        && m_imports.languageFunction(m_src, node::field(r, "function")) == QLatin1String("dot")
        && node::isNull(argument(r, 2, "acc"))) {
        const TritonValue x = expr(argument(r, 0, "input"));
        const TritonValue y = expr(argument(r, 1, "other"));
        emit(QStringLiteral("%1 = ct.mma(%2, %3, %1)").arg(local(name), text(x, r), text(y, r)), a);
        return;
    }
    TritonValue rhs = expr(right);
    // A scalar accumulating full reductions (`s = 0.0; s += tl.sum(x)`)
    // stays a scalar: the one-element tile gives its element.
    if (cur.kind == TritonValue::Kind::Scalar && rhs.kind == TritonValue::Kind::Tile && rhs.rank == 0
        && std::all_of(rhs.shape.cbegin(), rhs.shape.cend(), [](const QString &d) { return d == QLatin1String("1"); })) {
        // A float accumulator is fp32 in Triton: the element joins it as one.
        rhs.text = cur.isInt ? QStringLiteral("(%1).item()").arg(rhs.text)
                             : QStringLiteral("ct.astype(%1, ct.float32).item()").arg(rhs.text);
        rhs.kind = TritonValue::Kind::Scalar;
    }
    TritonValue res = cur.kind == TritonValue::Kind::Tile || rhs.kind != TritonValue::Kind::Scalar
        ? tileOp(op, cur, rhs, false)
        : cur;
    emit(QStringLiteral("%1 = %1 %2 %3").arg(local(name), op, text(rhs, right)), a);
    res.text = local(name);
    if (cur.kind == TritonValue::Kind::Tile) {
        res.shape = cur.shape; // a loop-carried tile keeps its shape and type
        res.dtype = cur.dtype;
    }
    m_env.insert(name, res);
}

void TritonDesugarer::forLoop(TSNode f)
{
    const TSNode var = node::field(f, "left");
    const TSNode it = node::field(f, "right");
    if (!node::is(var, "identifier"))
        fail(var, QStringLiteral("loop variable"), QStringLiteral("only one loop variable is mapped"));
    if (!node::isNull(node::field(f, "alternative")))
        fail(f, QStringLiteral("for-else"), QStringLiteral("not mapped"));
    const TSNode callee = node::is(it, "call") ? node::field(it, "function") : TSNode{};
    const QString lf = node::is(callee, "identifier") ? QString() : m_imports.languageFunction(m_src, callee);
    const bool isRange = (node::is(callee, "identifier") && m_src.text(callee) == QLatin1String("range"))
        || lf == QLatin1String("range") || lf == QLatin1String("static_range");
    if (!isRange)
        fail(it, QStringLiteral("loop iterable"), QStringLiteral("only range(), tl.range() and tl.static_range() loops are mapped"));
    QList<TSNode> args;
    for (TSNode a : node::children(node::field(it, "arguments")))
        if (!node::is(a, "keyword_argument"))
            args << a;
    if (args.isEmpty() || args.size() > 3)
        fail(it, QStringLiteral("range"), QStringLiteral("range() takes one to three arguments"));
    QStringList texts;
    QList<TritonValue> bounds;
    for (TSNode a : args) {
        TritonValue v = expr(a);
        // A bound loaded from memory (a one-element tile) counts by its
        // element, narrowed to i32 as cuTile counts loops.
        if (v.kind == TritonValue::Kind::Tile && v.rank == 0 && !v.shape.isEmpty()
            && std::all_of(v.shape.cbegin(), v.shape.cend(), [](const QString &d) { return d == QLatin1String("1"); })) {
            if (v.dtype.startsWith(QLatin1String("ct.float")) || v.dtype == QLatin1String("ct.bool_"))
                fail(a, QStringLiteral("range bound"), QStringLiteral("loop bounds must be integers"));
            v.kind = TritonValue::Kind::Scalar;
            v.text = QStringLiteral("ct.astype(%1, ct.int32).item()").arg(v.text);
            v.isInt = true;
            v.dtype = QStringLiteral("ct.int32");
            v.shape.clear();
            v.quotient.clear();
            v.multipleOf.clear();
        }
        bounds << v;
        if (v.kind != TritonValue::Kind::Scalar)
            fail(a, QStringLiteral("range bound"), QStringLiteral("loop bounds must be scalars"));
        if (node::is(a, "identifier") && m_env.value(m_src.text(a)).text == m_src.text(a))
            m_intParams.insert(m_src.text(a));
        markIntNames(a);
        // cuTile counts loops in i32; Triton's int64 bounds (a widened
        // block number) are narrowed back.
        texts << (v.dtype == QLatin1String("ct.int64") ? QStringLiteral("ct.astype(%1, ct.int32)").arg(v.text) : v.text);
    }
    const QString name = m_src.text(var), loopVar = local(name);
    Loop loop;
    TritonValue lv;
    lv.kind = TritonValue::Kind::Scalar;
    lv.isInt = true;
    QString header;
    const bool negative = texts.size() == 3 && (texts[2].startsWith(QLatin1Char('-')) || texts[2].startsWith(QLatin1String("(-")));
    if (negative) {
        // range(start, stop, -k) with a literal k: the trip number j counts
        // up, the value is start - j * k (no trips where start <= stop).
        bool ok = false;
        const int k = QString(texts[2]).remove(QLatin1Char('(')).remove(QLatin1Char(')')).remove(QLatin1Char(' ')).toInt(&ok);
        if (!ok || k >= 0)
            fail(it, QStringLiteral("range"), QStringLiteral("a negative step is mapped only as an integer literal"));
        const QString step = QString::number(-qint64(k));
        header = step == QLatin1String("1")
            ? QStringLiteral("for %1 in range(%2 - %3):").arg(loopVar, texts[0], texts[1])
            : QStringLiteral("for %1 in range(ct.cdiv(%2 - %3, %4)):").arg(loopVar, texts[0], texts[1], step);
        lv.text = step == QLatin1String("1") ? QStringLiteral("(%1 - %2)").arg(texts[0], loopVar)
                                             : QStringLiteral("(%1 - %2 * %3)").arg(texts[0], loopVar, step);
        loop.iter = loopVar;
    } else if (texts.size() == 3 && texts[2] != QLatin1String("1")) {
        // range(0, n, BLOCK): iterate tile numbers; the element offset is
        // a known multiple of BLOCK, so `off + tl.arange(0, BLOCK)` is a tile index.
        loop.iter = loopVar;
        lv.multipleOf = texts[2];
        if (texts[0] == QLatin1String("0")) {
            header = QStringLiteral("for %1 in range(ct.cdiv(%2, %3)):").arg(loopVar, texts[1], texts[2]);
            lv.text = QStringLiteral("(%1 * %2)").arg(loopVar, texts[2]);
            lv.quotient = loopVar;
        } else {
            // range(start, end, step): the trip number k, the value start + k * step;
            // still a tile walk where start is a known multiple of the step.
            header = QStringLiteral("for %1 in range(ct.cdiv(%2 - %3, %4)):").arg(loopVar, texts[1], texts[0], texts[2]);
            lv.text = QStringLiteral("(%1 + %2 * %3)").arg(texts[0], loopVar, texts[2]);
            if (bounds[0].multipleOf == texts[2] && !bounds[0].quotient.isEmpty())
                lv.quotient = QStringLiteral("(%1 + %2)").arg(bounds[0].quotient, loopVar);
            else
                lv.multipleOf.clear();
        }
    } else {
        header = QStringLiteral("for %1 in range(%2):").arg(loopVar, texts.mid(0, qMin(2, int(texts.size()))).join(QStringLiteral(", ")));
        lv.text = loopVar;
        loop.iter = texts.size() == 1 || texts[0] == QLatin1String("0") ? loopVar : QStringLiteral("(%1 - %2)").arg(loopVar, texts[0]);
    }
    materializePointers(node::field(f, "body"), f);
    emit(header, f);
    const QHash<QString, TritonValue> before = m_env;
    m_env.insert(name, lv);
    prescanAdvances(node::field(f, "body"), loop);
    m_loops << loop;
    ++m_indent;
    const int mark = int(m_lines.size());
    // A loop whose body may return early runs its remaining trips idle.
    const bool guarded = m_inlineDepth == 0 && holdsReturn(node::field(f, "body"));
    if (guarded) {
        emit(QStringLiteral("if %1 == 0:").arg(exitFlag()), f);
        ++m_indent;
    }
    block(node::field(f, "body"));
    if (m_lines.size() == mark + (guarded ? 1 : 0))
        emit(QStringLiteral("pass"), f);
    if (guarded)
        --m_indent;
    --m_indent;
    m_loops.removeLast();
    for (auto i = loop.advances.constBegin(); i != loop.advances.constEnd(); ++i)
        m_env[i.key()].poisoned = QStringLiteral("'%1' is advanced inside the loop at line %2; its position after the loop is not mapped")
                                      .arg(i.key()).arg(m_src.range(f).line);
    Q_UNUSED(before);
}

void TritonDesugarer::prescanAdvances(TSNode body, Loop &loop)
{
    for (TSNode s : node::children(body)) {
        const TSNode e = node::is(s, "expression_statement") ? firstNamed(s) : TSNode{};
        const TSNode left = node::field(e, "left");
        if (!node::is(left, "identifier"))
            continue;
        const QString name = m_src.text(left);
        const TritonValue ptr = m_env.value(name);
        if (ptr.kind != TritonValue::Kind::Pointer || ptr.gather)
            continue;
        const TSNode right = node::unparen(node::field(e, "right"));
        QList<int> steps;
        try {
            if (node::is(e, "augmented_assignment")) {
                steps = advanceSteps(ptr, right, false);
            } else if (node::is(e, "assignment") && node::is(right, "call")
                       && m_imports.languageFunction(m_src, node::field(right, "function")) == QLatin1String("advance")) {
                steps = advanceSteps(ptr, argument(right, 1, "offsets"), true);
            } else if (node::is(e, "assignment") && node::is(right, "binary_operator")
                       && m_src.text(node::field(right, "left")) == name) {
                steps = advanceSteps(ptr, node::field(right, "right"), false);
            } else {
                continue;
            }
        } catch (const Failure &f) {
            if (!ptr.blockPointer && !ptr.array.isEmpty() && !f.construct.isEmpty())
                toGather(ptr.array, f); // an advance no view index follows: the pointer becomes offsets
            const SourceRange r = m_src.range(f.at);
            if (!f.construct.isEmpty())
                m_kernel.unsupported << TritonIssue{r.line, r.col, f.construct, f.reason};
            m_env[name].poisoned = QStringLiteral("its advance could not be mapped");
            continue;
        }
        TritonValue moved = ptr;
        moved.dims = resolveDims(ptr, e);
        moved.blockPointer = true;
        for (int d = 0; d < moved.dims.size(); ++d) {
            const int k = steps.value(d);
            if (k == 0)
                continue;
            const QString step = k == 1 ? loop.iter : QStringLiteral("%1 * %2").arg(loop.iter).arg(k);
            const QString base = moved.dims[d].index;
            moved.dims[d].index = base == QLatin1String("0") ? step : QStringLiteral("%1 + %2").arg(base, step);
        }
        loop.advances.insert(name, steps);
        m_env.insert(name, moved);
    }
}

// A branch's or a while loop's condition as cuTile text: a scalar, or a
// Triton scalar that lives as a one-element tile (a loaded value, a full
// reduction), read as its element.
QString TritonDesugarer::scalarCondition(TSNode c, const QString &what)
{
    const TritonValue v = expr(c);
    if (v.kind == TritonValue::Kind::Tile && v.rank == 0
        && std::all_of(v.shape.cbegin(), v.shape.cend(), [](const QString &d) { return d == QLatin1String("1"); }))
        return QStringLiteral("(%1).item()").arg(v.text);
    if (v.kind != TritonValue::Kind::Scalar)
        fail(c, what, QStringLiteral("a branch needs a scalar condition; use tl.where for tiles"));
    return v.text;
}

// `while cond:` stays a while loop (cuTile's, cutile's `while`): the names
// its body assigns are carried. A pointer the body advances moves by a trip
// counter the loop keeps, as a counted loop's advances move by its index.
void TritonDesugarer::whileLoop(TSNode w)
{
    if (!node::isNull(node::field(w, "alternative")))
        fail(w, QStringLiteral("while-else"), QStringLiteral("not mapped"));
    const TSNode body = node::field(w, "body");
    if (m_inlineDepth == 0 && holdsReturn(body))
        fail(w, QStringLiteral("return in a while loop"), QStringLiteral("an early return inside a while loop is not mapped"));
    materializePointers(body, w);
    int line = 0, col = 0;
    m_src.position(ts_node_start_byte(w), line, col);
    Loop loop;
    loop.iter = QStringLiteral("%1trip_%2").arg(m_prefix).arg(line);
    const QHash<QString, TritonValue> before = m_env;
    prescanAdvances(body, loop);
    const bool counted = !loop.advances.isEmpty();
    // The condition reads the names as they stand before the advances.
    QHash<QString, TritonValue> advanced = m_env;
    m_env = before;
    if (counted)
        emit(QStringLiteral("%1 = 0").arg(loop.iter), w);
    const QString cond = scalarCondition(node::field(w, "condition"), QStringLiteral("while condition"));
    m_env = advanced;
    emit(QStringLiteral("while %1:").arg(cond), w);
    m_loops << loop;
    ++m_indent;
    const int mark = int(m_lines.size());
    block(body);
    if (counted)
        emit(QStringLiteral("%1 = %1 + 1").arg(loop.iter), w);
    if (m_lines.size() == mark)
        emit(QStringLiteral("pass"), w);
    --m_indent;
    m_loops.removeLast();
    for (auto i = loop.advances.constBegin(); i != loop.advances.constEnd(); ++i)
        m_env[i.key()].poisoned = QStringLiteral("'%1' is advanced inside the loop at line %2; its position after the loop is not mapped")
                                      .arg(i.key()).arg(line);
}

void TritonDesugarer::ifChain(TSNode s)
{
    const auto condition = [&](TSNode c) { return scalarCondition(c, QStringLiteral("if condition")); };
    materializePointers(s, s);
    emit(QStringLiteral("if %1:").arg(condition(node::field(s, "condition"))), s);
    const auto body = [&](TSNode b, TSNode at) {
        ++m_indent;
        const int mark = int(m_lines.size());
        block(b);
        if (m_lines.size() == mark)
            emit(QStringLiteral("pass"), at);
        --m_indent;
    };
    body(node::field(s, "consequence"), s);
    for (TSNode alt : node::fieldChildren(s, "alternative")) {
        if (node::is(alt, "elif_clause")) {
            emit(QStringLiteral("elif %1:").arg(condition(node::field(alt, "condition"))), alt);
            body(node::field(alt, "consequence"), alt);
        } else {
            emit(QStringLiteral("else:"), alt);
            body(node::field(alt, "body"), alt);
        }
    }
}

} // namespace tileport::triton
